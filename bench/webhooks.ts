/**
 * Bench part `webhooks` (docs/benchmarks.md): from a booking's commit to its outbound webhook arriving at a local
 * receiver, in the local runtime. Admin reservations are made one after another on a bench VR property, each
 * announced as reservation.created to one subscription pointing at a receiver on 127.0.0.1. Per booking:
 * `fromRequest` = arrival − the POST's start (an upper bound: it includes the booking itself), and
 * `fromAnswer` = arrival − the POST's answer (a lower bound of commit → arrival: the commit is just before
 * the answer; negative when the webhook beats the answer). p50 and p99 of both.
 *
 * Run alone: `npx tsx bench/webhooks.ts [bookings]` (starts its own in-memory runtime with the demo fixture).
 * `measureWebhooks` is exported for bench/run.ts (BENCH_PARTS=webhooks) once the lead wires it in.
 */

import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoAdminCookie, runStandalone } from './standalone.js';
import { type LatencySummary, summarize } from './stats.js';

export interface WebhookBench {
  bookings: number;
  fromRequestMs: LatencySummary;
  fromAnswerMs: LatencySummary;
  verified: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function measureWebhooks(baseUrl: string, bookings: number): Promise<WebhookBench> {
  const arrivals = new Map<string, number>();
  const { Webhook } = await import('standardwebhooks');
  let secret = '';
  let verified = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as {
        data: { reservationId: number };
      };
      verified += 1;
      arrivals.set(String(payload.data.reservationId), at);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;

  const cookie = await demoAdminCookie(baseUrl);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const property = await call('POST', '/API/adminProperties/V1/properties.json', {
    type: 'vr',
    propertyName: `Webhook bench ${Date.now()}`,
    propertyDesc: 'bench',
    propertyRate: '100',
    units: 50,
  });
  const sub = await call('POST', '/API/adminWebhooks/V1/subscriptions.json', {
    url: `http://127.0.0.1:${port}/hook`,
    events: ['reservation.created'],
  });
  secret = String(sub.secret);

  const fromRequest: number[] = [];
  const fromAnswer: number[] = [];
  const wallStart = performance.now();
  for (let i = 0; i < bookings; i++) {
    const started = performance.now();
    const made = await call('POST', '/API/adminReservations/V1/reservations.json', {
      propertyId: property.propertyId,
      dateFrom: day(40 + 2 * i),
      dateTo: day(41 + 2 * i),
      name: 'Bench Guest',
      email: `bench-${i}@example.test`,
    });
    const answered = performance.now();
    const id = String((made.reservation as { reservationId: number }).reservationId);
    const deadline = Date.now() + 30_000;
    while (!arrivals.has(id)) {
      if (Date.now() > deadline) throw new Error(`no webhook for reservation ${id} within 30 s`);
      await sleep(2);
    }
    const at = arrivals.get(id) as number;
    fromRequest.push(at - started);
    fromAnswer.push(at - answered);
  }
  const wall = performance.now() - wallStart;
  receiver.close();
  return {
    bookings,
    fromRequestMs: summarize(fromRequest, wall),
    fromAnswerMs: summarize(fromAnswer, wall),
    verified,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bookings = Number(process.argv[2] ?? 100);
  await runStandalone((baseUrl) => measureWebhooks(baseUrl, bookings));
}
