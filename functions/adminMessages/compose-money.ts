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
import type { PaymentMethod } from '../../shared/domain/ledger/payment.js';
import { ownerStatementMail } from '../../shared/domain/messages/templates/owner-statement.js';
import { paymentReceipt } from '../../shared/domain/messages/templates/payment-receipt.js';
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
