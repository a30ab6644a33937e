/**
 * The money mails: a payment's receipt, composed from the announced payment (its `data`) and its invoice's
 * header and tenant (2 reads, 3 with the property's name; a booking's invoice paid in full reads its stay too,
 * and is mailed as the booking confirmed instead, compose-booking-paid.ts); a landlord's monthly owner
 * statement with its PDF, from the landlord's profile, properties and their month's journals (the statement's
 * own reads).
 */
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { readHeader } from '../../shared/data/money-documents-repo.js';
import { getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import type { Change } from '../../shared/domain/change.js';
import { dayOfMoment } from '../../shared/domain/dates.js';
import type { PaymentMethod } from '../../shared/domain/ledger/payment.js';
import { overpaymentRefund } from '../../shared/domain/messages/templates/overpayment-refund.js';
import { ownerStatementMail } from '../../shared/domain/messages/templates/owner-statement.js';
import { paymentReceipt } from '../../shared/domain/messages/templates/payment-receipt.js';
import { toAmount } from '../../shared/domain/money.js';
import { amountDueCents } from '../../shared/domain/money-document/figures.js';
import { invoiceTitle } from '../../shared/domain/money-document/words.js';
import { statementOfProperties, statementPdf } from '../../shared/workflows/reports/owner-statement.js';
import { bookingPaidStay } from './compose-booking-paid.js';
import type { Composed, MailContext } from './compose-types.js';

export async function receiptOf(
  payment: Readonly<Record<string, unknown>>,
  ctx: MailContext,
): Promise<Composed | undefined> {
  const header = await readHeader('invoice', Number(payment.documentId));
  const invoice = header?.record;
  if (!invoice || invoice.tenantId === null) return undefined;
  // The payment that paid a booking in full: its receipt is in the booking's confirmation (bookingPaid).
  if (await bookingPaidStay(payment, invoice)) return undefined;
  const [tenant, property] = await Promise.all([
    getTenant(invoice.tenantId),
    invoice.propertyId === null ? undefined : getProperty(invoice.propertyId),
  ]);
  if (!tenant?.tenantEmail) return undefined;
  const mail = paymentReceipt(ctx.site, {
    payerName: tenant.tenantFirstName,
    payment: {
      paymentId: Number(payment.paymentId),
      amount: Number(payment.amount),
      method: payment.method as PaymentMethod,
      date: String(payment.date),
      reference: typeof payment.reference === 'string' && payment.reference !== '' ? payment.reference : null,
    },
    invoice: {
      invoiceId: invoice.invoiceId,
      description: invoiceTitle(invoice),
      total: Number(payment.totalComputed),
      paid: Number(payment.paidComputed),
    },
    amountDue: Number(payment.amountDue),
    propertyName: property?.record.propertyName ?? null,
  });
  return { to: tenant.tenantEmail, recordType: 'payment', recordId: String(payment.paymentId), mail };
}

/** The new value of a numeric field of a change (its `after`), in cents; 0 when absent. */
const centsOf = (change: Change, field: string): number => {
  const value = change.fields.find((f) => f.field === field)?.new;
  return typeof value === 'number' ? value : 0;
};

/**
 * The payer's mail of a card payment's excess refunded (the change `overpaymentRefunded`, docs/payments.md "A
 * payment beyond the amount due"): to the invoice's tenant, as the receipt goes, with what the card paid, what
 * the invoice took and what went back; the invoice as it is now says what is still due.
 */
export async function overpaymentRefundOf(change: Change, ctx: MailContext): Promise<Composed | undefined> {
  const invoice = (await readHeader('invoice', Number(change.recordId)))?.record;
  if (!invoice || invoice.tenantId === null) return undefined;
  const tenant = await getTenant(invoice.tenantId);
  if (!tenant?.tenantEmail) return undefined;
  const mail = overpaymentRefund(ctx.site, {
    payerName: tenant.tenantFirstName,
    date: dayOfMoment(ctx.settings.systemTimeZone, change.at),
    received: toAmount(centsOf(change, 'receivedCents')),
    applied: toAmount(centsOf(change, 'settledCents')),
    refunded: toAmount(centsOf(change, 'refundedCents')),
    invoice: { invoiceId: invoice.invoiceId, description: invoiceTitle(invoice) },
    amountDue: toAmount(amountDueCents(invoice)),
  });
  return { to: tenant.tenantEmail, recordType: 'invoice', recordId: String(invoice.invoiceId), mail };
}

/**
 * The landlord's statement of `month`, attached as its PDF; undefined for a landlord with no address or no
 * properties (nothing to mail).
 */
export async function statementMailOf(
  landlord: number,
  month: string,
  ctx: MailContext,
): Promise<Composed | undefined> {
  const [profile, properties] = await Promise.all([
    getAdminProfile(landlord),
    propertiesOfLandlord(landlord),
  ]);
  const to = profile?.adminEmail?.trim();
  if (!profile || !to || properties.length === 0) return undefined;
  const statement = await statementOfProperties(month, profile, properties, {
    now: ctx.now,
    settings: ctx.settings,
  });
  const pdf = await statementPdf(statement, ctx.settings);
  return {
    to,
    recordType: 'landlord',
    recordId: String(landlord),
    mail: ownerStatementMail(ctx.site, statement),
    attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }],
  };
}
