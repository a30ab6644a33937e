/**
 * The docs page's request examples work: a fresh `npm start` (the demo store) is sent every operation's
 * example as the docs page sends it — path and query values from the parameters' examples (or defaults), the
 * body example as JSON, one browser cookie jar holding the demo admin's and the demo tenant's sessions from the two
 * login examples. Each answer must be the operation's success (the few exceptions below say why), match the
 * OpenAPI document (test/support/contract.ts), and never be a 5xx.
 * Where an example names a value only another answer carries (EXAMPLE_NOTES), the test takes it from that
 * answer, as the reader would. The activation (it signs a new tenant in), writes that destroy (DELETE) and the
 * logouts run last.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import { type StripeStandIn, startStripeStandIn } from '../infra/local/stripe-stand-in.js';
import type { RouteContract } from '../shared/http/route.js';
import { contractMismatch } from './support/contract.js';
import { type NpmStart, npmStart } from './support/npm-start.js';

interface DocParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  example?: unknown;
  schema?: { default?: unknown };
}
interface DocOperation {
  operationId: string;
  parameters: DocParameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}
interface Operation {
  path: string;
  method: string;
  op: DocOperation;
  route: RouteContract;
}
interface Sent {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}
interface Overrides {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers that cannot be the success from the docs page, and why (the status is documented for them). */
const EXPECTED: Record<string, { status: number; why: string }> = {
  'payment.webhook': { status: 401, why: 'Stripe signs its calls; the docs page sends no Stripe-Signature' },
  'channel.webhook': {
    status: 404,
    why: 'the channel integration is off in the demo store (channelEnabled 0): the endpoint is not there',
  },
  'publicAuth.claimBookings': {
    status: 404,
    why: 'the token comes only in the mail of an address that booked without signing in; the demo tenant has no such claim',
  },
};

const ROUTE_BY_ID = new Map(ROUTES.map((r) => [r.id, r]));

let runtime: NpmStart | undefined;
let stripe: StripeStandIn | undefined;

beforeAll(async () => {
  // Card payments as a developer configures them (docs/payments.md): a key of their own, here for a Stripe
  // stand-in of this test's (npm start then serves none of its own).
  stripe = await startStripeStandIn();
  runtime = await npmStart({
    RATE_LIMIT_PER_5S: '0',
    STRIPE_SECRET_KEY: 'sk_test_docs_examples',
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_docs_examples',
  });
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
  await stripe?.stop();
});

/** A browser: one cookie jar for every call (the docs page's sessions live there), no redirects followed. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  async send(method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = {}) {
    const url = new URL(pathAndQuery, this.origin);
    const all: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) all['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers: all,
      redirect: 'manual',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (/max-age=0/i.test(cookie) || pair.slice(eq + 1) === '') this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await response.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { raw: text };
    }
    const mismatch = contractMismatch({
      method,
      path: url.pathname,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: parsed,
      text,
    });
    return {
      status: response.status,
      body: parsed as Record<string, unknown>,
      headers: response.headers,
      text,
      mismatch,
    };
  }
}

/** The operations of the document (aliases left out: the same handler), in the document's order. */
function operationsOf(doc: { paths: Record<string, Record<string, DocOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (op.operationId.endsWith('.alias')) continue;
      const route = ROUTE_BY_ID.get(op.operationId);
      if (!route) throw new Error(`${op.operationId} is not a registered route`);
      out.push({ path, method: method.toUpperCase(), op, route });
    }
  return out;
}

/** The request the docs page makes of an operation's examples ("Send API Request"). */
function requestOf({ path, op }: Operation, overrides: Overrides) {
  let target = path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value =
      (p.in === 'path' ? overrides.params : overrides.query)?.[p.name] ?? p.example ?? p.schema?.default;
    if (value === undefined) continue;
    if (p.in === 'path') target = target.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  const search = query.toString();
  const body = overrides.body ?? op.requestBody?.content['application/json']?.example;
  return { pathAndQuery: search ? `${target}?${search}` : target, body };
}

describe('the docs page examples against the demo store', () => {
  it('every operation’s example answers its success (or its documented exception), never a 5xx', async () => {
    if (!runtime) throw new Error('npm start did not start');
    const rt = runtime;
    const browser = new Browser(rt.url);
    const doc = (await browser.send('GET', '/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, DocOperation>>;
    };
    const operations = operationsOf(doc);
    const answers = new Map<string, Sent>();
    const byId = (id: string) => {
      const found = operations.find((o) => o.route.id === id);
      if (!found) throw new Error(`no operation ${id}`);
      return found;
    };
    const results: string[] = [];

    const run = async (operation: Operation, overrides: Overrides = {}) => {
      const { pathAndQuery, body } = requestOf(operation, overrides);
      const answer = await browser.send(operation.method, pathAndQuery, body, overrides.headers);
      answers.set(operation.route.id, answer);
      if (process.env.DOCS_EXAMPLES_LOG === '1')
        console.info(`${answer.status} ${operation.method} ${pathAndQuery} ${answer.text.slice(0, 160)}`);
      const { route } = operation;
      const expected = EXPECTED[route.id]?.status ?? route.successStatus ?? 200;
      const documented = answer.status < 400 || String(answer.status) in (route.errors ?? {});
      if (answer.status !== expected || answer.mismatch || !documented || answer.status >= 500)
        results.push(
          `${route.id} ${operation.method} ${pathAndQuery}: ${answer.status} (expected ${expected})${answer.mismatch ? ` contract: ${answer.mismatch}` : ''} ${answer.text.slice(0, 300)}`,
        );
      return answer;
    };

    // Values only another answer carries: taken from it, as the reader of the docs page would.
    const chained: Record<string, () => Promise<Overrides>> = {
      'payment.createIntent': async () => ({
        // Authorize → paymentCsrf with the token of payment-csrf.php (its cookie is in the jar).
        headers: { 'x-csrf-token': String(answers.get('payment.csrf')?.body.payment_csrf) },
      }),
      'publicAuth.activate': async () => {
        const store = (await (await fetch(`${rt.mailUrl}/store`)).json()) as {
          emails: { destination: { to: string[] }; body: { text: string } }[];
        };
        const mail = store.emails.filter((m) => m.destination.to.includes('gus.guest@example.com')).at(-1);
        const link = new URL(mail?.body.text.match(/http\S+activate\.json\S+/)?.[0] ?? 'http://x/');
        return { query: Object.fromEntries(link.searchParams) };
      },
      'publicAuth.passwordResetConfirm': async () => {
        // The passwordReset example mailed the demo tenant a link (the message job sends it within seconds).
        for (let i = 0; i < 100; i++) {
          const store = (await (await fetch(`${rt.mailUrl}/store`)).json()) as {
            emails: { destination: { to: string[] }; body: { text: string } }[];
          };
          const mail = store.emails
            .filter((m) => m.destination.to.includes('demo-tenant@example.com'))
            .find((m) => /reset-password\?\S*token=/.test(m.body.text));
          const link = mail?.body.text.match(/http\S+reset-password\?\S+/)?.[0];
          if (link) {
            const token = new URL(link).searchParams.get('token') ?? '';
            return { body: { email: 'demo-tenant@example.com', token, password: 'a-new-good-password' } };
          }
          await sleep(200);
        }
        throw new Error('no reset mail within 20 s');
      },
      'ical.export': async () => ({
        query: {
          token:
            new URL(String(answers.get('adminIcal.getExport')?.body.url)).searchParams.get('token') ?? '',
        },
      }),
      'accounting.oauthCallback': async () => {
        // The provider's consent page, then "Allow": it redirects back with state, code and realmId.
        // (Asked for JSON, as the docs page asks, oauth-start answers the consent URL instead of redirecting.)
        const consent = new URL(String(answers.get('accounting.oauthStart')?.body.authorizeUrl), rt.url);
        const allow = new URL('/_local/accounting/allow', rt.url);
        for (const name of ['redirect_uri', 'state'])
          allow.searchParams.set(name, consent.searchParams.get(name) ?? '');
        const back = await fetch(allow, { redirect: 'manual' });
        return {
          query: Object.fromEntries(new URL(back.headers.get('location') ?? '', rt.url).searchParams),
        };
      },
      'adminWebhooks.replay': async () => {
        // An event after the subscription (a housekeeping request the test makes), then its delivery.
        await run(byId('adminHousekeeping.create'));
        for (let i = 0; i < 100; i++) {
          const log = await browser.send('GET', '/API/adminWebhooks/V1/deliveries.json?subscriptionId=1');
          const id = (log.body.items as { deliveryId: string }[] | undefined)?.[0]?.deliveryId;
          if (id) return { params: { id } };
          await sleep(200);
        }
        throw new Error('no webhook delivery within 20 s');
      },
    };

    const logins = ['auth.login', 'publicAuth.login'];
    const logouts = ['publicAuth.logout', 'auth.logout'];
    // Activation signs the new tenant in (its cookie replaces the demo tenant's): after the demo tenant's reads;
    // the reset then ends the demo tenant's sessions (no longer this browser's).
    const switches = ['publicAuth.activate', 'publicAuth.passwordResetConfirm'];
    for (const id of logins) await run(byId(id));
    const rest = operations.filter((o) => ![...logins, ...logouts, ...switches].includes(o.route.id));
    for (const operation of [
      ...rest.filter((o) => o.method !== 'DELETE'),
      ...switches.map(byId),
      ...rest.filter((o) => o.method === 'DELETE'),
      ...logouts.map(byId),
    ])
      await run(operation, await chained[operation.route.id]?.());

    expect(results).toEqual([]);
    expect(answers.size).toBe(operations.length);
  }, 240_000);
});
