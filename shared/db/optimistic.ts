/**
 * Optimistic concurrency for read–modify–write records: a repository writes conditioned on the version it
 * read and throws StaleRecord when another write came first; the service re-reads and re-applies. Under
 * heavy contention the attempts run out: the answer is then a 409 and nothing was written, a state the
 * request's rivals alone could have left.
 */
import { Conflict } from '../errors.js';
import { cancellationCodes } from './cancellation.js';

/** Another write changed the record since it was read (or a concurrent transaction held it). */
export class StaleRecord extends Error {}

const ATTEMPTS = 8;
const BASE_DELAY_MS = 5;

/**
 * Whether a cancelled transaction lost to a concurrent one: the item at `versionIndex` failed its version
 * condition, or DynamoDB cancelled the transaction because another transaction was writing the same item.
 */
export function lostRace(error: unknown, versionIndex = 0): boolean {
  const codes = cancellationCodes(error);
  if (!codes) return false;
  return codes[versionIndex] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict');
}

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
      await sleep(Math.random() * BASE_DELAY_MS * 2 ** Math.min(i, 5));
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
