/**
 * The receipt e-mail of the Stripe stand-in. In live mode Stripe e-mails a receipt of a successful payment to
 * the PaymentIntent's `receipt_email` (https://docs.stripe.com/receipts; the payment page's "E-mail for the
 * receipt" sets it through the payment script); for test-mode payments it sends none by itself (a receipt is
 * viewed or sent from the Dashboard). The stand-in sends it anyway, so a developer sees locally what a payer
 * gets: the runtime hands it to the local SES, whose mail page shows it. Its parts follow Stripe's receipt:
 * "Receipt from {business}", the amount paid, the day, the card ("Visa ending in 4242"), the summary (the
 * intent's description) and the receipt number. `receiptMail` is pure; `Receipts` sends them.
 */
import type Stripe from 'stripe';
import { now as clockNow } from '../../shared/clock.js';
import { money } from '../../shared/domain/messages/format.js';
import { escapeHtml } from '../../shared/domain/messages/layout.js';
import { cardWords } from '../../shared/domain/money-document/words.js';
import { siteNameOf } from '../../shared/domain/settings.js';
import { type Mail, sendMail } from '../../shared/mail.js';

/**
 * Currencies Stripe counts in whole units (https://docs.stripe.com/currencies#zero-decimal): their `amount` is
 * not in cents.
 */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** Where the stand-in's receipts come from (Stripe's own sender, `receipts+…@stripe.com`). */
export const RECEIPT_FROM = 'receipts@stripe.local';

/** The `n`th receipt's number, as Stripe's read: `1000-0001`. */
export const receiptNumberOf = (n: number): string =>
  `${1000 + Math.floor(n / 10_000)}-${String(n % 10_000).padStart(4, '0')}`;

export interface ReceiptFacts {
  intent: Stripe.PaymentIntent;
  card: { brand: string; last4: string };
  /** Stripe's receipt number (`charge.receipt_number`): `NNNN-NNNN`. */
  receiptNumber: string;
  /** When the card was charged. */
  paidAt: Date;
  /** The account's public business name, which Stripe writes as the sender (the site's name locally). */
  businessName: string;
}

export function receiptMail({
  intent,
  card,
  receiptNumber,
  paidAt,
  businessName,
}: ReceiptFacts): Mail & { from: string } {
  const currency = intent.currency.toUpperCase();
  const amount = money(
    { currency, locale: 'en-US' },
    ZERO_DECIMAL.has(intent.currency) ? intent.amount_received : intent.amount_received / 100,
  );
  const paidOn = paidAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const rows: [string, string][] = [
    ['Amount paid', amount],
    ['Date paid', paidOn],
    ['Payment method', cardWords(card.brand, card.last4)],
    ['Summary', `${intent.description ?? 'Payment'}: ${amount}`],
    ['Receipt number', receiptNumber],
  ];
  const subject = `Your receipt from ${businessName} #${receiptNumber}`;
  const text = [
    `Receipt from ${businessName}`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Sent by the local Stripe stand-in, as Stripe e-mails a receipt to the payment’s receipt_email.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font:16px/1.5 system-ui,sans-serif;color:#1b1f24">
<h1 style="font-size:20px">Receipt from ${escapeHtml(businessName)}</h1>
<table role="presentation">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="color:#57606a;padding:2px 16px 2px 0">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<p style="color:#57606a;font-size:13px">Sent by the local Stripe stand-in, as Stripe e-mails a receipt to the payment’s receipt_email.</p>
</body></html>`;
  return { from: RECEIPT_FROM, to: intent.receipt_email ?? '', subject, text, html };
}

/**
 * Sends each paid intent's receipt, when it has a `receipt_email`, through the runtime's SES (the local one),
 * from the site's name as Stripe writes the business's; a failed send fails no payment.
 */
export class Receipts {
  private sent = 0;

  async send(intent: Stripe.PaymentIntent, card: ReceiptFacts['card'] | null | undefined): Promise<void> {
    if (!intent.receipt_email || !card) return;
    this.sent += 1;
    const facts = { intent, card, receiptNumber: receiptNumberOf(this.sent), paidAt: clockNow() };
    try {
      // Imported here: the table client reads TABLE_NAME when it loads, which the runtime sets only as it starts.
      const { getSettings } = await import('../../shared/data/settings-repo.js');
      await sendMail(receiptMail({ ...facts, businessName: siteNameOf(await getSettings()) }));
    } catch (error) {
      console.warn(`The Stripe stand-in sent no receipt of ${intent.id}: ${(error as Error).message}`);
    }
  }
}
