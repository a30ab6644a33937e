/**
 * The one limiter of concurrency and rate (docs/jobs.md "One limiter, one retry ladder"), over p-queue: at most
 * `concurrency` tasks run at once, and every rate given holds at once (no more than `starts` starts in any
 * window of `perMs`: a sliding window, p-queue's `strict` mode, as an API that counts its requests needs).
 * A task first takes a slot (a queue of `concurrency`), then passes each rate's gate (a queue of one rate,
 * holding no-op turns), then runs: so a task holds its slot while it waits for the rates, and no more than
 * `concurrency` tasks are ever at the gates.
 *
 * The same limiter paces the mail to SES (a pace lowered while it runs, `setRates`), the requests to a
 * QuickBooks company (10 at once, 500 a minute, 10 a second; a run's deadline), the sends of the rent run's
 * pages and every "so many at a time" of the workflows (`mapLimited`).
 */
import PQueue from 'p-queue';
import { wallMs } from '../clock.js';

/** No more than `starts` tasks start in any window of `perMs` milliseconds. */
export interface Rate {
  readonly starts: number;
  readonly perMs: number;
}

/** One start every `1 / perSecond` seconds (a pace: SES's rate). */
export const paced = (perSecond: number): Rate => ({ starts: 1, perMs: 1000 / perSecond });

export interface LimiterOptions {
  /** Tasks running at once. */
  readonly concurrency: number;
  /** Rates that all hold (a minute's and a second's, say). */
  readonly rates?: readonly Rate[];
  /**
   * No task starts later than `inMs` from now: one still waiting then is refused with `refusal()` (a task
   * waiting for a slot when a running one ends), the ones running go on.
   */
  readonly deadline?: { readonly inMs: number; readonly refusal: () => Error };
  /**
   * Start times (epoch ms) of tasks an earlier run made against the same rates (the last minute's requests of
   * the previous sync run): they count as if made now, which only errs on the slow side.
   */
  readonly startedBefore?: readonly number[];
}

/** Why a task waiting at a gate goes back to the gates: the rates changed. */
const REPACED = Symbol('the rates changed');

export class Limiter {
  private readonly slots: PQueue;
  private gates: Gate[] = [];
  /** Tasks waiting at a gate: re-queued when the rates change, refused at the deadline. */
  private readonly atGates = new Set<AbortController>();
  /** Start times (epoch ms) within the longest window, for `recentStarts` and a change of rates. */
  private starts: number[];
  private longestMs = 0;
  private readonly late: AbortSignal | undefined;
  private firstFailure: { error: unknown } | undefined;

  constructor(private readonly options: LimiterOptions) {
    this.slots = new PQueue({ concurrency: options.concurrency });
    this.starts = [...(options.startedBefore ?? [])];
    const { deadline } = options;
    if (deadline) {
      const late = new AbortController();
      this.late = late.signal;
      late.signal.addEventListener('abort', () => {
        for (const waiting of this.atGates) waiting.abort(deadline.refusal());
      });
      // Unref'd: the timer of a run that ended keeps no process alive.
      if (deadline.inMs > 0) setTimeout(() => late.abort(), deadline.inMs).unref();
      else late.abort();
    }
    this.setRates(options.rates ?? []);
  }

  /**
   * New rates for every task not started yet (a pace lowered after a throttle): those waiting at a gate go
   * back to the new gates in their order, and the starts of the longest new window so far count in them.
   */
  setRates(rates: readonly Rate[]): void {
    this.gates = gatesOf(rates, this.options.concurrency);
    this.longestMs = this.gates[0]?.perMs ?? 0;
    this.starts = this.startsWithin(this.longestMs);
    for (const gate of this.gates) {
      const counted = Math.min(this.startsWithin(gate.perMs).length, gate.starts);
      for (let i = 0; i < counted; i++) void gate.queue.add(() => undefined);
    }
    for (const waiting of this.atGates) waiting.abort(REPACED);
  }

  /** Runs `task` when a slot and every rate allow it; its result. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.slots.add(async () => {
      await this.passGates();
      this.started();
      return task();
    });
  }

  /** `fn` over the list within the limits; the results in list order (the first failure rejects). */
  map<T, R>(list: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
    return Promise.all(list.map((item) => this.run(() => fn(item))));
  }

  /**
   * Hands `task` on and resolves once it has started, so a producer that awaits each one never holds more
   * than one task waiting (it reads or checks on only as fast as the tasks start). False, and the task not
   * taken, after an earlier task failed: the producer stops; `drain` throws that failure.
   */
  async add(task: () => Promise<unknown>): Promise<boolean> {
    if (this.firstFailure) return false;
    return new Promise<boolean>((taken) => {
      this.run(() => {
        taken(true);
        return task();
      }).catch((error: unknown) => {
        this.firstFailure ??= { error };
        taken(false);
      });
    });
  }

  /** Resolves when every task added has ended; rejects with the first failure of one. */
  async drain(): Promise<void> {
    await this.slots.onIdle();
    if (this.firstFailure) throw this.firstFailure.error;
  }

  /** Start times (epoch ms) within the longest window of the rates (handed to the next run: `startedBefore`). */
  recentStarts(): number[] {
    return this.startsWithin(this.longestMs);
  }

  private async passGates(): Promise<void> {
    for (;;) {
      if (this.late?.aborted && this.options.deadline) throw this.options.deadline.refusal();
      if (this.gates.length === 0) return;
      const waiting = new AbortController();
      this.atGates.add(waiting);
      try {
        for (const gate of this.gates) await gate.queue.add(() => undefined, { signal: waiting.signal });
        return;
      } catch (error) {
        if (error !== REPACED) throw error;
      } finally {
        this.atGates.delete(waiting);
      }
    }
  }

  private started(): void {
    if (this.longestMs === 0) return;
    this.starts.push(wallMs());
    if (this.starts.length > 2 * (this.gates[0]?.starts ?? 0))
      this.starts = this.startsWithin(this.longestMs);
  }

  private startsWithin(ms: number): number[] {
    const since = wallMs() - ms;
    return this.starts.filter((t) => t > since);
  }
}

/** `fn` over the list, at most `concurrency` at a time (reads of many partitions without flooding the SDK's sockets). */
export function mapLimited<T, R>(
  list: readonly T[],
  fn: (item: T) => Promise<R>,
  concurrency = 8,
): Promise<R[]> {
  return new Limiter({ concurrency }).map(list, fn);
}

/** One rate's queue of no-op turns, and its window (widened: below). */
interface Gate extends Rate {
  readonly queue: PQueue;
}

/**
 * One gate per rate, the longest window first. A task passes them in turn, so it starts a little after it
 * passed an outer gate: at most `ceil(concurrency / starts) × perMs` of each inner gate (no more than
 * `concurrency` tasks are at the gates, in order). Each outer window is widened by that much, so its rate
 * holds for the starts themselves: 500 a minute under 10 a second with 10 at once is 500 in any 61 s.
 */
function gatesOf(rates: readonly Rate[], concurrency: number): Gate[] {
  const limiting = rates
    .filter((r) => Number.isFinite(r.starts) && r.perMs > 0)
    .sort((a, b) => b.perMs - a.perMs);
  return limiting.map((rate, i) => {
    const slack = limiting
      .slice(i + 1)
      .reduce((ms, inner) => ms + Math.ceil(concurrency / inner.starts) * inner.perMs, 0);
    const perMs = rate.perMs + slack;
    return {
      starts: rate.starts,
      perMs,
      queue: new PQueue({ intervalCap: rate.starts, interval: perMs, strict: true }),
    };
  });
}
