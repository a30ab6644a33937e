/**
 * Pacing of the requests to one QuickBooks company (docs/accounting.md "Pacing"): QuickBooks allows an app 500
 * requests a minute and 10 at once per company and answers 429 beyond
 * (https://blogs.intuit.com/blog/2016/08/08/idg-concurrent-api-use-changes-coming-soon/). The pacer keeps
 * both: a request waits for a free slot and for the minute's window (the starts of the last 60 s) to have
 * room. The starts of a previous run are handed over (`recentStarts`), so runs one after the other never sum
 * to more than the limit in any 60 s. A wait that would end after the run's deadline is refused instead.
 */

export const QUICKBOOKS_LIMITS = { perMinute: 500, concurrent: 10 } as const;
const WINDOW_MS = 60_000;

export class PacingDeadline extends Error {
  constructor() {
    super('the request budget of this run is used up: the rest waits for the next run');
  }
}

export interface PacerOptions {
  perMinute: number;
  concurrent: number;
  /** No request starts after this time (epoch ms). */
  deadline: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Start times (epoch ms) of requests made in the last minute by an earlier run. */
  recentStarts?: readonly number[];
}

export class RequestPacer {
  private readonly starts: number[];
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.starts = [...(options.recentStarts ?? [])].sort((a, b) => a - b);
  }

  /** Runs `request` when a slot and the minute's budget allow it. */
  async run<T>(request: () => Promise<T>): Promise<T> {
    await this.slot();
    try {
      await this.budget();
      return await request();
    } finally {
      this.release();
    }
  }

  /** The starts within the last minute (handed to the next run). */
  recent(): number[] {
    const since = this.now() - WINDOW_MS;
    return this.starts.filter((t) => t > since);
  }

  /** Requests running now (for tests and logs). */
  running(): number {
    return this.inFlight;
  }

  private async slot(): Promise<void> {
    if (this.inFlight < this.options.concurrent) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }

  private async budget(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.starts.length > 0 && (this.starts[0] ?? 0) <= now - WINDOW_MS) this.starts.shift();
      if (this.starts.length < this.options.perMinute) {
        if (now > this.options.deadline) throw new PacingDeadline();
        this.starts.push(now);
        return;
      }
      const until = (this.starts[0] ?? now) + WINDOW_MS;
      if (until > this.options.deadline) throw new PacingDeadline();
      await this.sleep(until - now);
    }
  }
}
