/**
 * Which announced change mails which kind (docs/messages.md "Adding a kind"): one line per kind, the event and
 * which of its records qualify. The message job reads every announced change from the outbox and mails each
 * kind whose line matches, once per change. Kinds sent by a schedule (pre-arrival, the owner statement) have
 * no line here: their jobs find what is due.
 */
import type { WebhookEvent } from '../webhooks/events.js';
import type { MessageKind } from './kinds.js';

type AnnouncedRecord = Readonly<Record<string, unknown>>;

export interface MessageTrigger {
  event: WebhookEvent;
  kind: MessageKind;
  /** Whether the announced record (the event's `data`) is one this kind mails about. */
  when: (record: AnnouncedRecord) => boolean;
}

/**
 * A stay the guest booked with us (the website, or staff for them) with an address to write to. A channel's
 * or an iCal calendar's guest booked elsewhere: that site writes to them, we never do.
 */
export const bookedWithUs = (r: AnnouncedRecord): boolean =>
  (r.source === 'website' || r.source === 'admin') &&
  r.adminBlock !== 1 &&
  typeof r.email === 'string' &&
  r.email.trim() !== '';

/** A stay that is confirmed, or held for its payment: what a confirmation confirms (not a pending request). */
const confirmedOrHeld = (r: AnnouncedRecord): boolean =>
  r.status === '1' || (r.status === '0' && typeof r.holdUntil === 'string');

/** A payment (not a refund) on an invoice. */
const invoicePayment = (r: AnnouncedRecord): boolean =>
  r.documentType === 'invoice' && typeof r.amount === 'number' && r.amount > 0;

/** An invoice to a tenant that is open now (not a draft, not paid already). */
const openTenantInvoice = (r: AnnouncedRecord): boolean => typeof r.tenantId === 'number' && r.status === 0;

export const MESSAGE_TRIGGERS: readonly MessageTrigger[] = [
  {
    event: 'reservation.created',
    kind: 'bookingConfirmation',
    when: (r) => bookedWithUs(r) && confirmedOrHeld(r),
  },
  { event: 'reservation.expired', kind: 'holdExpired', when: bookedWithUs },
  { event: 'reservation.cancelled', kind: 'cancellation', when: bookedWithUs },
  // A payment that pays a booking's invoice in full is mailed as the booking confirmed, with its receipt, instead
  // of a plain receipt: both kinds start here, and their composers look at the invoice (a booking's, its stay
  // confirmed) so that exactly one of them mails (functions/adminMessages/compose-booking-paid.ts).
  { event: 'payment.succeeded', kind: 'paymentReceipt', when: invoicePayment },
  { event: 'payment.succeeded', kind: 'bookingPaid', when: (r) => invoicePayment(r) && r.status === 1 },
  {
    event: 'application.decided',
    kind: 'applicationDecision',
    when: (r) => typeof r.tenantEmail === 'string' && r.tenantEmail.trim() !== '',
  },
  {
    event: 'invoice.created',
    kind: 'invoiceIssued',
    when: (r) => openTenantInvoice(r) && (r.description === 'RENT' || r.description === 'DEPOSIT'),
  },
  {
    event: 'invoice.created',
    kind: 'lateFeePosted',
    when: (r) => openTenantInvoice(r) && r.description === 'ADJUSTMENT' && typeof r.leaseId === 'number',
  },
  { event: 'payment.failed', kind: 'autopayFailed', when: (r) => typeof r.tenantId === 'number' },
];

/**
 * A change that announces no webhook event and still mails someone, by its record type and action: autopay
 * turned on (the tenant is told what it will and will not charge), a card payment's excess refunded (the payer is
 * told what was applied and what went back), and the account's mailed links (a password reset asked for, the
 * password changed by one, a guest record's bookings found for the account: docs/tenants.md). Its composer reads
 * the record itself.
 */
export interface ActionTrigger {
  recordType: string;
  action: string;
  kind: MessageKind;
}

export const ACTION_TRIGGERS: readonly ActionTrigger[] = [
  { recordType: 'tenant', action: 'autopayOn', kind: 'autopayOn' },
  { recordType: 'invoice', action: 'overpaymentRefunded', kind: 'overpaymentRefund' },
  { recordType: 'tenant', action: 'passwordResetRequested', kind: 'passwordReset' },
  { recordType: 'tenant', action: 'passwordReset', kind: 'passwordChanged' },
  { recordType: 'tenant', action: 'guestClaimOffered', kind: 'guestClaim' },
];

/** The kinds a change mails by its record type and action. */
export function kindsForAction(recordType: unknown, action: unknown): MessageKind[] {
  return ACTION_TRIGGERS.filter((t) => t.recordType === recordType && t.action === action).map((t) => t.kind);
}

/** The kinds an announced change mails. */
export function kindsFor(event: string | undefined, record: AnnouncedRecord | undefined): MessageKind[] {
  if (!event || !record) return [];
  return MESSAGE_TRIGGERS.filter((t) => t.event === event && t.when(record)).map((t) => t.kind);
}
