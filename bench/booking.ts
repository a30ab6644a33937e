/**
 * Part 4: public booking (functions/publicBooking, docs/booking.md).
 *
 * Reads: availability (3 nights), calendar (12 months), quote (3 nights) and validateCoupon of one bench
 * property, interleaved with the floor route, with 100 and then 10,000 reservations in the table. The measured
 * property's calendar is the same at both sizes: its reservations inside the measured window are written
 * first; the bulk lands on ~1,000 other property ids and on the measured property outside the window (past
 * dates, and beyond the calendar's reach). The first 100 go through the product's insertReservationParts in
 * one transaction each; the bulk is batch-written as the same items (reservation item + one claim per night).
 * The DynamoDB commands of each request are counted (command-counter.ts) at both sizes.
 *
 * Book: one-night stays on 20 bench properties (one unit each), every request a free night, so nothing is
 * refused. Callers: the demo tenant's session (so no CAPTCHA) and a distinct X-Forwarded-For address per
 * request (the runtime runs with trustProxy, as TRUST_PROXY=1), so the per-IP limit (20/h) never refuses.
 * Measured at concurrency 1 and 8 (p50, req/s), then the burst: 20 bookings on 20 properties at once against
 * one alone, with the id counters read before and after each burst.
 *
 * Import this module only after startLocalRuntime (the repositories read TABLE_NAME at import).
 */
import { cpus } from 'node:os';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { putAll } from '../infra/local/fixture/batch.js';
import * as properties from '../shared/data/properties-repo.js';
import { insertReservationParts, reservationsByStart } from '../shared/data/reservations-repo.js';
import { ddb, TABLE_NAME } from '../shared/db/client.js';
import { nextId, raiseCounter } from '../shared/db/counters.js';
import { keys } from '../shared/db/keys.js';
import type { Item } from '../shared/db/query.js';
import { commit } from '../shared/db/transaction.js';
import type { UnitPick } from '../shared/domain/booking/capacity.js';
import { RESERVATION_STATUS, type ReservationRecord } from '../shared/domain/booking/reservation.js';
import { addMonths } from '../shared/domain/booking/stay.js';
import { addDays } from '../shared/domain/dates.js';
import type { PropertyRecord } from '../shared/domain/property.js';
import {
  type CounterSnapshot,
  describe,
  groupTrace,
  installCommandCounter,
  readsOf,
  roundTripsInSequence,
  since,
  snapshot,
  type Traced,
  tracing,
} from './command-counter.js';
import { cpuMsNow } from './cpu.js';
import {
  FLOOR_CASE,
  type LatencyCase,
  type LatencyPlan,
  type LatencyRow,
  type LoadClient,
  measureCases,
} from './http-latency.js';
import type { LoadTarget } from './load-worker.js';
import { benchProperty } from './scale.js';
import { type LatencySummary, summarize } from './stats.js';

const BASE = '/API/publicBooking/V1';
/** The measured property and the bookable ones; far from the fixture's and the scale part's ids. */
const MEASURED_ID = 300_000;
const BOOKABLE_FIRST_ID = 300_001;
export const BOOKABLE_PROPERTIES = 20;
/** Property ids that exist only as reservations and claims (the bulk's "other properties"). */
const OTHER_FIRST_ID = 400_000;
const OTHER_PROPERTIES = 990;
const MEASURED_UNITS = 3;

const TENANT = { email: 'demo-tenant@example.com', password: 'demo-tenant-pass-1' };

export interface ReadCount {
  case: string;
  reservations: number;
  /** Read commands of one request (the same in every request counted, else min–max). */
  reads: number;
  readsMax: number;
  /** Every command of one request, e.g. `GetItem 2, Query 2`. */
  commands: string;
  /** The commands of the last request counted with the item each names (command-counter.ts keyOf). */
  trace: string[];
  /** Round trips the last request waited on one after another (command-counter.ts roundTripsInSequence). */
  inSequence: number;
}

export interface BookingPoint {
  reservations: number;
  rows: LatencyRow[];
}

export interface BookRow extends LatencySummary {
  concurrency: number;
  truncated: boolean;
  /** CPU of the server, the load worker and DynamoDB Local per booking, and cores kept busy over the run. */
  cpuMsPerBooking: number;
  coresBusy: number;
  firstError?: string;
}

export interface BurstResult {
  rounds: number;
  /** Wall time of one booking alone, each round. */
  singleMs: number[];
  /** Wall time of 20 bookings sent at once on 20 properties, each round. */
  burstMs: number[];
  /** Cores kept busy (CPU ms ÷ wall ms) during each burst. */
  burstCoresBusy: number[];
  errors: number;
  firstError?: string;
  /** Increase of each id counter per burst (20 = one id per booking, no gap). */
  counterSteps: Record<string, number[]>;
  /** Commands of all bursts together, and the failed ones (a lost transaction would show here). */
  commands: string;
  /** The same by command and item kind, the local job runner's work included. */
  commandsByKind: Record<string, { n: number; p50Ms: number }>;
  /** The same for the single bookings of the rounds: each command's time when nothing else runs. */
  singleByKind: Record<string, { n: number; p50Ms: number }>;
  failed: string;
  transactionsPerBooking: number;
  /**
   * What 20 bookings take when only the cores limit them: 20 × the CPU of one booking (at concurrency 1) ÷
   * the cores. A burst near it waits on nothing but the CPU; one near 20 × one booking would be serialized.
   */
  cpuBoundMs: number;
  cores: number;
}

export interface BookingResult {
  measuredPropertyId: number;
  stay: { dateFrom: string; dateTo: string };
  points: BookingPoint[];
  reads: ReadCount[];
  fill: { inserted: number; insertMs: number; bulkLoaded: number; bulkItems: number; bulkLoadMs: number };
  book: BookRow[];
  bookCommands: string;
  burst: BurstResult;
}

export interface BookingPlan {
  latency: LatencyPlan;
  /** Recorded bookings per concurrency (after 10 × concurrency unrecorded ones). */
  bookings: Record<number, number>;
  burstRounds: number;
}

const utcToday = () => new Date().toISOString().slice(0, 10);

function nightsFrom(dateFrom: string, nights: number, unit: number): UnitPick[] {
  return Array.from({ length: nights }, (_, i) => ({ date: addDays(dateFrom, i), unit }));
}

function reservation(
  reservationId: number,
  propertyId: number,
  dateFrom: string,
  nights: number,
  unit: number,
): ReservationRecord {
  const stamp = new Date().toISOString();
  return {
    reservationId,
    propertyId,
    tenantId: 1_000 + (reservationId % 500),
    dateFrom,
    dateTo: addDays(dateFrom, nights),
    name: `Bench Guest ${reservationId}`,
    email: `guest${reservationId}@bench.example`,
    status: RESERVATION_STATUS.confirmed,
    totalPriceCents: 25_000 * nights,
    orderId: null,
    couponCode: null,
    source: 'website',
    nightUnits: nightsFrom(dateFrom, nights, unit),
    dateCreated: stamp,
    dateUpdated: stamp,
  };
}

/**
 * The i-th filler reservation (i ≥ 0), never inside the measured window of the measured property: every 50th on
 * the measured property (past stays, and stays 13–23 months out, beyond the 12-month calendar), the rest on
 * the other property ids in non-overlapping slots of 5 days.
 */
function filler(i: number, id: number, today: string): ReservationRecord {
  if (i % 50 === 0) {
    const j = i / 50;
    const unit = 1 + (j % MEASURED_UNITS);
    const slot = Math.floor(j / MEASURED_UNITS);
    const start = j % 2 === 0 ? addDays(today, -700 + slot * 8) : addDays(today, 400 + slot * 8);
    return reservation(id, MEASURED_ID, start, 3, unit);
  }
  const p = i % OTHER_PROPERTIES;
  const slot = Math.floor(i / OTHER_PROPERTIES);
  return reservation(id, OTHER_FIRST_ID + p, addDays(today, -200 + slot * 5 + (p % 5)), 1 + (i % 4), 1);
}

/** The measured property's own reservations inside the calendar: a 4-night stay each month on unit 1, one on unit 2. */
function inWindow(today: string, ids: () => number): ReservationRecord[] {
  const monthly = Array.from({ length: 12 }, (_, k) =>
    reservation(ids(), MEASURED_ID, addDays(today, 5 + 30 * k), 4, 1),
  );
  return [...monthly, reservation(ids(), MEASURED_ID, addDays(today, 33), 2, 2)];
}

const itemsOf = (r: ReservationRecord): Item[] =>
  insertReservationParts(r).flatMap((p) => (p.item.Put ? [p.item.Put.Item as Item] : []));

async function bulkLoad(records: readonly ReservationRecord[], parallel: number): Promise<number> {
  const items = records.flatMap(itemsOf);
  const sliceSize = Math.ceil(items.length / parallel / 25) * 25;
  const slices: Item[][] = [];
  for (let i = 0; i < items.length; i += sliceSize) slices.push(items.slice(i, i + sliceSize));
  await Promise.all(slices.map((slice) => putAll(slice)));
  return items.length;
}

function benchVr(n: number, propertyId: number, units: number, now: Date): PropertyRecord {
  return {
    ...benchProperty(50_000 + n, now),
    propertyId,
    propertyName: `Booking bench ${propertyId}`,
    minNights: 1,
    units,
    maxGuests: 8,
  };
}

async function tenantCookie(baseUrl: string): Promise<string> {
  const response = await fetch(new URL('/API/publicAuth/V1/login.json', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TENANT),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (response.status !== 200 || !cookies.length) throw new Error(`tenant login answered ${response.status}`);
  return cookies.join('; ');
}

function readCases(stay: { dateFrom: string; dateTo: string }, today: string): LatencyCase[] {
  const json = { 'content-type': 'application/json' };
  const floor3 = (from: string, to: string) =>
    `/API/bench/V1/floor3/${MEASURED_ID}.json?from=${from}&to=${addDays(to, -1)}`;
  return [
    // Diagnostics, no target: the same three reads (2 GetItems, 1 Query in parallel) with none of the logic.
    {
      name: 'floor×3: the reads of availability',
      method: 'GET',
      path: floor3(stay.dateFrom, stay.dateTo),
      server: 'floor',
    },
    {
      name: 'floor×3: the reads of calendar',
      method: 'GET',
      path: floor3(addDays(today, -1), addMonths(addDays(today, 1), 12)),
      server: 'floor',
    },
    {
      name: 'GET availability (3 nights)',
      method: 'GET',
      path: `${BASE}/availability/${MEASURED_ID}.json?dateFrom=${stay.dateFrom}&dateTo=${stay.dateTo}`,
    },
    {
      name: 'GET calendar (12 months)',
      method: 'GET',
      path: `${BASE}/calendar/${MEASURED_ID}.json?months=12`,
    },
    {
      name: 'POST quote (3 nights)',
      method: 'POST',
      path: `${BASE}/quote.json`,
      headers: json,
      body: { propertyId: MEASURED_ID, ...stay, adults: 2, children: 1 },
      // Quotes are limited per IP (60 a minute): each request is a visitor of its own, as on a website.
      addressPerRequest: true,
    },
    {
      name: 'POST validateCoupon',
      method: 'POST',
      path: `${BASE}/validateCoupon.json`,
      headers: json,
      body: { propertyId: MEASURED_ID, couponCode: 'WELCOME10' },
      // Coupon checks are limited per IP (10 in 10 minutes).
      addressPerRequest: true,
    },
  ];
}

/** Sends `c` alone `times` times and counts the commands of each request. */
async function countCommands(
  baseUrl: string,
  c: Pick<LatencyCase, 'name' | 'method' | 'path' | 'body' | 'headers'>,
  reservations: number,
  times = 3,
): Promise<ReadCount> {
  const counted: CounterSnapshot[] = [];
  let trace: Traced[] = [];
  for (let i = 0; i < times; i++) {
    trace = [];
    tracing.lines = trace;
    const before = snapshot();
    const response = await fetch(new URL(c.path, baseUrl), {
      method: c.method,
      headers: c.headers ?? {},
      ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    });
    await response.arrayBuffer();
    counted.push(since(before));
    tracing.lines = undefined;
    if (response.status !== 200) throw new Error(`${c.name} answered ${response.status}`);
  }
  const reads = counted.map((s) => readsOf(s.sent));
  return {
    case: c.name,
    reservations,
    reads: Math.min(...reads),
    readsMax: Math.max(...reads),
    commands: describe((counted[counted.length - 1] as CounterSnapshot).sent),
    // The session key is a token's hash: not worth printing.
    trace: trace.map((t) => `${t.command} ${t.key.replace(/^SESSION#\S+/, 'SESSION#…')}`),
    inSequence: roundTripsInSequence(trace),
  };
}

/** One booking request per free (property, night): round-robin over the bookable properties. */
class Bookings {
  private next = 0;
  constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
    private readonly firstNight: string,
  ) {}

  /** The next `n` bookings; each spreads over the properties, a burst of 20 hits all 20 at once. */
  take(n: number): LoadTarget[] {
    return Array.from({ length: n }, () => this.target(this.next++));
  }

  private target(k: number): LoadTarget {
    const propertyId = BOOKABLE_FIRST_ID + (k % BOOKABLE_PROPERTIES);
    const dateFrom = addDays(this.firstNight, Math.floor(k / BOOKABLE_PROPERTIES));
    // A distinct client address per booking: 10.a.b.c from k (the per-IP limit is 20 an hour).
    const ip = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
    return {
      url: new URL(`${BASE}/book.json`, this.baseUrl).href,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie, 'x-forwarded-for': ip },
      body: JSON.stringify({
        propertyId,
        dateFrom,
        dateTo: addDays(dateFrom, 1),
        adults: 2,
        name: 'Terry Tenant',
        email: TENANT.email,
        phone: '+1 910 555 0142',
      }),
      expectStatus: 200,
    };
  }
}

/** Each target once, `concurrency` at a time; samples and errors over all targets. */
async function runOnce(client: LoadClient, targets: LoadTarget[], concurrency: number, maxMs: number) {
  const result = await client.run({ targets, concurrency, warmup: 0, requests: targets.length, maxMs });
  const samples = result.perTarget.flatMap((t) => t.samplesMs);
  const errors = result.perTarget.reduce((n, t) => n + t.errors, 0);
  const firstError = result.perTarget.find((t) => t.firstError !== undefined)?.firstError;
  return { samples, errors, firstError, wallMs: result.wallMs, truncated: result.truncated };
}

async function counterValue(name: string): Promise<number> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.counter(name) }));
  return Number(Item?.value ?? 0);
}

const ID_COUNTERS = ['reservation', 'order', 'invoice'];

async function measureBook(
  client: LoadClient,
  bookings: Bookings,
  plan: BookingPlan,
  settle: () => Promise<void>,
): Promise<BookRow[]> {
  const rows: BookRow[] = [];
  for (const concurrency of plan.latency.concurrencies) {
    await runOnce(client, bookings.take(10 * concurrency), concurrency, plan.latency.maxMsPerJob);
    await settle();
    const n = plan.bookings[concurrency] ?? 100;
    const cpu = cpuMsNow();
    const run = await runOnce(client, bookings.take(n), concurrency, plan.latency.maxMsPerJob);
    const cpuMs = cpuMsNow() - cpu;
    const row: BookRow = {
      concurrency,
      ...summarize(run.samples, run.wallMs, run.errors),
      truncated: run.truncated,
      cpuMsPerBooking: cpuMs / Math.max(1, run.samples.length),
      coresBusy: cpuMs / run.wallMs,
    };
    if (run.firstError !== undefined) row.firstError = run.firstError;
    rows.push(row);
  }
  return rows;
}

async function measureBurst(
  client: LoadClient,
  bookings: Bookings,
  rounds: number,
  settle: () => Promise<void>,
): Promise<BurstResult> {
  const result: BurstResult = {
    rounds,
    singleMs: [],
    burstMs: [],
    burstCoresBusy: [],
    errors: 0,
    counterSteps: Object.fromEntries(ID_COUNTERS.map((c) => [c, []])),
    commands: '',
    commandsByKind: {},
    singleByKind: {},
    failed: '',
    transactionsPerBooking: 0,
    cpuBoundMs: Number.NaN,
    cores: cpus().length,
  };
  const before = snapshot();
  const trace: Traced[] = [];
  const singleTrace: Traced[] = [];
  for (let round = 0; round < rounds; round++) {
    await settle();
    tracing.lines = singleTrace;
    const single = await runOnce(client, bookings.take(1), 1, 30_000);
    tracing.lines = undefined;
    result.singleMs.push(single.wallMs);
    const counters = await Promise.all(ID_COUNTERS.map(counterValue));
    await settle();
    // `take` goes round-robin over the 20 properties: these 20 fall on the 20 properties, one each.
    const cpu = cpuMsNow();
    tracing.lines = trace;
    const burst = await runOnce(client, bookings.take(BOOKABLE_PROPERTIES), BOOKABLE_PROPERTIES, 30_000);
    tracing.lines = undefined;
    result.burstCoresBusy.push((cpuMsNow() - cpu) / burst.wallMs);
    result.burstMs.push(burst.wallMs);
    const after = await Promise.all(ID_COUNTERS.map(counterValue));
    ID_COUNTERS.forEach((c, i) => {
      result.counterSteps[c]?.push((after[i] ?? 0) - (counters[i] ?? 0));
    });
    result.errors += single.errors + burst.errors;
    const firstError = single.firstError ?? burst.firstError;
    if (firstError !== undefined) result.firstError ??= firstError;
  }
  result.commandsByKind = groupTrace(trace);
  result.singleByKind = groupTrace(singleTrace);
  const counted = since(before);
  result.commands = describe(counted.sent);
  result.failed = describe(counted.failed) || 'none';
  result.transactionsPerBooking =
    (counted.sent.TransactWriteItemsCommand ?? 0) / (rounds * (BOOKABLE_PROPERTIES + 1));
  return result;
}

export async function measureBooking(
  client: LoadClient,
  baseUrls: { runtime: string; floor: string },
  sizes: readonly [number, number],
  plan: BookingPlan,
  log: (line: string) => void,
  /** Waits until the local job runner has handled what was written (jobs are other Lambdas in the cloud). */
  settle: () => Promise<void>,
): Promise<BookingResult> {
  installCommandCounter();
  const now = new Date();
  const today = utcToday();
  const [small, large] = sizes;

  await properties.insertProperty(benchVr(0, MEASURED_ID, MEASURED_UNITS, now));
  for (let i = 0; i < BOOKABLE_PROPERTIES; i++)
    await properties.insertProperty(benchVr(1 + i, BOOKABLE_FIRST_ID + i, 1, now));
  await raiseCounter('property', OTHER_FIRST_ID + OTHER_PROPERTIES);

  const existing = (await reservationsByStart({})).length;
  if (existing > small - 13) throw new Error(`the table already holds ${existing} reservations`);
  // Ids handed out by the product's counter, then raised past the bulk (as a fixture load does).
  const firstId = await nextId('reservation');
  await raiseCounter('reservation', firstId + large);
  let id = firstId;
  const ids = () => id++;

  const t0 = performance.now();
  const first = inWindow(today, ids);
  for (let i = 0; existing + first.length < small; i++) first.push(filler(i, ids(), today));
  for (const r of first) await commit(insertReservationParts(r));
  const insertMs = performance.now() - t0;
  const inserted = first.length;
  log(`  ${inserted} reservations, one transaction each: ${(insertMs / 1000).toFixed(1)} s`);

  const stay = { dateFrom: addDays(today, 34), dateTo: addDays(today, 37) };
  const cases = readCases(stay, today);
  const points: BookingPoint[] = [];
  const reads: ReadCount[] = [];
  const measureAt = async (size: number) => {
    await settle();
    for (const c of cases) {
      if (c.server !== 'floor') reads.push(await countCommands(baseUrls.runtime, c, size));
    }
    const rows = await measureCases(client, [FLOOR_CASE, ...cases], baseUrls, plan.latency);
    points.push({ reservations: size, rows });
  };
  await measureAt(small);

  const bulk: ReservationRecord[] = [];
  for (let i = inserted; existing + i < large; i++) bulk.push(filler(i, ids(), today));
  const t1 = performance.now();
  const bulkItems = await bulkLoad(bulk, 4);
  const bulkLoadMs = performance.now() - t1;
  log(
    `  ${bulk.length} reservations (${bulkItems} items) batch-written: ${(bulkLoadMs / 1000).toFixed(1)} s`,
  );
  await measureAt(large);

  log('  booking: concurrency 1 and 8, then 20 at once on 20 properties…');
  const bookings = new Bookings(baseUrls.runtime, await tenantCookie(baseUrls.runtime), addDays(today, 3));
  const bookCount = await countCommands(
    baseUrls.runtime,
    { name: 'POST book (tenant session, 1 night)', ...targetCase(bookings.take(1)[0] as LoadTarget) },
    large,
    1,
  );
  reads.push(bookCount);
  const book = await measureBook(client, bookings, plan, settle);
  const burst = await measureBurst(client, bookings, plan.burstRounds, settle);
  const one = book.find((r) => r.concurrency === 1);
  if (one) burst.cpuBoundMs = (BOOKABLE_PROPERTIES * one.cpuMsPerBooking) / burst.cores;
  return {
    measuredPropertyId: MEASURED_ID,
    stay,
    points,
    reads,
    fill: { inserted, insertMs, bulkLoaded: bulk.length, bulkItems, bulkLoadMs },
    book,
    bookCommands: bookCount.commands,
    burst,
  };
}

/** A load target as a case countCommands can send once. */
function targetCase(t: LoadTarget): Pick<LatencyCase, 'method' | 'path' | 'body' | 'headers'> {
  return {
    method: 'POST',
    path: new URL(t.url).pathname,
    headers: t.headers,
    body: t.body === undefined ? undefined : JSON.parse(t.body),
  };
}
