/**
 * The run of an idempotent route on Powertools' idempotency utility (the rules: idempotency.ts). The stored
 * answer is sealed with the data key (shared/crypto/fields.ts) and bound to its route, caller and key: an
 * answer can carry a pay link's token, a payment's client secret or a guest's contact, which the table never
 * holds in plain text (DESIGN.md "Security rules"; docs/decisions.md "Idempotency-Key").
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import { isCiphertext } from '../crypto/field-cipher.js';
import { openFields, sealFields } from '../crypto/fields.js';
import { idempotencyStore } from '../data/idempotency-store.js';
import { isThrottling } from '../db/throttling.js';
import { AppError, Conflict } from '../errors.js';
import {
  IDEMPOTENCY_SECONDS,
  type IdempotentRequest,
  type IdempotentRunOf,
  REPLAYED_HEADER,
} from './idempotency.js';
import type { Reply } from './route.js';

/**
 * What is stored: the reply as JSON text (Powertools marshals a map, which would refuse `undefined`), sealed
 * (`v1:…`, shared/crypto/field-cipher.ts).
 */
interface Stored {
  reply: string;
  replayed?: boolean;
}

/** The sealed reply of a stored answer as Powertools gives it back (a JSON value); anything else cannot replay. */
function storedReply(response: unknown): string {
  const reply =
    typeof response === 'object' && response !== null ? (response as { reply?: unknown }).reply : undefined;
  if (typeof reply !== 'string') throw new Error('the stored answer of an Idempotency-Key has no reply');
  return reply;
}

/** The sealed answer's authenticated data: copied onto another record, it fails to open. */
const ownerOf = (request: IdempotentRequest) =>
  `idempotency:${request.route}:${request.caller}:${request.key}`;

async function sealReply(reply: Reply, request: IdempotentRequest): Promise<Stored> {
  const { reply: sealed } = await sealFields({ reply: JSON.stringify(reply) }, ownerOf(request));
  if (sealed === undefined) throw new Error('an Idempotency-Key answer was not sealed');
  return { reply: sealed };
}

/**
 * A stored answer that does not open (another data key, tampered) cannot be replayed: a 500, logged. One
 * stored before answers were sealed (kept 24 h at most) is JSON text, replayed as it was: a client retrying
 * across the deploy gets its answer, not a 500 for a day.
 */
async function openReply(stored: Stored, request: IdempotentRequest): Promise<Reply> {
  if (!isCiphertext(stored.reply)) return JSON.parse(stored.reply) as Reply;
  const { reply } = await openFields({ reply: stored.reply }, ownerOf(request));
  if (reply === undefined) throw new Error('the stored answer of an Idempotency-Key could not be opened');
  return JSON.parse(reply) as Reply;
}

/** Made once per idempotent route, when the group's handler is built (Powertools configures a layer once). */
export const idempotentRun: IdempotentRunOf = (contract) => {
  const expiresAfterSeconds =
    typeof contract.idempotency === 'object' ? contract.idempotency.expiresAfterSeconds : IDEMPOTENCY_SECONDS;
  const run = makeIdempotent(
    async (request: IdempotentRequest, _context: Context, execute: () => Promise<Reply>): Promise<Stored> =>
      sealReply(await execute(), request),
    {
      persistenceStore: idempotencyStore(contract.id),
      keyPrefix: contract.id,
      config: new IdempotencyConfig({
        eventKeyJmesPath: '[route, caller, key]',
        payloadValidationJmesPath: 'request',
        throwOnNoIdempotencyKey: true,
        expiresAfterSeconds,
        hashFunction: 'sha256',
        // Called only when a stored answer is returned instead of running the handler.
        responseHook: (response) => ({ reply: storedReply(response), replayed: true }),
      }),
    },
  );
  return async (request, context, execute) => {
    let stored: Stored;
    try {
      // The Lambda context as second argument lets Powertools bound an in-progress record by the time left.
      stored = (await run(request, context, execute)) as Stored;
    } catch (error) {
      throw translate(error);
    }
    const reply = await openReply(stored, request);
    if (stored.replayed) reply.headers = { ...(reply.headers ?? {}), [REPLAYED_HEADER]: 'true' };
    return reply;
  };
};

/** Powertools' errors as the design's statuses; the handler's own errors pass through unchanged. */
function translate(error: unknown): unknown {
  const name = (error as Error | null)?.name;
  if (name === 'IdempotencyValidationError')
    return new AppError(
      422,
      'Unprocessable Content',
      'This Idempotency-Key was already used with a different request',
    );
  if (name === 'IdempotencyAlreadyInProgressError' || name === 'IdempotencyInconsistentStateError')
    return new Conflict('A request with this Idempotency-Key is still in progress; retry later');
  const cause = (error as Error | null)?.cause;
  if (name === 'IdempotencyPersistenceLayerError' && isThrottling(cause)) return cause;
  return error;
}
