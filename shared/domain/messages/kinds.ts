/**
 * The kinds of message the service mails to people (DESIGN.md "Messages to people", docs/messages.md). A kind
 * is a template (templates/) and what sends it: an announced change (triggers.ts) or a schedule of the
 * adminMessages group. The site's `messagesOff` setting lists the kinds that are not sent (logged `skipped`).
 */
export const MESSAGE_KINDS = [
  'bookingConfirmation',
  'bookingPaid',
  'holdExpired',
  'paymentReceipt',
  'cancellation',
  'preArrival',
  'ownerStatement',
  'applicationDecision',
  'invoiceIssued',
  'lateFeePosted',
  'autopayFailed',
  'autopayOn',
  'rentReminder',
  'overpaymentRefund',
  'passwordReset',
  'passwordChanged',
  'guestClaim',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const isMessageKind = (value: string): value is MessageKind =>
  (MESSAGE_KINDS as readonly string[]).includes(value);
