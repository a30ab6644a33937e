/**
 * The guest's "your booking is confirmed" when the payment of a held booking came in (by card, or recorded by
 * staff): one mail with the stay, the payment's receipt and the price, nothing left to pay, and the site's
 * cancellation policy. It stands in for the payment's plain receipt (docs/messages.md "A booking paid").
 */
import { day, type MailSite, money } from '../format.js';
import { compose, facts, heading, paragraph, type RenderedMail } from '../layout.js';
import {
  type BookingConfirmation,
  confirmedSubject,
  policyBlocks,
  stayAndPrice,
} from './booking-confirmation.js';
import { type PaymentReceipt, paymentRows } from './payment-receipt.js';
import { greeting } from './stay.js';

export interface BookingPaid extends Omit<BookingConfirmation, 'amountDue' | 'paymentUrl' | 'holdUntil'> {
  /** The payment that paid the booking in full. */
  payment: PaymentReceipt['payment'];
  /** What the booking's invoice has been paid in all. */
  paid: number;
}

export function bookingPaid(site: MailSite, m: BookingPaid): RenderedMail {
  const confirmation: BookingConfirmation = { ...m, amountDue: 0, paymentUrl: null, holdUntil: null };
  return compose(site, confirmedSubject(m), [
    paragraph(greeting(m.stay)),
    paragraph(
      `thank you: we received your payment of ${money(site, m.payment.amount)} on ${day(site, m.payment.date)}. Your booking is confirmed.`,
    ),
    ...stayAndPrice(site, confirmation, m.paid),
    heading('Receipt'),
    facts(paymentRows(site, m.payment)),
    ...policyBlocks(m),
  ]);
}
