/**
 * `Idempotency-Key` (DESIGN.md "Idempotency") for routes that declare `idempotency`: the header, the scope
 * and the run's shape here; the run on Powertools' idempotency utility in idempotent-run.ts. The record's
 * key hashes the route, the caller (the signed-in admin or tenant, else the client IP) and the key; the
 * request (path parameters, query, body as sent, key order ignored) is hashed for validation. Then:
 * - the first call runs the handler, and its answer (status, headers, cookies, body) is stored for 24 hours,
 *   sealed with the data key (shared/crypto/fields.ts) and bound to its route, caller and key: an answer can
 *   carry a pay link's token, a payment's client secret or a guest's contact, which the table never holds in
 *   plain text (DESIGN.md "Security rules");
 * - the same key with the same request answers that stored answer again, with `Idempotent-Replayed: true`;
 * - the same key with another request is 422; while the first call still runs, 409.
 * A handler that throws (every 4xx and 5xx here is thrown) stores nothing: Powertools deletes the in-progress
 * record, so the client may retry the failed request with the same key.
 */
import type { Context } from 'aws-lambda';
import type { AdminSession, TenantSession } from '../auth/session-types.js';
import { BadRequest } from '../errors.js';
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

export type IdempotentRun = (
  request: IdempotentRequest,
  context: Context,
  execute: () => Promise<Reply>,
) => Promise<Reply>;

/**
 * Makes the run of one idempotent route (shared/http/idempotent-run.ts). A group with such routes gives it to
 * createHttpHandler (`idempotency`), as it gives its webhook verifiers: the stored answers are sealed under
 * the data key, so only those groups' bundles carry the key's code and permission (infra/cdk/group-access.ts).
 */
export type IdempotentRunOf = (contract: RouteContract) => IdempotentRun;

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

/**
 * The run of each of the group's idempotent routes, by route id. A group with such a route that gave no run
 * fails its Lambda's start (and test/registry.test.ts, which loads every group), never a request.
 */
export function runsByRoute(
  group: string,
  contracts: readonly RouteContract[],
  given: IdempotentRunOf | undefined,
): Map<string, IdempotentRun> {
  const byRoute = new Map<string, IdempotentRun>();
  for (const contract of contracts) {
    if (!contract.idempotency) continue;
    if (!given)
      throw new Error(
        `${group}: ${contract.id} honours Idempotency-Key; give createHttpHandler \`idempotency\``,
      );
    byRoute.set(contract.id, given(contract));
  }
  return byRoute;
}
