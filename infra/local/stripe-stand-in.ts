/**
 * The local runtime's Stripe stand-in (docs/payments.md "Locally and in tests", docs/local-runtime.md): just
 * enough of Stripe's PaymentIntents for the real `stripe` SDK pointed at it with `STRIPE_API_URL`, so a card
 * payment runs end to end on a laptop and in tests, with no Stripe account:
 * - `POST /v1/payment_intents` (form-encoded, as the SDK sends it) with Stripe's Idempotency-Key rule: the
 *   same key with the same parameters answers the first intent again (`Idempotent-Replayed: true`), the same
 *   key with other parameters is a 400 `idempotency_error`;
 * - `GET /v1/payment_intents/:id`, and `POST /v1/payment_intents/:id` (update: receipt_email, description,
 *   metadata, amount) while the intent has not been paid (`requires_*`), as Stripe allows;
 * - `POST /v1/payment_intents/:id/confirm` with a test card (`payment_method`: `pm_card_visa` pays,
 *   `pm_card_chargeDeclined` is declined), authorized by the secret key or — as Stripe.js does from a payment
 *   page — the intent's `client_secret`. A paid intent is `succeeded` with its whole amount received, and the
 *   stand-in sends the signed `payment_intent.succeeded` webhook to the runtime (signed with the SDK's own
 *   `generateTestHeaderString`, as Stripe would sign it) before it answers, so whoever confirmed sees the
 *   invoice paid at once;
 * - a Bearer secret key (`sk_…`) is required for everything else (401 otherwise), and `failNext` makes the next
 *   call fail as Stripe would.
 * `npm start` serves it on the API's own origin (`/v1/…`, infra/local/runtime.ts) when no STRIPE_SECRET_KEY is
 * set; tests start their own on a free port (`startStripeStandIn`) and also play Stripe's side of the webhook:
 * `event(...)` builds an event around an intent, a charge or a dispute, and `signature(...)` signs a body
 * (stripe-intents.ts keeps the intents and builds the objects).
 * Local runtime and tests only: never in the cloud.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, noSuchIntent, parseForm, StripeIntents, stripeError } from './stripe-intents.js';

export { type StandInIntent, TEST_CARDS } from './stripe-intents.js';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

/** Where the stand-in sends its webhook events, and the secret it signs them with. */
export interface StandInWebhook {
  url: string;
  secret: string;
}

/** A webhook event the stand-in sent, and what the receiver answered (0: not reachable). */
export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  answer: string;
}

interface StoredAnswer {
  body: string;
  status: number;
  answer: unknown;
}

/** The settings `npm start` gives the handlers when it serves the stand-in (known values, like the channel's). */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_local_stand_in',
  webhookSecret: 'whsec_local_stand_in',
} as const;

const OURS = 'STRIPE_LOCAL_STAND_IN';

/**
 * The STRIPE_* variables for a runtime at `baseUrl`: the stand-in's on the runtime's own origin, unless the
 * developer configured Stripe (STRIPE_SECRET_KEY set, and not by an earlier runtime of this process).
 */
export function localStripeEnv(
  baseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  if (env.STRIPE_SECRET_KEY && env[OURS] !== '1') return {};
  return {
    [OURS]: '1',
    STRIPE_SECRET_KEY: LOCAL_STRIPE.secretKey,
    STRIPE_API_URL: new URL(baseUrl).origin,
    // A webhook secret set by hand is kept: the stand-in signs with whichever the webhook checks.
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE.webhookSecret,
  };
}

/** Whether this runtime's handlers use the stand-in (localStripeEnv set them). */
export const servesStripeStandIn = (env: NodeJS.ProcessEnv = process.env): boolean => env[OURS] === '1';

export class StripeStandIn extends StripeIntents {
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly idempotent = new Map<string, StoredAnswer>();
  private failures: { status: number; type: string; message: string }[] = [];
  private seq = 0;
  private server: ReturnType<typeof createServer> | undefined;
  /** The stand-in's own address once started (tests); on the runtime's origin it is the runtime's. */
  url = '';

  /** `webhook`: where confirmed payments are announced (none: confirming announces nothing). */
  constructor(public webhook?: StandInWebhook) {
    super();
  }

  /** Listens on a free port of 127.0.0.1 (a test file's own stand-in). */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      void this.handle(req, res, path).then((handled) => {
        if (!handled)
          send(res, stripeError(404, 'invalid_request_error', `Unrecognized request URL (${path})`));
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
    if (!this.webhook) return undefined;
    const body = JSON.stringify(event);
    const delivery: Delivery = { eventId: event.id, type: event.type, status: 0, answer: '' };
    try {
      const res = await fetch(this.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': StripeIntents.signature(body, this.webhook.secret),
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      Object.assign(delivery, { status: res.status, answer: await res.text() });
    } catch (error) {
      delivery.answer = (error as Error).message;
    }
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
    const params = parseForm(body);
    this.requests.push({ method: req.method ?? 'GET', path, idempotencyKey, params });
    send(res, await this.answer(req, path, body, params, idempotencyKey), idempotencyKey, ++this.seq);
    return true;
  }

  private async answer(
    req: IncomingMessage,
    path: string,
    body: string,
    params: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): Promise<Answer> {
    const method = req.method ?? 'GET';
    const confirm = /^\/v1\/payment_intents\/(\w+)\/confirm$/.exec(path)?.[1];
    const secretKey = /^Bearer sk_\w+$/.test(header(req, 'authorization') ?? '');
    // A payment page confirms with the intent's client secret (Stripe.js sends the publishable key with it).
    const byClientSecret =
      method === 'POST' &&
      confirm !== undefined &&
      typeof params.client_secret === 'string' &&
      this.intents.get(confirm)?.client_secret === params.client_secret;
    if (!secretKey && !byClientSecret)
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    const failure = this.failures.shift();
    if (failure) return stripeError(failure.status, failure.type, failure.message);
    if (method === 'POST' && path === '/v1/payment_intents')
      return this.idempotentCreate(body, params, idempotencyKey);
    if (method === 'POST' && confirm) {
      const confirmed = this.confirm(confirm, params);
      // Stripe announces the payment; the stand-in does so before answering, so the payer sees it booked.
      if (confirmed.paid) await this.send(this.event('payment_intent.succeeded', confirmed.paid));
      return confirmed;
    }
    const id = /^\/v1\/payment_intents\/(\w+)$/.exec(path)?.[1];
    if (id && method === 'GET') {
      const intent = this.intents.get(id);
      return intent ? { status: 200, answer: intent } : noSuchIntent(id);
    }
    if (id && method === 'POST') return this.update(id, params);
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  private idempotentCreate(
    body: string,
    params: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): Answer {
    if (idempotencyKey) {
      const first = this.idempotent.get(idempotencyKey);
      if (first && first.body !== body)
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      if (first) return { status: first.status, answer: first.answer, replayed: true };
    }
    const created = this.create(params);
    if (idempotencyKey) this.idempotent.set(idempotencyKey, { body, ...created });
    return created;
  }
}

function send(res: ServerResponse, answer: Answer, idempotencyKey?: string, seq = 0): void {
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': `req_local_${seq}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
  });
  res.end(`${JSON.stringify(answer.answer)}\n`);
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A stand-in on its own free port (a test file's), announcing confirmed payments to `webhook` if given. */
export async function startStripeStandIn(webhook?: StandInWebhook): Promise<StripeStandIn> {
  return new StripeStandIn(webhook).start();
}
