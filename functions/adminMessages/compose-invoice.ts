/**
 * A tenant's invoice mails of the rent cycle (invoice issued, late fee posted, autopay failed, the reminder), from the announced invoice (the
 * event's `data`, the admin single view) and its tenant, property and payment link: the tenant, the property,
 * the header and the link's token (made now when the invoice has none yet): 4 reads.
 */
import { readDocument, readHeader } from '../../shared/data/money-documents-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { autopayFailed } from '../../shared/domain/messages/templates/autopay-failed.js';
import { invoiceIssued } from '../../shared/domain/messages/templates/invoice-issued.js';
import { INVOICE, INVOICE_STATUS } from '../../shared/domain/money-document/kind.js';
import { documentView } from '../../shared/domain/money-document/view.js';
import { invoiceTitle } from '../../shared/domain/money-document/words.js';
import { staffPaymentUrl } from '../../shared/workflows/money-document/pay-link.js';
import type { Composed, MailContext } from './compose-types.js';

interface AnnouncedLine {
  description: string;
  lineTotal: number;
}

const KINDS = { RENT: 'rent', DEPOSIT: 'deposit', ADJUSTMENT: 'lateFee' } as const;

/** The tenant, the property's name and the payment link of an announced tenant invoice; undefined without an address. */
async function invoiceFacts(invoice: Readonly<Record<string, unknown>>, ctx: MailContext) {
  if (typeof invoice.tenantId !== 'number') return undefined;
  const invoiceId = Number(invoice.invoiceId);
  const [tenant, property, header] = await Promise.all([
    getTenant(invoice.tenantId),
    typeof invoice.propertyId === 'number' ? getProperty(invoice.propertyId) : undefined,
    readHeader('invoice', invoiceId),
  ]);
  if (!tenant?.tenantEmail || !header) return undefined;
  return {
    invoiceId,
    title: invoiceTitle(header.record),
    tenant,
    propertyName: property?.record.propertyName ?? null,
    paymentUrl: await staffPaymentUrl(header.record, ctx.now),
  };
}

export async function invoiceMailOf(
  invoice: Readonly<Record<string, unknown>>,
  ctx: MailContext,
): Promise<Composed | undefined> {
  const kind = KINDS[String(invoice.description) as keyof typeof KINDS];
  const known = kind ? await invoiceFacts(invoice, ctx) : undefined;
  if (!kind || !known) return undefined;
  const mail = invoiceIssued(ctx.site, {
    firstName: known.tenant.tenantFirstName,
    invoiceId: known.invoiceId,
    title: known.title,
    kind,
    propertyName: known.propertyName,
    lines: ((invoice.lineItems ?? []) as AnnouncedLine[]).map((l) => ({
      label: l.description,
      amount: l.lineTotal,
    })),
    total: Number(invoice.totalComputed),
    amountDue: Number(invoice.amountDue),
    dueDate: String(invoice.dueDate),
    paymentUrl: known.paymentUrl,
  });
  return { to: known.tenant.tenantEmail, recordType: 'invoice', recordId: String(known.invoiceId), mail };
}

/** The tenant's mail of a failed autopay charge (`payment.failed`: the invoice, and why). */
export async function autopayFailedOf(
  invoice: Readonly<Record<string, unknown>>,
  ctx: MailContext,
  reason: string,
): Promise<Composed | undefined> {
  const known = await invoiceFacts(invoice, ctx);
  if (!known) return undefined;
  const mail = autopayFailed(ctx.site, {
    firstName: known.tenant.tenantFirstName,
    invoiceId: known.invoiceId,
    title: known.title,
    propertyName: known.propertyName,
    amountDue: Number(invoice.amountDue),
    dueDate: String(invoice.dueDate),
    reason,
    paymentUrl: known.paymentUrl,
  });
  return { to: known.tenant.tenantEmail, recordType: 'invoice', recordId: String(known.invoiceId), mail };
}

/** The reminder of an open RENT invoice before its due date; undefined once it is paid, closed or not due. */
export async function rentReminderOf(invoiceId: number, ctx: MailContext): Promise<Composed | undefined> {
  const doc = await readDocument('invoice', invoiceId);
  if (!doc || doc.record.status !== INVOICE_STATUS.unpaid) return undefined;
  // The invoice as its admin GET (and its invoice.created) shows it: the composers read that shape.
  const view: Readonly<Record<string, unknown>> = documentView(INVOICE, doc.record, doc.lines);
  if (Number(view.amountDue) <= 0) return undefined;
  const known = await invoiceFacts(view, ctx);
  if (!known) return undefined;
  const mail = invoiceIssued(ctx.site, {
    firstName: known.tenant.tenantFirstName,
    invoiceId,
    title: known.title,
    kind: 'reminder',
    propertyName: known.propertyName,
    lines: ((view.lineItems ?? []) as AnnouncedLine[]).map((l) => ({
      label: l.description,
      amount: l.lineTotal,
    })),
    total: Number(view.totalComputed),
    amountDue: Number(view.amountDue),
    dueDate: String(view.dueDate),
    paymentUrl: known.paymentUrl,
  });
  return { to: known.tenant.tenantEmail, recordType: 'invoice', recordId: String(invoiceId), mail };
}
