/**
 * The local runtime's Stripe stand-in (docs/payments.md "Locally and in tests", docs/local-runtime.md): enough
 * of Stripe for the real `stripe` SDK pointed at it with `STRIPE_API_URL`, so card payments run end to end on a
 * laptop and in tests with no Stripe account. Each rule cites Stripe's documentation where it lives.
 * - Answers are the SDK's full objects (stripe-objects.ts); errors Stripe's error object with `code`, `param`
 *   and `doc_url`; unknown parameters refused (stripe-parameters.ts); a key on every request (stripe-keys.ts).
 * - Every POST under Stripe's Idempotency-Key rule (stripe-idempotency.ts).
 * - PaymentIntents (stripe-intents.ts, stripe-intent-rules.ts): create (above the currency's minimum;
 *   `confirm=true` with a saved method charges at once), `GET`, update while unpaid, `/confirm` with a test card
 *   (a `return_url` while automatic payment methods may redirect; a decline detaches the card), `/cancel`;
 *   refunds (stripe-refunds.ts). Each confirmation, cancellation and refund sends its signed event
 *   (stripe-deliveries.ts) before it answers, so whoever confirmed sees the invoice paid at once.
 * - Autopay (stripe-setups.ts): Customers, SetupIntents that save a test card as a PaymentMethod, its `GET`.
 * - The receipt e-mail of a paid intent with a `receipt_email` (stripe-receipts.ts), to `receipts`.
 * - `failNext` makes the next call fail.
 * `npm start` serves it on the API's own origin (`/v1/…`, infra/local/runtime.ts) when no STRIPE_SECRET_KEY is
 * set; tests start their own on a free port (`startStripeStandIn`) and also play Stripe's side of the webhook
 * (`event(...)`, `charge(...)`, `dispute(...)`, `StripeStandIn.signature(...)`). Never in the cloud.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK, refusedHost } from './host-check.js';
import { type Delivery, deliver, type StandInWebhook, subscribed } from './stripe-deliveries.js';
import { expandAnswer } from './stripe-expand.js';
import { header, send } from './stripe-http.js';
import { IdempotencyKeys } from './stripe-idempotency.js';
import {
  type Answer,
  noSuchIntent,
  parseForm,
  type StandInIntent,
  StripeIntents,
  stripeError,
} from './stripe-intents.js';
import { unauthorized } from './stripe-keys.js';
import { AUTOMATIC, type EventRequest, idOf } from './stripe-objects.js';
import { refuseUnknownParameters } from './stripe-parameters.js';
import type { Receipts } from './stripe-receipts.js';
import { StripeSetups } from './stripe-setups.js';
import { refuseInvalidValues } from './stripe-values.js';

export { type StandInIntent, TEST_CARDS } from './stripe-intents.js';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

export type { Delivery, StandInWebhook } from './stripe-deliveries.js';

export class StripeStandIn extends StripeIntents {
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly idempotency = new IdempotencyKeys();
  /** Customers, SetupIntents and saved PaymentMethods (autopay). */
  readonly setups = new StripeSetups();
  private failures: { status: number; type: string; message: string }[] = [];
  private seq = 0;
  private server: ReturnType<typeof createServer> | undefined;
  /** The stand-in's own address once started (tests); on the runtime's origin it is the runtime's. */
  url = '';

  /** E-mails a paid intent's receipt (stripe-receipts.ts; the runtime's: to the local SES); none: not sent. */
  receipts: Receipts | undefined;

  /** `webhook`: where confirmed payments are announced (none: confirming announces nothing). */
  constructor(public webhook?: StandInWebhook) {
    super();
  }

  /** Listens on a free port of 127.0.0.1 (a test file's own stand-in), answering loopback Host names only. */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      if (refusedHost(req, res, LOOPBACK)) return;
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      void this.handle(req, res, path).then((handled) => {
        if (!handled)
          send(
            res,
            stripeError(404, 'invalid_request_error', `Unrecognized request URL (${path})`),
            AUTOMATIC,
          );
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next call answers this Stripe error instead (e.g. 500 api_error, 402 card_error). */
  failNext(status: number, type = 'api_error', message = 'The stand-in is failing on purpose'): void {
    this.failures.push({ status, type, message });
  }

  /** Sends a signed event to the webhook; what the receiver answered is kept in `deliveries`. */
  async send(event: { id: string; type: string }): Promise<Delivery | undefined> {
    if (!this.webhook || !subscribed(this.webhook, event.type)) return undefined;
    const delivery = await deliver(this.webhook, event);
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Serves a Stripe API request (`/v1/…`); false for any other path, which is not the stand-in's. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (!path.startsWith('/v1/')) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const idempotencyKey = header(req, 'idempotency-key');
    // A GET's parameters are its query string, a POST's its form body (https://docs.stripe.com/api/expanding_objects).
    const params = parseForm(req.method === 'GET' ? ((req.url ?? '').split('?')[1] ?? '') : body);
    this.requests.push({ method: req.method ?? 'GET', path, idempotencyKey, params });
    // What Stripe names the request by (`Request-Id`), and the events it causes carry (`request`).
    const request: EventRequest = { id: `req_local${++this.seq}`, idempotency_key: idempotencyKey ?? null };
    send(res, await this.answer(req, path, body, params, request), request);
    return true;
  }

  private async answer(
    req: IncomingMessage,
    path: string,
    body: string,
    params: Record<string, unknown>,
    request: EventRequest,
  ): Promise<Answer> {
    const method = req.method ?? 'GET';
    const refused = unauthorized(header(req, 'authorization'), method, path, params, (kind, id) =>
      this.clientSecretOf(kind, id),
    );
    if (refused) return refused;
    const failure = this.failures.shift();
    if (failure) return stripeError(failure.status, failure.type, failure.message);
    const refusal =
      refuseUnknownParameters(method, path, params) ??
      (method === 'POST' ? refuseInvalidValues(path, params) : undefined);
    if (refusal) return refusal;
    const answered = method === 'POST' ? await this.post(path, body, params, request) : this.read(path);
    if (!answered)
      return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
    return expandAnswer(answered, params.expand, {
      latestCharge: (id) => this.latestCharge(id),
      paymentMethod: (id) => this.setups.paymentMethodOf(id),
      customer: (id) => this.setups.customers.get(id),
    });
  }

  /** The client secret of the PaymentIntent or SetupIntent a publishable key confirms (undefined: none). */
  private clientSecretOf(kind: 'payment_intents' | 'setup_intents', id: string): string | null | undefined {
    return (kind === 'payment_intents' ? this.intents.get(id) : this.setups.setupIntents.get(id))
      ?.client_secret;
  }

  /**
   * POSTs, each under Stripe's Idempotency-Key rule (https://docs.stripe.com/api/idempotent_requests: "all POST
   * requests accept idempotency keys"): creates, confirmations, cancellations and the PaymentIntent update.
   */
  private async post(
    path: string,
    body: string,
    params: Record<string, unknown>,
    request: EventRequest,
  ): Promise<Answer | undefined> {
    const route = this.postRoute(path, params, request);
    return route
      ? this.idempotency.run(request.idempotency_key ?? undefined, `${path}\n${body}`, route)
      : undefined;
  }

  /** The work of a POST path, or undefined for a path the stand-in does not serve. */
  private postRoute(
    path: string,
    params: Record<string, unknown>,
    request: EventRequest,
  ): (() => Promise<Answer> | Answer) | undefined {
    if (path === '/v1/payment_intents') return () => this.createIntent(params, request);
    if (path === '/v1/customers') return () => this.setups.createCustomer(params);
    if (path === '/v1/setup_intents') return () => this.setups.createSetupIntent(params);
    if (path === '/v1/refunds')
      return async () => {
        const refunded = this.refund(params);
        if (refunded.refunded) await this.send(this.event('charge.refunded', refunded.refunded, request));
        return refunded;
      };
    const [, kind, id, action] =
      /^\/v1\/(payment_intents|setup_intents)\/(\w+)(?:\/(confirm|cancel))?$/.exec(path) ?? [];
    if (!id) return undefined;
    if (kind === 'payment_intents') {
      if (action === 'confirm') return () => this.announced(this.confirm(id, params), request);
      if (action === 'cancel') return () => this.announcedCancel(this.cancel(id, params), request);
      return () => this.updateIntent(id, params);
    }
    if (action !== 'confirm') return undefined;
    return async () => {
      const confirmed = this.setups.confirmSetupIntent(id, params);
      if (confirmed.succeeded)
        await this.send(this.event('setup_intent.succeeded', confirmed.succeeded, request));
      if (confirmed.failed)
        await this.send(this.event('setup_intent.setup_failed', confirmed.failed, request));
      return confirmed;
    };
  }

  /** The update, with a `customer` that must be one of the stand-in's (Stripe: 404 resource_missing). */
  private updateIntent(id: string, params: Record<string, unknown>): Answer {
    const customer = params.customer;
    if (typeof customer === 'string' && customer !== '' && !this.setups.customers.has(customer))
      return stripeError(404, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
    return this.update(id, params);
  }

  /** GET of one object by id: a PaymentIntent, Customer, SetupIntent or PaymentMethod. */
  private read(path: string): Answer | undefined {
    const [, kind, id] = /^\/v1\/(\w+)\/(\w+)$/.exec(path) ?? [];
    if (!id) return undefined;
    if (kind === 'payment_intents') {
      const intent = this.intents.get(id);
      return intent ? { status: 200, answer: intent } : noSuchIntent(id);
    }
    if (kind === 'customers') return this.setups.getCustomer(id);
    if (kind === 'setup_intents') return this.setups.getSetupIntent(id);
    if (kind === 'payment_methods') return this.setups.getPaymentMethod(id);
    return undefined;
  }

  /**
   * A new PaymentIntent; with `confirm=true` (an off-session autopay charge: `customer`, `payment_method`,
   * `off_session`) it is charged at once, as Stripe does: the answer is the intent, or the card's 402.
   */
  private async createIntent(params: Record<string, unknown>, request: EventRequest): Promise<Answer> {
    const customer = typeof params.customer === 'string' ? params.customer : null;
    const method = typeof params.payment_method === 'string' ? params.payment_method : undefined;
    if (params.confirm !== 'true') return this.create(params);
    if (!method)
      return stripeError(
        400,
        'invalid_request_error',
        'A PaymentIntent confirmed on creation needs a payment_method.',
        'parameter_missing',
      );
    const created = this.setups.refusesMethodOf(customer, method) ?? this.create(params);
    if (created.status !== 200) return created;
    const { payment_method: _, ...confirmParams } = params;
    return this.announced(
      this.confirm((created.answer as StandInIntent).id, { ...confirmParams, payment_method: method }),
      request,
    );
  }

  /** Stripe announces a cancellation (`payment_intent.canceled`); the stand-in does so before answering. */
  private async announcedCancel(
    canceled: ReturnType<StripeIntents['cancel']>,
    request: EventRequest,
  ): Promise<Answer> {
    if (canceled.canceled) await this.send(this.event('payment_intent.canceled', canceled.canceled, request));
    return canceled;
  }

  /** Stripe announces what a confirmation did; the stand-in does so before answering, so the payer sees it booked. */
  private async announced(
    confirmed: ReturnType<StripeIntents['confirm']>,
    request: EventRequest,
  ): Promise<Answer> {
    if (confirmed.paid) {
      await this.send(this.event('payment_intent.succeeded', confirmed.paid, request));
      const method = idOf(confirmed.paid.payment_method);
      if (method) await this.receipts?.send(confirmed.paid, this.paymentMethodObject(method).card);
    }
    if (confirmed.declined)
      await this.send(this.event('payment_intent.payment_failed', confirmed.declined, request));
    return confirmed;
  }

  protected override paymentMethodObject(paymentMethod: string) {
    return this.setups.paymentMethodOf(paymentMethod) ?? super.paymentMethodObject(paymentMethod);
  }

  /** Saved PaymentMethods charge as the test card they were made from. */
  protected override cardOf(paymentMethod: string) {
    return this.setups.savedCardOf(paymentMethod) ?? super.cardOf(paymentMethod);
  }

  /** A saved PaymentMethod pays only an intent of its own Customer, as Stripe requires. */
  protected override refusesMethod(intent: StandInIntent, paymentMethod: string) {
    return this.setups.refusesMethodOf(idOf(intent.customer), paymentMethod);
  }
}

/** A stand-in on its own free port (a test file's), announcing confirmed payments to `webhook` if given. */
export async function startStripeStandIn(webhook?: StandInWebhook): Promise<StripeStandIn> {
  return new StripeStandIn(webhook).start();
}
