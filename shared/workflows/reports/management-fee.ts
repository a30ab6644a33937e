/**
 * The month's close of the owner statement (docs/reports.md "Management fee"): each property of a landlord is
 * charged its management fee for the month, once, as an OWNER invoice to the landlord (the spec's invoice type
 * for what the business bills its owner) dated the month's last day, so the fee is a line of that month's
 * statement and the journal holds it. The fee is the property's percent of the income no fee was charged on
 * yet (owner-account.ts `monthFee`: a payment recorded late for a closed month is charged with the next month
 * that has income; a month without income is charged nothing, unless the property's terms set a minimum). Its
 * invoice line says the rule and the base (`10% of income collected 1,450.00`). ONE transaction per property: the invoice (header, line, posting, change) and the month's fee record,
 * put if absent, so two closes at once charge the month once. A month with nothing to charge records a fee
 * of 0 and writes no invoice.
 */

import type { AdminProfile } from '../../data/admins-repo.js';
import {
  type FeeRecord,
  feeRecordPart,
  OWNER_FEE_PUT_LABEL,
  ownerAccountThrough,
} from '../../data/owner-account-repo.js';
import { nextId } from '../../db/counters.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { INVOICE } from '../../domain/money-document/kind.js';
import type { DocumentLine } from '../../domain/money-document/line-items.js';
import type { PropertyRecord } from '../../domain/property.js';
import {
  type FeeTerms,
  feeRowOf,
  feeTermsOf,
  monthFee,
  OWNER_TYPE,
} from '../../domain/reports/owner-account.js';
import { monthRange } from '../../domain/reports/period.js';
import { feeLineDescription } from '../../domain/reports/statement-format.js';
import type { SiteSettings } from '../../domain/settings.js';
import { mapLimited } from '../../jobs/limiter.js';
import { newJournalEntryId } from '../ledger/posting.js';
import { newDocumentParts, newInvoice } from '../money-document/create.js';

/** Who charges the fee: the month's close, not an admin. */
export const FEE_ACTOR: Actor = { actor: 'system:owner-statement', requestId: 'owner-statement' };

/** The parts of a fee invoice to the landlord for the property, dated the month's last day. */
async function feeInvoiceParts(
  landlord: number,
  property: PropertyRecord,
  month: string,
  fee: ReturnType<typeof monthFee>,
  now: Date,
): Promise<{ invoiceId: number; parts: TxPart[] }> {
  const { dateTo } = monthRange(month);
  const lines: DocumentLine[] = [
    {
      description: feeLineDescription({ month, ...fee }),
      amountCents: fee.feeCents,
      quantity: 1,
      taxed: 0,
    },
  ];
  const [invoiceId, entryId] = await Promise.all([nextId('invoice'), newJournalEntryId()]);
  const record = newInvoice({
    invoiceId,
    description: OWNER_TYPE,
    tenantId: null,
    adminId: landlord,
    invoiceDate: dateTo,
    propertyId: property.propertyId,
    dueDate: dateTo,
    now,
  });
  return { invoiceId, parts: newDocumentParts(INVOICE, record, lines, { entryId, by: FEE_ACTOR, now }) };
}

/** Charges one property's fee of the month unless it is charged; the fee record, or undefined when it was. */
async function chargeProperty(
  landlord: number,
  property: PropertyRecord,
  month: string,
  terms: FeeTerms,
  now: Date,
): Promise<FeeRecord | undefined> {
  const rows = await ownerAccountThrough(property.propertyId, month);
  if (feeRowOf(rows, month)) return undefined;
  const fee = monthFee(rows, month, terms);
  const invoice = fee.feeCents > 0 ? await feeInvoiceParts(landlord, property, month, fee, now) : undefined;
  const record: FeeRecord = {
    propertyId: property.propertyId,
    month,
    ...fee,
    invoiceId: invoice?.invoiceId ?? null,
    chargedAt: now.toISOString(),
  };
  try {
    await commit([...(invoice?.parts ?? []), feeRecordPart(record)]);
  } catch (error) {
    // Another close charged the month first: its fee stands, and nothing of this one was written.
    if (error instanceof TransactionFailed && error.conditionFailed(OWNER_FEE_PUT_LABEL)) return undefined;
    throw error;
  }
  return record;
}

/**
 * Closes `month` for the landlord's properties (a few at a time): charges each one's fee not charged yet and
 * answers the fee records written now (none when the month was closed already). Call it once the month is
 * over; the statement of the month then shows the fee.
 */
export async function chargeManagementFees(
  landlord: AdminProfile,
  properties: readonly PropertyRecord[],
  month: string,
  settings: Pick<SiteSettings, 'managementFeePercent'>,
  now: Date,
): Promise<FeeRecord[]> {
  const charged = await mapLimited(properties, (property) =>
    chargeProperty(
      landlord.adminId,
      property,
      month,
      feeTermsOf(property, settings.managementFeePercent),
      now,
    ),
  );
  return charged.filter((f): f is FeeRecord => f !== undefined);
}
