/**
 * `Idempotency-Key` (DESIGN.md "Idempotency") on Powertools' idempotency utility, for routes that declare
 * `idempotency`. The record's key hashes the route, the caller (the signed-in admin or tenant, else the client
 * IP) and the key; the request (path parameters, query, body as sent, key order ignored) is hashed for
 * validation. Then:
 * - the first call runs the handler, and its answer (status, headers, cookies, body) is stored for 24 hours;
 * - the same key with the same request answers that stored answer again, with `Idempotent-Replayed: true`;
 * - the same key with another request is 422; while the first call still runs, 409.
 * A handler that throws (every 4xx and 5xx here is thrown) stores nothing: Powertools deletes the in-progress
 * record, so the client may retry the failed request with the same key.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import type { AdminSession, TenantSession } from '../auth/session-types.js';
import { idempotencyStore } from '../data/idempotency-store.js';
import { isThrottling } from '../db/throttling.js';
import { AppError, BadRequest, Conflict } from '../errors.js';
import type { Reply, RouteContract } from './route.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_SECONDS = 24 * 60 * 60;
/** 1-255 printable (ASCII) characters. */
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/;

export interface IdempotentRequest {
  route: string;
  caller: string;
  key: string;
  /** What must be the same for a replay: the request as sent. */
  request: { params: unknown; query: unknown; body: unknown };
}

/** What is stored: the reply as JSON text (Powertools marshals a map, which would refuse `undefined`). */
interface Stored {
  reply: string;
  replayed?: boolean;
}

export type IdempotentRun = (
  request: IdempotentRequest,
  context: Context,
  execute: () => Promise<Reply>,
) => Promise<Reply>;

/** The key of a request, or undefined without the header; 400 for a malformed one. */
export function idempotencyKeyOf(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  const key = headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (!KEY_SHAPE.test(key)) {
    throw new BadRequest('The Idempotency-Key header must be 1 to 255 printable characters', [
      { field: 'Idempotency-Key', message: 'must be 1 to 255 printable characters' },
    ]);
  }
  return key;
}

/**
 * The scope of a key: the caller the pipeline loaded a session of, by identity (`admin:<adminId>`,
 * `tenant:<tenantId>`), so one admin signed in twice (a second tab, a retry after signing in again) shares
 * keys; else the client IP. Never a bare cookie: a session the pipeline did not load is no identity.
 */
export function callerOf(input: {
  admin?: Pick<AdminSession, 'adminId'> | undefined;
  tenant?: Pick<TenantSession, 'tenantId'> | undefined;
  ip: string;
}): string {
  if (input.admin) return `admin:${input.admin.adminId}`;
  if (input.tenant) return `tenant:${input.tenant.tenantId}`;
  return `ip:${input.ip}`;
}

/** Made once per idempotent route, when the group's handler is built (Powertools configures a layer once). */
export function idempotentRun(contract: RouteContract): IdempotentRun {
  const expiresAfterSeconds =
    typeof contract.idempotency === 'object' ? contract.idempotency.expiresAfterSeconds : IDEMPOTENCY_SECONDS;
  const run = makeIdempotent(
    async (
      _request: IdempotentRequest,
      _context: Context,
      execute: () => Promise<Reply>,
    ): Promise<Stored> => ({
      reply: JSON.stringify(await execute()),
    }),
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
        responseHook: (response) => ({ ...(response as unknown as Stored), replayed: true }),
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
    const reply = JSON.parse(stored.reply) as Reply;
    if (stored.replayed) reply.headers = { ...(reply.headers ?? {}), [REPLAYED_HEADER]: 'true' };
    return reply;
  };
}

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
