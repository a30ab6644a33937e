/**
 * What autopay will and will not charge of a tenant's open invoices, as the tenant portal answers it and the
 * "autopay is on" mail says it (docs/tenant-portal.md "What autopay charges"; the rule is
 * shared/domain/autopay.ts autopayReach): the rent it will charge on its due date, and the invoices it leaves,
 * each with its payment link (made now when the invoice has none, as staff's single invoice does).
 */

import { awaitingAutopay } from '../../data/late-fee-watch-repo.js';
import { documentsIn } from '../../data/money-documents-repo.js';
import { autopayReach, rentInvoiceIdsOf } from '../../domain/autopay.js';
import { toAmount } from '../../domain/money.js';
import { amountDueCents } from '../../domain/money-document/figures.js';
import type { InvoiceRecord } from '../../domain/money-document/record.js';
import { invoiceTitle } from '../../domain/money-document/words.js';
import type { TenantRecord } from '../../domain/tenant.js';
import { staffPaymentUrl } from '../money-document/pay-link.js';

export interface ReachLine {
  invoiceId: number;
  /** The invoice in words: `Rent for December 2026`, `Late fee for November 2026`. */
  title: string;
  dueDate: string;
  amountDue: number;
}

export interface AutopayReach {
  willCharge: ReachLine[];
  willNotCharge: (ReachLine & { paymentUrl: string | null })[];
}

const lineOf = (i: InvoiceRecord): ReachLine => ({
  invoiceId: i.invoiceId,
  title: invoiceTitle(i),
  dueDate: i.dueDate,
  amountDue: toAmount(amountDueCents(i)),
});

const byDueDate = (a: InvoiceRecord, b: InvoiceRecord) =>
  a.dueDate.localeCompare(b.dueDate) || a.invoiceId - b.invoiceId;

/** I3: the tenant's own invoices, and the watches of their open rent (L8, one BatchGetItem) while autopay is on. */
export async function autopayReachOf(
  tenant: Pick<TenantRecord, 'tenantId' | 'autopay'>,
  now: Date,
): Promise<AutopayReach> {
  const invoices = (await documentsIn('invoice', 'tenant', tenant.tenantId, {}))
    .filter((i) => i.tenantId === tenant.tenantId)
    .sort(byDueDate);
  const enabled = Boolean(tenant.autopay);
  const awaiting = enabled ? await awaitingAutopay(rentInvoiceIdsOf(invoices)) : new Set<number>();
  const reach = autopayReach(invoices, enabled, awaiting);
  return {
    willCharge: reach.willCharge.map(lineOf),
    willNotCharge: await Promise.all(
      reach.willNotCharge.map(async (i) => ({ ...lineOf(i), paymentUrl: await staffPaymentUrl(i, now) })),
    ),
  };
}
