/**
 * Stripe's Idempotency-Key rule as the stand-in (stripe-stand-in.ts) keeps it for its creates: the same key with
 * the same request answers the first answer again (`Idempotent-Replayed`), errors included (a declined
 * off-session charge stays declined); the same key with another request is a 400 `idempotency_error`.
 */
import { type Answer, stripeError } from './stripe-intents.js';

interface Kept {
  request: string;
  answer: Answer | Promise<Answer>;
}

export class IdempotencyKeys {
  private readonly kept = new Map<string, Kept>();

  /** Runs `make` once per key; `request` is the method's path and body as sent. */
  async run(key: string | undefined, request: string, make: () => Promise<Answer> | Answer): Promise<Answer> {
    if (!key) return make();
    const first = this.kept.get(key);
    if (first && first.request !== request)
      return stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    // Stripe answers a repeat while the first is still running with a 409 the SDK retries; here it waits for it.
    if (first) return { ...(await first.answer), replayed: true };
    // Kept before the work runs (it may announce an event first): a repeat meanwhile gets the same answer.
    const answer = Promise.resolve().then(make);
    this.kept.set(key, { request, answer });
    try {
      const done = await answer;
      this.kept.set(key, { request, answer: { status: done.status, answer: done.answer } });
      return done;
    } catch (error) {
      this.kept.delete(key);
      throw error;
    }
  }
}
