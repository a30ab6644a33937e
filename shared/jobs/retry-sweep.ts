/**
 * The retry sweep of the table-change jobs (retry-path.ts), run every minute by the stream reader's function:
 * for each job, its parked records in stream order, one try each, while the first is due. A record that works
 * leaves the retry path and the next is tried at once; one that fails waits out its backoff, with the job's
 * records behind it; after the job's last try it is kept as a JOBFAILURE item and the next goes on.
 */

import { now } from '../clock.js';
import type { ParkedRecord } from '../data/job-retry-items.js';
import { log } from '../log.js';
import { afterFailedTry } from '../retry-policy.js';
import type { TableChangeJob } from './contract.js';
import { emitJobMetric } from './metrics.js';
import { CLAIM_MS, type DispatchedJob, jobRetryPolicy, tryRecords } from './retry-path.js';

/** What the sweep needs of the parked records (shared/data/job-retries-repo.ts in the cloud). */
export interface ParkedRecords {
  first(jobId: string): Promise<ParkedRecord | undefined>;
  claim(parked: ParkedRecord, until: Date): Promise<boolean>;
  done(parked: ParkedRecord): Promise<void>;
  retryLater(parked: ParkedRecord, attempts: number, dueAt: Date, error: string): Promise<void>;
  keep(parked: ParkedRecord, attempts: number, error: string, now: Date): Promise<void>;
}

export interface SweepOptions {
  /** No try starts after this time (ms since the epoch): the function's timeout minus a margin. */
  until: number;
  clock?: () => Date;
}

export interface JobSweep {
  jobId: string;
  handled: number;
  retriedLater: number;
  kept: number;
}

export async function sweepParked(
  jobs: readonly DispatchedJob[],
  parked: ParkedRecords,
  options: SweepOptions,
): Promise<JobSweep[]> {
  return Promise.all(
    jobs.map(({ job, handler }) =>
      sweepJob(job, handler, parked, options).catch((error: unknown) => {
        // A read or write of the retry path failed: the records stay where they are for the next run.
        log('error', 'job retry sweep failed', { jobId: job.id, error: (error as Error).message });
        return { jobId: job.id, handled: 0, retriedLater: 0, kept: 0 };
      }),
    ),
  );
}

async function sweepJob(
  job: TableChangeJob,
  handler: DispatchedJob['handler'],
  parked: ParkedRecords,
  options: SweepOptions,
): Promise<JobSweep> {
  const clock = options.clock ?? now;
  const result: JobSweep = { jobId: job.id, handled: 0, retriedLater: 0, kept: 0 };
  while (clock().getTime() < options.until) {
    const head = await parked.first(job.id);
    const now = clock();
    if (!head || head.dueAt > now.toISOString()) break;
    if (!(await parked.claim(head, new Date(now.getTime() + CLAIM_MS)))) break; // another run has it
    const { error } = await tryRecords(handler, [head.record]);
    if (error === undefined) {
      await parked.done(head);
      result.handled += 1;
      continue;
    }
    const attempts = head.attempts + 1;
    const next = afterFailedTry(jobRetryPolicy(job), attempts, clock());
    if (next.kind === 'giveUp') {
      await parked.keep(head, attempts, error, clock());
      result.kept += 1;
      emitJobMetric('JobRecordsKept', job.id, 1);
      log('error', 'job gave up on a record', {
        jobId: job.id,
        eventID: head.record.eventID,
        attempts,
        error,
      });
      continue;
    }
    await parked.retryLater(head, attempts, next.at, error);
    result.retriedLater += 1;
    break;
  }
  return result;
}
