/**
 * What a push that failed leaves (docs/accounting.md "Failures"): the consent lost or the run's request budget
 * used up stops the run (the record stays as it was, pending); a throttle stops it too and the record waits as
 * long as QuickBooks asked; a validation fault (or a reference QuickBooks says is gone) is kept as failed with
 * QuickBooks' words, a refused create getting a new requestid for the next try; anything else (an outage, a
 * record it needs not there yet) waits 1, 2, 4 … minutes, still pending, in its place.
 * (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes)
 */
import { recordRefused, recordRetry } from '../../shared/data/accounting-sync-repo.js';
import { faultText } from '../../shared/domain/accounting/faults.js';
import {
  SYNC_RETRY,
  type SyncError,
  type SyncRef,
  type SyncState,
} from '../../shared/domain/accounting/sync-state.js';
import { log } from '../../shared/log.js';
import { ConsentNeeded } from './provider.js';
import { QuickBooksError } from './quickbooks-api.js';
import { PacingDeadline } from './quickbooks-pacing.js';
import { DependencyMissing, StopRun, type SyncContext } from './sync-context.js';

/** A failure of one QuickBooks operation, remembering whether it was a create (a refused create needs a new requestid). */
export class OperationFailed extends Error {
  constructor(
    override readonly cause: QuickBooksError,
    readonly wasCreate: boolean,
  ) {
    super(cause.message);
  }
}

const refOf = (s: SyncRef) => ({ recordType: s.recordType, recordId: s.recordId });

export async function failed(ctx: SyncContext, state: SyncState, error: unknown): Promise<SyncState> {
  const now = ctx.clock().toISOString();
  const cause = error instanceof OperationFailed ? error.cause : error;
  const later = (ms: number) => new Date(ctx.clock().getTime() + ms).toISOString();
  const syncError = (code: string, message: string, detail = ''): SyncError => ({
    code,
    message,
    detail,
    at: now,
  });
  if (cause instanceof ConsentNeeded || cause instanceof PacingDeadline) {
    ctx.stopped = true;
    throw new StopRun(cause.message);
  }
  if (cause instanceof QuickBooksError && cause.fault.kind === 'throttle') {
    ctx.stopped = true;
    const error = syncError(cause.fault.code, faultText(cause.fault));
    await recordRetry(state, error, later(cause.fault.retryAfterMs ?? 60_000), now);
    throw new StopRun(cause.message);
  }
  if (
    cause instanceof QuickBooksError &&
    (cause.fault.kind === 'validation' || cause.fault.kind === 'notFound')
  ) {
    const refusal = syncError(cause.fault.code, faultText(cause.fault), cause.fault.detail);
    const newGeneration = error instanceof OperationFailed && error.wasCreate;
    await recordRefused(state, refusal, { now, newGeneration });
    log('warn', 'accounting record refused by QuickBooks', {
      ...refOf(state),
      code: cause.fault.code,
      error: refusal.message,
    });
    return { ...state, status: 'failed', error: refusal };
  }
  const wait = SYNC_RETRY.backoff(state.attempts + 1);
  const why =
    cause instanceof DependencyMissing
      ? syncError('dependency', cause.message)
      : cause instanceof QuickBooksError
        ? syncError(cause.fault.code, faultText(cause.fault))
        : syncError('internal', (cause as Error).message);
  if (!(cause instanceof DependencyMissing))
    log('error', 'accounting push failed', { ...refOf(state), error: why.message });
  await recordRetry(state, why, later(wait), now);
  return { ...state, error: why };
}
