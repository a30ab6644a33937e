/**
 * What a card payment pays, for the payer's page (the payment script's answer, `invoice`): the invoice in words,
 * its property, the stay (a booking's) or the month (the rent cycle's), its lines, the tax and the money so far,
 * and its due date. A page opened from a payment link has nothing else to go on. Only its payer gets it: the
 * script answers it after the caller check. Three reads: the invoice's lines, its property, its reservation.
 */
import { readDocument } from '../../shared/data/money-documents-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getReservation } from '../../shared/data/reservations-repo.js';
import { toAmount } from '../../shared/domain/money.js';
import { amountDueCents } from '../../shared/domain/money-document/figures.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import { lineViews } from '../../shared/domain/money-document/view.js';
import { invoiceTitle } from '../../shared/domain/money-document/words.js';
import type { PaidFor } from './schemas.js';

export async function paidFor(invoice: InvoiceRecord): Promise<PaidFor> {
  const [document, property, reservation] = await Promise.all([
    readDocument('invoice', invoice.invoiceId),
    invoice.propertyId === null ? undefined : getProperty(invoice.propertyId),
    invoice.reservationId === null ? undefined : getReservation(invoice.reservationId),
  ]);
  const stay = reservation?.record;
  return {
    invoiceId: invoice.invoiceId,
    title: invoiceTitle(invoice),
    propertyName: property?.record.propertyName ?? null,
    stay: stay ? { dateFrom: stay.dateFrom, dateTo: stay.dateTo } : null,
    period: invoice.period ?? null,
    dueDate: invoice.dueDate,
    lineItems: lineViews(document?.lines ?? []).map((line) => ({
      description: line.description,
      lineTotal: line.lineTotal,
    })),
    taxComputed: toAmount(invoice.taxCents),
    totalComputed: toAmount(invoice.totalCents),
    paidComputed: toAmount(invoice.paidCents ?? 0),
    amountDue: toAmount(amountDueCents(invoice)),
  };
}
