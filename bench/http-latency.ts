/**
 * Part 1: warm latency and throughput over HTTP, loopback only. Each case is one request shape; the cases run
 * in interleaved rounds (rotating order) so slow drift (JIT, GC, DynamoDB Local) spreads over all of them.
 * Add a route by adding a case to LATENCY_CASES (or passing your own list).
 */
import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult, LoadTarget, TargetResult } from './load-worker.js';
import { type LatencySummary, summarize } from './stats.js';

export interface LatencyCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, e.g. `/API/siteSettings/V1/settings.json`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Expected status (default 200); anything else counts as an error. */
  expectStatus?: number;
  /** `floor` = the bench's floor server, otherwise the local runtime. */
  server?: 'runtime' | 'floor';
  /** Compared with the floor for the public-GET target. */
  compareToFloor?: boolean;
  /** Each request from its own client address (LoadTarget.addressPerRequest): routes with a per-IP limit. */
  addressPerRequest?: boolean;
  /** Runs once before the case is measured, e.g. to sign in; returns headers to send (a cookie). */
  prepare?: (baseUrl: string) => Promise<Record<string, string>>;
}

/** A VR property of the demo fixture (infra/local/fixtures/demo.json). */
export const DEMO_VR_ID = 2001;

export const FLOOR_CASE: LatencyCase = {
  name: 'floor: 1 GetItem',
  method: 'GET',
  path: `/API/bench/V1/floor/${DEMO_VR_ID}.json`,
  server: 'floor',
};

export const LATENCY_CASES: LatencyCase[] = [
  FLOOR_CASE,
  // Diagnostic, no target: what a second DynamoDB read in parallel costs on this machine (the VR list makes two).
  {
    name: 'floor×2: 2 parallel GetItems',
    method: 'GET',
    path: `/API/bench/V1/floor2/${DEMO_VR_ID}.json`,
    server: 'floor',
  },
  {
    name: 'GET vrProperty',
    method: 'GET',
    path: `/API/vrProperties/V1/vrProperties/${DEMO_VR_ID}.json`,
    compareToFloor: true,
  },
  {
    name: 'GET vrProperties list',
    method: 'GET',
    path: '/API/vrProperties/V1/vrProperties.json',
    compareToFloor: true,
  },
  { name: 'GET settings', method: 'GET', path: '/API/siteSettings/V1/settings.json', compareToFloor: true },
  { name: 'GET content', method: 'GET', path: '/API/siteContent/V1/content.json', compareToFloor: true },
  { name: 'GET pages list', method: 'GET', path: '/API/sitePages/V1/pages.json', compareToFloor: true },
  {
    name: 'GET blog list',
    method: 'GET',
    path: '/API/networkBlog/V1/networkBlogPosts.json',
    compareToFloor: true,
  },
  // A POST with a scrypt verification: reported beside the floor, no floor target (its cost is the KDF's).
  {
    name: 'POST tenant login',
    method: 'POST',
    path: '/API/publicAuth/V1/login.json',
    body: { email: 'demo-tenant@example.com', password: 'demo-tenant-pass-1' },
  },
];

export interface LatencyPlan {
  concurrencies: readonly number[];
  /** Unrecorded requests per case before each measurement. */
  warmup: number;
  /** Recorded requests per case for latency, all cases interleaved request by request. */
  requests: number;
  /** Recorded requests per case for throughput, each case alone, split over `rounds` in rotating order. */
  throughputRequests: number;
  rounds: number;
  /** Time cap of one load job. */
  maxMsPerJob: number;
}

export interface LatencyRow extends LatencySummary {
  name: string;
  method: string;
  path: string;
  concurrency: number;
  /** p50 when the case ran alone (the throughput runs), ms. */
  aloneP50: number;
  truncated: boolean;
  statuses: Record<number, number>;
  firstError?: string;
}

/**
 * The p50 the targets use. At concurrency 1 the interleaved p50 (one request in flight, so no route waits
 * behind another, and drift falls on all alike). Above 1, interleaved requests queue behind other routes'
 * requests and every route converges to the shared queue time, so the p50 with the route alone is used.
 */
export const targetP50 = (row: LatencyRow): number => (row.concurrency === 1 ? row.p50 : row.aloneP50);

export class LoadClient {
  private readonly worker = new Worker(new URL('./load-worker.ts', import.meta.url));

  run(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: { ok: true; result: LoadResult } | { ok: false; error: string }) => {
        this.worker.off('error', onError);
        if (message.ok) resolve(message.result);
        else reject(new Error(message.error));
      };
      const onError = (error: Error) => {
        this.worker.off('message', onMessage);
        reject(error);
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage(job);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

function jobOf(c: LatencyCase, baseUrl: string, extraHeaders: Record<string, string>): LoadTarget {
  const body = c.body === undefined ? undefined : JSON.stringify(c.body);
  const headers: Record<string, string> = {
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(c.headers ?? {}),
    ...extraHeaders,
  };
  return {
    url: new URL(c.path, baseUrl).href,
    method: c.method,
    headers,
    body,
    expectStatus: c.expectStatus ?? 200,
    ...(c.addressPerRequest ? { addressPerRequest: true } : {}),
  };
}

interface AloneRuns {
  samples: number[];
  wallMs: number;
  truncated: boolean;
}

/** Each target alone, `plan.rounds` times in rotating order, summed per target. */
async function throughputAlone(
  client: LoadClient,
  targets: readonly LoadTarget[],
  concurrency: number,
  plan: LatencyPlan,
): Promise<AloneRuns[]> {
  const alone: AloneRuns[] = targets.map(() => ({ samples: [], wallMs: 0, truncated: false }));
  const perRound = Math.max(concurrency, Math.ceil(plan.throughputRequests / plan.rounds));
  for (let round = 0; round < plan.rounds; round++) {
    for (let k = 0; k < targets.length; k++) {
      const index = (k + round) % targets.length;
      const result = await client.run({
        targets: [targets[index] as LoadTarget],
        concurrency,
        warmup: Math.min(plan.warmup, 10 * concurrency),
        requests: perRound,
        maxMs: plan.maxMsPerJob,
      });
      const acc = alone[index] as AloneRuns;
      for (const s of result.perTarget[0]?.samplesMs ?? []) acc.samples.push(s);
      acc.wallMs += result.wallMs;
      acc.truncated ||= result.truncated;
    }
  }
  return alone;
}

/**
 * For each concurrency: latency with every case interleaved request by request (so noise on the machine falls
 * on all alike), then throughput with each case alone, in rounds of rotating order.
 */
export async function measureCases(
  client: LoadClient,
  cases: readonly LatencyCase[],
  baseUrls: { runtime: string; floor?: string },
  plan: LatencyPlan,
): Promise<LatencyRow[]> {
  const targets: LoadTarget[] = [];
  for (const c of cases) {
    const base = c.server === 'floor' ? baseUrls.floor : baseUrls.runtime;
    if (!base) throw new Error(`case "${c.name}" needs the ${c.server} server`);
    targets.push(jobOf(c, base, (await c.prepare?.(base)) ?? {}));
  }

  const rows: LatencyRow[] = [];
  for (const concurrency of plan.concurrencies) {
    const mixed = await client.run({
      targets,
      concurrency,
      warmup: plan.warmup * cases.length,
      requests: plan.requests * cases.length,
      maxMs: plan.maxMsPerJob,
    });

    const alone = await throughputAlone(client, targets, concurrency, plan);

    cases.forEach((c, index) => {
      const m = mixed.perTarget[index] as TargetResult;
      const a = alone[index] as AloneRuns;
      const throughput = summarize(a.samples, a.wallMs);
      const row: LatencyRow = {
        name: c.name,
        method: c.method,
        path: c.path,
        concurrency,
        ...summarize(m.samplesMs, mixed.wallMs, m.errors),
        rps: throughput.rps,
        aloneP50: throughput.p50,
        truncated: mixed.truncated || a.truncated,
        statuses: m.statuses,
      };
      if (m.firstError !== undefined) row.firstError = m.firstError;
      rows.push(row);
    });
  }
  return rows;
}
