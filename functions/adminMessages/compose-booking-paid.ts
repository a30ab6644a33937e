/**
 * A payment that pays a booking's invoice in full (docs/messages.md "A booking paid"): the guest gets one mail,
 * "your booking is confirmed", with the stay, the payment's receipt and the price, instead of a plain receipt.
 * Both kinds are started by the payment's change; bookingPaidStay decides for both, from the invoice (a
 * booking's: it names its reservation) and the stay as it is now (confirmed, as the payment's own transaction
 * left a hold it paid). Reads: the invoice with its lines, the reservation, the property: 3.
 */
import { readDocument } from '../../shared/data/money-documents-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getReservation } from '../../shared/data/reservations-repo.js';
import { RESERVATION_STATUS, type ReservationRecord } from '../../shared/domain/booking/reservation.js';
import type { PaymentMethod } from '../../shared/domain/ledger/payment.js';
import { bookingPaid } from '../../shared/domain/messages/templates/booking-paid.js';
import { toAmount } from '../../shared/domain/money.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import { stayFacts, stayOfRecord } from './compose-stay.js';
import type { Composed, MailContext } from './compose-types.js';

type AnnouncedPayment = Readonly<Record<string, unknown>>;

/**
 * The confirmed stay whose invoice this payment paid in full, or undefined (a part payment, an invoice that is
 * no booking's, a stay that is not confirmed): then the payment's plain receipt is the mail.
 */
export async function bookingPaidStay(
  payment: AnnouncedPayment,
  invoice: Pick<InvoiceRecord, 'reservationId'>,
): Promise<ReservationRecord | undefined> {
  if (payment.status !== 1 || Number(payment.amountDue) !== 0 || invoice.reservationId === null)
    return undefined;
  const stay = (await getReservation(invoice.reservationId))?.record;
  return stay?.status === RESERVATION_STATUS.confirmed ? stay : undefined;
}

export async function bookingPaidOf(
  payment: AnnouncedPayment,
  ctx: MailContext,
): Promise<Composed | undefined> {
  const invoice = await readDocument('invoice', Number(payment.documentId));
  const record = invoice?.record;
  const stay = record ? await bookingPaidStay(payment, record) : undefined;
  const property = stay ? (await getProperty(stay.propertyId))?.record : undefined;
  if (!invoice || !stay || !property || !stay.email?.trim()) return undefined;
  const announced = stayOfRecord(stay);
  const mail = bookingPaid(ctx.site, {
    stay: stayFacts(announced),
    property: {
      name: property.propertyName,
      address: property.propertyAddress,
      location: property.propertyLocation,
    },
    price: {
      lines: [
        ...invoice.lines.map((l) => ({ label: l.description, amount: toAmount(l.amountCents * l.quantity) })),
        ...(invoice.record.taxCents !== 0
          ? [{ label: 'Tax', amount: toAmount(invoice.record.taxCents) }]
          : []),
      ],
      total: toAmount(invoice.record.totalCents),
    },
    paid: Number(payment.paidComputed),
    payment: {
      paymentId: Number(payment.paymentId),
      amount: Number(payment.amount),
      method: payment.method as PaymentMethod,
      date: String(payment.date),
      reference: typeof payment.reference === 'string' && payment.reference !== '' ? payment.reference : null,
    },
    cancellationPolicy: ctx.settings.cancellationPolicy,
  });
  return { to: stay.email, recordType: 'reservation', recordId: String(stay.reservationId), mail };
}
