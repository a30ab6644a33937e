/**
 * What the webhook delivery writes to our logs: a failed delivery's line names its target without the
 * query (nor credentials or fragment): webhook URLs often carry the receiver's token there.
 * This file's runtime logs at `warn` (the others are silent but for errors): the level is read when the
 * logger is made, and the pipeline's Powertools middleware puts it back at every request, so it is set before
 * the runtime starts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVrProperty, uniqueEmail } from './support/builders.js';
import { type Client, signedIn, unique } from './support/client.js';
import { jobsCaughtUp } from './support/jobs.js';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'warn';
});

const BASE = '/API/adminWebhooks/V1';
let admin: Client;
let propertyId: number;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const hits: string[] = [];
const receiver = createServer((request, response) => {
  hits.push(request.url ?? '/');
  request.resume();
  response.writeHead(503).end('busy');
});
let target: string;

beforeAll(async () => {
  admin = await signedIn('super');
  propertyId = await createVrProperty({ propertyName: unique('Log Cove'), units: 2 });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The lines written to stderr (Powertools writes warn and error there) while `run` runs. */
async function stderrDuring(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    await run();
  } finally {
    process.stderr.write = original;
  }
  return lines;
}

describe('webhook delivery logs', () => {
  it('a failed delivery is logged with its target without the query', async () => {
    const sub = await admin.post(`${BASE}/subscriptions.json`, {
      url: `${target}?token=abc-secret#frag`,
      events: ['reservation.created'],
    });
    expect(sub.status, sub.text).toBe(201);
    const lines = await stderrDuring(async () => {
      const booked = await admin.post('/API/adminReservations/V1/reservations.json', {
        propertyId,
        dateFrom: day(40),
        dateTo: day(42),
        name: unique('Logged Guest'),
        email: uniqueEmail('logged'),
      });
      expect(booked.status, booked.text).toBe(201);
      await jobsCaughtUp();
    });
    expect(hits).toEqual(['/hook?token=abc-secret']);
    const failed = lines
      .flatMap((line) => line.split('\n'))
      .filter((line) => line.includes('webhook delivery failed'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failed).toEqual([expect.objectContaining({ target, status: 503, attempt: 1 })]);
    expect(lines.join('\n')).not.toContain('abc-secret');
  });
});
