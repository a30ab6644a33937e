/**
 * Bench part `ical` (docs/benchmarks.md): an iCal import of a 500-event feed in the local runtime: the wall time of
 * `feeds/{id}/sync.json` and the DynamoDB work it does (commands by name, transactions and the items they
 * write). Three imports of one feed on a fresh VR property: the first (every event a new block), the same feed
 * again (nothing to change: only reads), and one with a tenth of the events moved and a tenth removed. Each
 * import is the icalImport schedule's run (the local runtime's /_local/jobs/icalImport/run), as in the cloud.
 *
 * Run alone: `npx tsx bench/ical.ts [events]` (starts its own in-memory runtime with the demo fixture).
 * `measureIcalImport` is exported for bench/run.ts (BENCH_PARTS=ical) once the lead wires it in.
 */
import { createServer } from 'node:http';
import { demoAdminCookie, runStandalone } from './standalone.js';

export interface ImportRun {
  label: string;
  ms: number;
  imported: Record<string, unknown>;
  commands: Record<string, number>;
  transactions: number;
  itemsWritten: number;
}

export interface IcalBench {
  events: number;
  runs: ImportRun[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ics = (date: string) => date.replaceAll('-', '');

/** Events of 2 nights with a free night between them; `shift` moves every tenth, `drop` removes every tenth. */
function feedOf(events: number, variant: 'base' | 'changed'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  for (let i = 0; i < events; i++) {
    if (variant === 'changed' && i % 10 === 5) continue;
    const moved = variant === 'changed' && i % 10 === 0 ? 1 : 0;
    const from = 10 + 3 * i + moved;
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@example.test`,
      `DTSTART;VALUE=DATE:${ics(day(from))}`,
      `DTEND;VALUE=DATE:${ics(day(from + 2))}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

export async function measureIcalImport(baseUrl: string, events: number): Promise<IcalBench> {
  const counter = await import('./command-counter.js');
  counter.installCommandCounter();
  let body = feedOf(events, 'base');
  const feedServer = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body),
  );
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const port = (feedServer.address() as { port: number }).port;

  const cookie = await demoAdminCookie(baseUrl);
  const call = async (method: string, path: string, payload?: unknown) => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const property = await call('POST', '/API/adminProperties/V1/properties.json', {
    type: 'vr',
    propertyName: `iCal bench ${Date.now()}`,
    propertyDesc: 'bench',
    propertyRate: '100',
    units: 1,
  });
  const feed = await call('POST', '/API/adminIcal/V1/feeds.json', {
    propertyId: property.propertyId,
    url: `http://127.0.0.1:${port}/bench.ics`,
    name: 'Bench feed',
  });

  const blocksHeld = async () => {
    const list = await call(
      'GET',
      `/API/adminReservations/V1/reservations.json?propertyId=${property.propertyId}&status=4&limit=1`,
    );
    return Number(list.total);
  };
  const runs: ImportRun[] = [];
  const importOnce = async (label: string) => {
    const before = counter.snapshot();
    counter.tracing.lines = [];
    const started = performance.now();
    // The schedule's own run (60 s Lambda, 45 s step budget), not the API's import-now (29 s, 20 s budget).
    const run = await fetch(new URL('/_local/jobs/icalImport/run', baseUrl), { method: 'POST' });
    if (!run.ok) throw new Error(`icalImport run: ${run.status} ${await run.text()}`);
    const ms = performance.now() - started;
    const traced = counter.tracing.lines;
    counter.tracing.lines = undefined;
    const transactions = traced.filter((t) => t.command === 'TransactWriteItems');
    runs.push({
      label,
      ms: Math.round(ms),
      imported: {
        health: (await call('GET', `/API/adminIcal/V1/feeds/${feed.feedId}.json`)).health,
        blocksHeld: await blocksHeld(),
      },
      commands: counter.since(before).sent,
      transactions: transactions.length,
      itemsWritten:
        transactions.reduce((n, t) => n + Number.parseInt(t.key, 10), 0) +
        traced.filter((t) => ['PutItem', 'UpdateItem', 'DeleteItem'].includes(t.command)).length,
    });
  };
  await importOnce(`first import: ${events} new events`);
  await importOnce('same feed again: nothing to change');
  body = feedOf(events, 'changed');
  await importOnce(`${events / 10} moved, ${events / 10} removed`);
  feedServer.close();
  return { events, runs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const events = Number(process.argv[2] ?? 500);
  await runStandalone((baseUrl) => measureIcalImport(baseUrl, events));
}
