/**
 * The payment script (spec "Integration scripts"; DESIGN.md "Payment CSRF token", "Stripe"; docs/payments.md):
 * the CSRF token and the card PaymentIntent of an invoice. The Stripe webhook is its own group
 * (functions/paymentWebhook): it has its own Lambda Function URL in the cloud.
 */
import * as v from 'valibot';
import { defineRoute } from '../../shared/http/route.js';
import { intLike, text } from '../../shared/http/schemas.js';
import { paidForSchema } from './schemas.js';

const group = 'payments';
const tags = ['Card payments'];

export const paymentCsrf = defineRoute({
  id: 'payment.csrf',
  group,
  tags,
  method: 'GET',
  path: '/API/payment-csrf.php',
  summary: 'A payment CSRF token, with its cookie (double submit)',
  description:
    'Sets the `pm_payment_csrf` cookie (HttpOnly, 2 hours) and answers the token bound to it (HMAC of the cookie value). The payment script sends the token back as `payment_csrf` in the body (or the `X-CSRF-Token` header) with the cookie.',
  auth: { kind: 'public' },
  beyondSpec:
    'DESIGN.md "Payment CSRF token": the spec requires payment_csrf on payment-create-intent.php but names no way to obtain it.',
  response: v.object({ payment_csrf: v.string() }),
});

/** Billing fields: accepted as the payment page sends them; the card's billing details go to Stripe from the page. */
const billing = (max: number) => v.optional(text(max));

export const createIntentBody = v.strictObject({
  invoiceId: intLike(1),
  tenantId: v.optional(intLike(1)),
  /** The payment link's token (`paymentUrl` carries it): without the invoice's tenant session, it is required. */
  token: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(128, 'is not a payment link token'),
      v.description(
        "The payment link's token (the `token` of the booking's or the invoice's `paymentUrl`); not needed with the invoice's tenant session.",
      ),
    ),
  ),
  fname: billing(100),
  lname: billing(100),
  email: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.trim(), v.email('must be an e-mail address'), v.maxLength(254)),
    ]),
  ),
  address: billing(200),
  city: billing(100),
  state: billing(100),
  country: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code')),
    'US',
  ),
  /** The amount the page shows, checked against the amount due (a stale page is refused). */
  amnt: v.optional(v.union([v.string(), v.number()])),
  /**
   * The CSRF token, when the page sends it in the body rather than as X-CSRF-Token. The pipeline reads and
   * removes it before this schema runs (shared/http/create-handler.ts): listed here so the docs show it.
   */
  payment_csrf: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'The token of GET /API/payment-csrf.php, when not sent in the X-CSRF-Token header; its cookie must come too.',
      ),
    ),
  ),
});

export const createIntent = defineRoute({
  id: 'payment.createIntent',
  group,
  tags,
  method: 'POST',
  path: '/API/payment-create-intent.php',
  summary: 'Create the card PaymentIntent of an invoice’s amount due',
  description:
    "Acts only for the invoice's tenant session or with the invoice's payment-link `token` (DESIGN.md \"The payment link\"); any other caller gets the 400 \"no such invoice\", whatever the invoice's state. The PaymentIntent is for the amount due (total less net paid) in the site currency (`paymentCurrency`), with metadata invoiceId; the invoice's one open intent is answered again (its receipt e-mail updated), a new one made only when there is none (one card payment per invoice at a time: an open one of another amount is cancelled first). `amnt`, when sent, must equal the amount due. A paid invoice's used payment link (or the tenant's session) gets the 400 with `paidOn`, the day it was paid. The answer also says what the payment pays (`invoice`: the invoice in words, its property, a booking's stay or the rent's month, its lines, tax, total, paid so far, amount due and due date), which a page opened from a payment link shows. Honours `Idempotency-Key`.",
  auth: { kind: 'csrf', tenantSession: 'optional' },
  body: createIntentBody,
  idempotency: true,
  rateLimits: [
    {
      scope: 'payment-intent',
      limit: 30,
      windowSeconds: 3600,
      key: 'ip',
      detail: 'Too many payment attempts from this address; please try again later',
    },
  ],
  response: v.object({
    clientSecret: v.string(),
    paymentIntentId: v.string(),
    amount: v.number(),
    currency: v.string(),
    /** What the payment pays: the payer's page shows it (functions/payments/paid-for.ts). */
    invoice: paidForSchema,
  }),
  errors: {
    400: 'invalid invoice: missing, not the tenant’s, cancelled, paid (with `paidOn` for its payer), nothing due, or `amnt` not the amount due',
    409: 'the first request with this Idempotency-Key still runs; a card payment of the invoice has gone through and is being recorded; or payments of it are being started at the same moment',
    403: 'invalid CSRF token',
    502: 'the card processor refused or could not be reached',
    503: 'card payments are not configured (STRIPE_SECRET_KEY)',
  },
});

export const routes = [paymentCsrf, createIntent];
