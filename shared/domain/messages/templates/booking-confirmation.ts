/**
 * The guest's booking confirmation (a website booking, or a stay staff booked for them): the stay, every price
 * line of the quote with the total, what is due and how to pay it (the payment link), until when an unpaid
 * booking is held, and the site's cancellation policy.
 */
import { type MailSite, moment, money } from '../format.js';
import {
  action,
  type Block,
  compose,
  facts,
  heading,
  note,
  paragraph,
  type RenderedMail,
} from '../layout.js';
import { greeting, type PropertyFacts, type StayFacts, stayRows } from './stay.js';

export interface PriceLine {
  label: string;
  amount: number;
}

export interface BookingConfirmation {
  stay: StayFacts;
  property: PropertyFacts;
  /** The quote's lines (tax included as a line) and its total. */
  price: { lines: readonly PriceLine[]; total: number };
  /** What is still due; null when the stay has no invoice (staff settle it with the guest). */
  amountDue: number | null;
  /** The payment link of the booking's invoice; null when nothing is due. */
  paymentUrl: string | null;
  /** An unpaid booking: when its hold runs out (ISO time); null for a confirmed one. */
  holdUntil: string | null;
  /** The site's `cancellationPolicy` text ('' leaves the section out). */
  cancellationPolicy: string;
}

function paymentBlocks(site: MailSite, m: BookingConfirmation & { amountDue: number }): Block[] {
  if (m.amountDue <= 0) return [paragraph('Nothing is due: your booking is paid.')];
  const blocks: Block[] = [];
  blocks.push(
    paragraph(
      m.holdUntil
        ? `Your dates are held for you until ${moment(site, m.holdUntil)}. Pay ${money(site, m.amountDue)} by then to confirm the booking; after that the nights are released.`
        : `${money(site, m.amountDue)} is due. You can pay it online.`,
    ),
  );
  if (m.paymentUrl) blocks.push(action(`Pay ${money(site, m.amountDue)} now`, m.paymentUrl));
  return blocks;
}

/** The stay and its price with what is due, as every confirmation shows them (this one and booking-paid.ts). */
export function stayAndPrice(site: MailSite, m: BookingConfirmation, paid?: number): Block[] {
  return [
    heading('Your stay'),
    facts(stayRows(site, m.stay, m.property)),
    heading('Price'),
    facts([
      ...m.price.lines.map((l) => ({ label: l.label, value: money(site, l.amount) })),
      { label: 'Total', value: money(site, m.price.total), emphasis: true },
      ...(paid === undefined ? [] : [{ label: 'Paid', value: money(site, paid) }]),
      ...(m.amountDue === null
        ? []
        : [{ label: 'Amount due', value: money(site, Math.max(m.amountDue, 0)), emphasis: true }]),
    ]),
    ...(m.amountDue === null ? [] : paymentBlocks(site, { ...m, amountDue: m.amountDue })),
  ];
}

/** The policy section, left out when the site has none. */
export const policyBlocks = (m: Pick<BookingConfirmation, 'cancellationPolicy'>): Block[] =>
  m.cancellationPolicy.trim() ? [note('Cancellation policy', m.cancellationPolicy)] : [];

export const confirmedSubject = (m: Pick<BookingConfirmation, 'property' | 'stay'>) =>
  `Your booking at ${m.property.name} is confirmed (#${m.stay.reservationId})`;

export function bookingConfirmation(site: MailSite, m: BookingConfirmation): RenderedMail {
  const held = m.holdUntil !== null && (m.amountDue ?? 0) > 0;
  const subject = held
    ? `Complete your booking at ${m.property.name} (#${m.stay.reservationId})`
    : confirmedSubject(m);
  return compose(site, subject, [
    paragraph(greeting(m.stay)),
    paragraph(
      held
        ? `thank you for booking with ${site.name}. Your booking is not confirmed until it is paid.`
        : `thank you for booking with ${site.name}. Your booking is confirmed.`,
    ),
    ...stayAndPrice(site, m),
    ...policyBlocks(m),
  ]);
}
