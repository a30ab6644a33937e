/**
 * Optimistic concurrency for read–modify–write records: a repository writes conditioned on the version it
 * read, and a failed version condition on its `update:<record> <id>` part (shared/db/transaction.ts) becomes
 * StaleRecord; the service re-reads and re-applies. Under heavy contention the attempts run out: the answer
 * is then a 409 and nothing was written, a state the request's rivals alone could have left.
 */
import { jitteredBackoff } from '../backoff.js';
import { Conflict } from '../errors.js';
import { type RetryPolicy, retrying } from '../retry-policy.js';

/** Another write changed the record since it was read (or a concurrent transaction held it). */
export class StaleRecord extends Error {}

/** Eight tries; jittered waits up to 10, 20, 40, 80 ms, then 160 ms, spread the rivals out. */
const STALE_RETRY: RetryPolicy = { maxTries: 8, backoff: jitteredBackoff(5, 160) };

/** Runs `attempt` until it does not throw StaleRecord; a 409 when the tries are used up. */
export async function retryStale<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await retrying(STALE_RETRY, attempt, (error) => error instanceof StaleRecord);
  } catch (error) {
    if (!(error instanceof StaleRecord)) throw error;
    throw new Conflict(`${what} is being changed by other requests at the same moment; try again`);
  }
}
