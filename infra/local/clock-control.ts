/**
 * The local runtime's control of the service's clock (shared/clock.ts; docs/local-runtime.md "The clock"). It
 * exists only in the local runtime (never in the registry, the cloud or the OpenAPI document):
 * - `GET  /_local/clock`               the service's now, and how far it is from the machine's time;
 * - `POST /_local/clock {"now": ISO}`  moves it to that moment (any moment, ahead or back; it runs on from
 *   there); `{"now": null}` puts it back on the machine's time. Schedules due by the new time run on the
 *   job runner's next tick (job-runner.ts).
 * `CLOCK` (an ISO date-time) sets it at start, before the demo data is loaded, so the demo is dated from it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { clockOffsetMs, now, resetClock, setClock } from '../../shared/clock.js';
import { readBody } from './request-body.js';

const PATH = '/_local/clock';

/** An ISO 8601 date-time with its offset (or Z), as `CLOCK` and the control take it. */
const ISO_DATE_TIME = v.pipe(
  v.string(),
  v.isoTimestamp('now must be an ISO date-time with its offset, e.g. 2027-03-01T09:00:00Z'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'now must be a real moment'),
);
const ClockBody = v.strictObject({ now: v.nullable(ISO_DATE_TIME) });

/** `CLOCK` of the environment as a moment, or undefined when unset. */
export function clockSetting(raw: string | undefined): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = v.safeParse(ISO_DATE_TIME, raw);
  if (!parsed.success)
    throw new Error(`CLOCK must be an ISO date-time such as 2027-03-01T09:00:00Z, got "${raw}"`);
  return new Date(parsed.output);
}

function state() {
  return { now: now().toISOString(), offsetMs: clockOffsetMs() };
}

export async function serveClockControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (path !== PATH) return false;
  if (req.method === 'GET') return send(res, 200, state());
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'GET, POST');
    return send(res, 405, { error: `${req.method} is not allowed on ${PATH}` });
  }
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)) || 'null');
  } catch {
    return send(res, 400, { error: 'the body must be JSON: {"now": "2027-03-01T09:00:00Z"}' });
  }
  const parsed = v.safeParse(ClockBody, body);
  if (!parsed.success) return send(res, 400, { error: parsed.issues.map((i) => i.message).join('; ') });
  if (parsed.output.now === null) resetClock();
  else setClock(new Date(parsed.output.now));
  return send(res, 200, state());
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify(body)}\n`);
  return true;
}
