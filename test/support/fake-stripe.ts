/**
 * A fake Stripe API for tests (docs/payments.md): just enough of PaymentIntents for the real `stripe` SDK
 * pointed at it with `STRIPE_API_URL` (`new Stripe(key, {host, port, protocol: 'http'})`):
 * - `POST /v1/payment_intents` (form-encoded, as the SDK sends it) with Stripe's Idempotency-Key rule: the
 *   same key with the same parameters answers the first intent again (`Idempotent-Replayed: true`), the same
 *   key with other parameters is a 400 `idempotency_error`;
 * - `GET /v1/payment_intents/:id`;
 * - a Bearer secret key is required (401 otherwise), and `failNext` makes the next call fail as Stripe would.
 * Tests then play Stripe's side of the webhook: `event(...)` builds an event around an intent, a charge or a
 * dispute, and `signature(...)` signs a body with the SDK's own `generateTestHeaderString`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

interface StoredAnswer {
  body: string;
  status: number;
  answer: unknown;
}

const sdk = new Stripe('sk_test_fake_signing_only');

/** `a[b]=c` form fields into nested objects, as Stripe reads them. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[');
    let target = out;
    for (const segment of path.slice(0, -1)) {
      target[segment] ??= {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1) ?? name] = value;
  }
  return out;
}

const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  answer: { error: { type, message, ...(code ? { code } : {}) } },
});

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, StoredAnswer>();
  private failures: { status: number; type: string; message: string }[] = [];
  private seq = 0;
  private server = createServer((req, res) => void this.serve(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next call answers this Stripe error instead (e.g. 500 api_error, 402 card_error). */
  failNext(status: number, type = 'api_error', message = 'The fake is failing on purpose'): void {
    this.failures.push({ status, type, message });
  }

  /** Marks an intent as Stripe would after the card is charged: succeeded with the whole amount received. */
  succeed(id: string): FakeIntent {
    const intent = this.intent(id);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    return intent;
  }

  intent(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`the fake has no intent ${id}`);
    return intent;
  }

  /** A webhook event around `object` (an intent, a charge or a dispute), with a fresh `evt_` id. */
  event(type: string, object: object, id = `evt_fake_${randomBytes(8).toString('hex')}`) {
    return {
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    };
  }

  /** The charge of a succeeded intent, as `charge.refunded` carries it (`amount_refunded` is cumulative). */
  charge(intentId: string, amountRefunded: number) {
    const intent = this.intent(intentId);
    return {
      id: `ch_${intentId.slice(3)}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= intent.amount,
      currency: intent.currency,
      payment_intent: intentId,
      metadata: intent.metadata,
      status: 'succeeded',
    };
  }

  /** A dispute of an intent's charge, as `charge.dispute.*` carries it. */
  dispute(intentId: string, status = 'needs_response', reason = 'fraudulent') {
    const intent = this.intent(intentId);
    return {
      id: `dp_${intentId.slice(3)}`,
      object: 'dispute',
      amount: intent.amount,
      currency: intent.currency,
      charge: `ch_${intentId.slice(3)}`,
      payment_intent: intentId,
      reason,
      status,
    };
  }

  /** The `Stripe-Signature` header of a body, made by the Stripe SDK's test helper. */
  static signature(payload: string, secret: string, timestamp?: number): string {
    return sdk.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const idempotencyKey = header(req, 'idempotency-key');
    const params = parseForm(body);
    this.requests.push({ method: req.method ?? 'GET', path, idempotencyKey, params });
    const { status, answer, replayed } = this.answer(req, path, body, params, idempotencyKey);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_fake_${++this.seq}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(answer));
  }

  private answer(
    req: IncomingMessage,
    path: string,
    body: string,
    params: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): { status: number; answer: unknown; replayed?: boolean } {
    if (!/^Bearer sk_\w+$/.test(header(req, 'authorization') ?? ''))
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    const failure = this.failures.shift();
    if (failure) return stripeError(failure.status, failure.type, failure.message);
    if (req.method === 'POST' && path === '/v1/payment_intents') {
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
      const created = this.createIntent(params);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, { body, ...created });
      return created;
    }
    const get = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && get?.[1]) {
      const intent = this.intents.get(get[1]);
      return intent
        ? { status: 200, answer: intent }
        : stripeError(
            404,
            'invalid_request_error',
            `No such payment_intent: '${get[1]}'`,
            'resource_missing',
          );
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
  }

  private createIntent(params: Record<string, unknown>): { status: number; answer: unknown } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(
        400,
        'invalid_request_error',
        'Invalid integer: amount',
        'parameter_invalid_integer',
      );
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency))
      return stripeError(400, 'invalid_request_error', 'Invalid currency', 'parameter_invalid_string');
    const id = `pi_fake${randomBytes(8).toString('hex')}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      description: typeof params.description === 'string' ? params.description : null,
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return { status: 200, answer: intent };
  }
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
