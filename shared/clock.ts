/**
 * The one clock (DESIGN.md "The local runtime", `CLOCK`): every "now" of a request or a job comes from here, so
 * rent months, late fees, holds, reminders and every date-bound job see the same time. In the cloud it is the
 * system clock and nothing moves it. The local runtime may set it to any moment (`CLOCK` at start,
 * `POST /_local/clock`), as Stripe's test clocks do for subscriptions: the time set keeps running from that
 * moment (an offset from the system clock), so waits and expiries go on as they would.
 *
 * `wallMs` is the machine's own time, for what is measured against a clock not ours (an HTTP date another
 * server sent) and for how long something took: a moved clock must not make a 5 s budget end at once.
 */

let offsetMs = 0;

/** The current moment of the service. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The machine's time in milliseconds (elapsed times, deadlines of a call, another server's dates). */
export function wallMs(): number {
  return Date.now();
}

/**
 * Moves the service's clock to `at` (and on from there). Only the local runtime and tests call it: the cloud
 * has no route to it (docs/local-runtime.md "The clock").
 */
export function setClock(at: Date): void {
  if (Number.isNaN(at.getTime())) throw new RangeError('setClock needs a valid date');
  offsetMs = at.getTime() - Date.now();
}

/** Back to the machine's time. */
export function resetClock(): void {
  offsetMs = 0;
}

/** How far the clock is from the machine's time, in milliseconds (0 unless moved). */
export function clockOffsetMs(): number {
  return offsetMs;
}
