/**
 * DNS rebinding (docs/local-runtime.md "DNS rebinding"): every server the local runtime starts refuses a
 * request whose Host is not a loopback name — the API with its pages and /_local controls, the Stripe and
 * QuickBooks stand-ins on its port, the local SES and its mail page, a test's own Stripe stand-in, and
 * cognito-local (which also refuses a browser's call, by its Origin header) — and answers a loopback one.
 */
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { StripeStandIn } from '../infra/local/stripe-stand-in.js';
import { API_URL, MAIL_URL } from './support/client.js';

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** A request with the Host header given (fetch sets its own). */
function send(
  url: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: { ...init.headers, host },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const portOf = (url: string) => new URL(url).port;

function expectMisdirected(answer: Answer): void {
  expect(answer.status, answer.body).toBe(421);
  expect(answer.type).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 421, title: 'Misdirected Request' });
}

const COGNITO_LIST = {
  method: 'POST',
  headers: {
    'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
    'content-type': 'application/x-amz-json-1.1',
  },
  body: '{"MaxResults":1}',
};

describe('a Host that is not a loopback name', () => {
  const api = (path: string) => `${API_URL}${path}`;

  it('is refused by the API: its pages, /_local controls, and the stand-ins on its port', async () => {
    for (const path of [
      '/',
      '/docs',
      '/_local/jobs',
      '/API/siteSettings/V1/settings.json',
      '/_local/quickbooks',
      '/v1/payment_intents',
    ])
      expectMisdirected(await send(api(path), `evil.example:${portOf(API_URL)}`));
    // A write too: a rebound page's drain or payment never runs.
    expectMisdirected(await send(api('/_local/jobs/drain'), 'evil.example', { method: 'POST' }));
    expectMisdirected(await send(api('/'), `localhost.evil.example:${portOf(API_URL)}`));
  });

  it('is answered by the API for localhost, 127.0.0.1, a *.localhost name and [::1]', async () => {
    const port = portOf(API_URL);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `app.localhost:${port}`, `[::1]:${port}`])
      expect((await send(api('/_local/jobs'), host)).status, host).toBe(200);
  });

  it('is refused by the local SES and its mail page; loopback reads the store', async () => {
    expectMisdirected(await send(`${MAIL_URL}/store`, `evil.example:${portOf(MAIL_URL)}`));
    expectMisdirected(await send(`${MAIL_URL}/`, 'evil.example'));
    expectMisdirected(await send(`${MAIL_URL}/_local/ses`, 'evil.example', { method: 'POST', body: '{}' }));
    expect((await send(`${MAIL_URL}/store`, `localhost:${portOf(MAIL_URL)}`)).status).toBe(200);
    expect((await send(`${MAIL_URL}/_local/ses`, `127.0.0.1:${portOf(MAIL_URL)}`)).status).toBe(200);
  });

  it("is refused by a test's own Stripe stand-in; loopback reaches it", async () => {
    const stripe = await new StripeStandIn().start();
    try {
      expectMisdirected(await send(`${stripe.url}/v1/payment_intents`, 'evil.example', { method: 'POST' }));
      // Reached: its own answer (no key given), not the Host check's.
      expect(
        (
          await send(`${stripe.url}/v1/payment_intents`, `127.0.0.1:${portOf(stripe.url)}`, {
            method: 'POST',
          })
        ).status,
      ).toBe(401);
    } finally {
      await stripe.stop();
    }
  });

  it('is refused by cognito-local, as is any call a browser makes (Origin); the SDK’s call is answered', async () => {
    const cognito = inject('standIns').cognitoUrl;
    expectMisdirected(await send(cognito, `evil.example:${portOf(cognito)}`, COGNITO_LIST));
    const fromPage = await send(cognito, `localhost:${portOf(cognito)}`, {
      ...COGNITO_LIST,
      headers: { ...COGNITO_LIST.headers, origin: 'https://evil.example' },
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.type).toMatch(/^application\/problem\+json/);
    const preflight = await send(cognito, `localhost:${portOf(cognito)}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect((await send(cognito, `127.0.0.1:${portOf(cognito)}`, COGNITO_LIST)).status).toBe(200);
  });
});
