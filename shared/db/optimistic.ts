/**
 * Optimistic concurrency for read–modify–write records: a repository writes conditioned on the version it
 * read, and a failed version condition on its `update:<record> <id>` part (shared/db/transaction.ts) becomes
 * StaleRecord; the service re-reads and re-applies. Under heavy contention the attempts run out: the answer
 * is then a 409 and nothing was written, a state the request's rivals alone could have left.
 */
import { jitteredBackoff } from '../backoff.js';
import { Conflict } from '../errors.js';

/** Another write changed the record since it was read (or a concurrent transaction held it). */
export class StaleRecord extends Error {}

const ATTEMPTS = 8;
const BASE_DELAY_MS = 5;

/** Runs `attempt` until it does not throw StaleRecord; jittered backoff spreads the rivals out. */
export async function retryStale<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StaleRecord)) throw error;
      if (i >= ATTEMPTS) {
        throw new Conflict(`${what} is being changed by other requests at the same moment; try again`);
      }
      await jitteredBackoff(Math.min(i, 5), BASE_DELAY_MS);
    }
  }
}
