/**
 * A tenant's invoice mails of the rent cycle (invoice issued, late fee posted), from the announced invoice (the
 * event's `data`, the admin single view) and its tenant, property and payment link: the tenant, the property,
 * the header and the link's token (made now when the invoice has none yet): 4 reads.
 */
import { readHeader } from '../../shared/data/money-documents-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { invoiceIssued } from '../../shared/domain/messages/templates/invoice-issued.js';
import { staffPaymentUrl } from '../../shared/workflows/money-document/pay-link.js';
import type { Composed, MailContext } from './compose-types.js';

interface AnnouncedLine {
  description: string;
  lineTotal: number;
}

const KINDS = { RENT: 'rent', DEPOSIT: 'deposit', ADJUSTMENT: 'lateFee' } as const;

export async function invoiceMailOf(
  invoice: Readonly<Record<string, unknown>>,
  ctx: MailContext,
): Promise<Composed | undefined> {
  const kind = KINDS[String(invoice.description) as keyof typeof KINDS];
  if (!kind || typeof invoice.tenantId !== 'number') return undefined;
  const invoiceId = Number(invoice.invoiceId);
  const [tenant, property, header] = await Promise.all([
    getTenant(invoice.tenantId),
    typeof invoice.propertyId === 'number' ? getProperty(invoice.propertyId) : undefined,
    readHeader('invoice', invoiceId),
  ]);
  if (!tenant?.tenantEmail || !header) return undefined;
  const mail = invoiceIssued(ctx.site, {
    firstName: tenant.tenantFirstName,
    invoiceId,
    kind,
    propertyName: property?.record.propertyName ?? null,
    lines: ((invoice.lineItems ?? []) as AnnouncedLine[]).map((l) => ({
      label: l.description,
      amount: l.lineTotal,
    })),
    total: Number(invoice.totalComputed),
    amountDue: Number(invoice.amountDue),
    dueDate: String(invoice.dueDate),
    paymentUrl: await staffPaymentUrl(header.record, ctx.now),
  });
  return { to: tenant.tenantEmail, recordType: 'invoice', recordId: String(invoiceId), mail };
}
