/**
 * The load generator, in a worker thread so the client's own work does not run on the event loop of the
 * server under test. Each job: `warmup` unrecorded requests, then `requests` recorded ones, `concurrency`
 * at a time over keep-alive loopback connections, stopping early when `maxMs` has passed. With several
 * targets the requests go round-robin over them (request by request), so background noise on the machine
 * falls on every target alike.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

export interface LoadTarget {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  expectStatus: number;
  /**
   * Each request from an address of its own (`X-Forwarded-For`, which the bench's runtime trusts): for routes
   * with a per-IP limit (quote, validateCoupon) that one visitor's pace would meet, so every request is the
   * route's usual one, not a 429.
   */
  addressPerRequest?: boolean;
}

let addresses = 0;
/** 10.a.b.c, a new one each call (16 million before they repeat). */
function nextAddress(): string {
  const k = addresses++;
  return `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
}

export interface LoadJob {
  targets: LoadTarget[];
  concurrency: number;
  warmup: number;
  /** Recorded requests in all (spread evenly over the targets). */
  requests: number;
  maxMs: number;
}

export interface TargetResult {
  samplesMs: number[];
  errors: number;
  statuses: Record<number, number>;
  /** The first unexpected response, to explain errors. */
  firstError?: string;
}

export interface LoadResult {
  perTarget: TargetResult[];
  wallMs: number;
  /** True when maxMs stopped the job before `requests` were measured. */
  truncated: boolean;
}

function once(agent: Agent, target: LoadTarget): Promise<{ status: number; ms: number; text: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = target.addressPerRequest
      ? { ...target.headers, 'x-forwarded-for': nextAddress() }
      : target.headers;
    const req = request(target.url, { method: target.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - started;
        const ok = res.statusCode === target.expectStatus;
        resolve({
          status: res.statusCode ?? 0,
          ms,
          text: ok ? '' : Buffer.concat(chunks).toString('utf8').slice(0, 300),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(target.body);
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const perTarget: TargetResult[] = job.targets.map(() => ({ samplesMs: [], errors: 0, statuses: {} }));
  const targetAt = (i: number) => job.targets[i % job.targets.length] as LoadTarget;
  try {
    let warm = 0;
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (warm < job.warmup) await once(agent, targetAt(warm++));
      }),
    );
    let issued = 0;
    let done = 0;
    const started = performance.now();
    const deadline = started + job.maxMs;
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (issued < job.requests && performance.now() < deadline) {
          const index = issued++ % job.targets.length;
          const r = await once(agent, targetAt(index));
          done++;
          const acc = perTarget[index] as TargetResult;
          acc.samplesMs.push(r.ms);
          acc.statuses[r.status] = (acc.statuses[r.status] ?? 0) + 1;
          if (r.status !== targetAt(index).expectStatus) {
            acc.errors++;
            acc.firstError ??= `${r.status} ${r.text}`;
          }
        }
      }),
    );
    return { perTarget, wallMs: performance.now() - started, truncated: done < job.requests };
  } finally {
    agent.destroy();
  }
}

parentPort?.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) =>
      parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) }),
  );
});
