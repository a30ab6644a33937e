/**
 * One record's push (docs/accounting.md "The sync", "Failures"): read its state, let its pusher plan from the
 * record as it is now, do the plan in QuickBooks, and write the outcome:
 * - a create carries a `requestid` fixed per record and generation (a retry after a lost answer gets the same
 *   entity back, never a second one); its body's fingerprint is stored before it is sent;
 * - an update is sparse, with the SyncToken stored; QuickBooks' 5010 (stale: someone edited it there) reads
 *   the entity's SyncToken and sends ours again once; 610 when it was deleted there creates it anew;
 * - nothing is sent when the body is what was sent last (a change delivered twice, a settled invoice);
 * - a validation fault is kept as failed with QuickBooks' words; a throttle or an outage waits (the record
 *   stays pending, in its place); a record whose dependency is missing waits with backoff.
 */
import {
  markPending,
  type PushOutcome,
  readSyncState,
  recordCreateAttempt,
  recordPushed,
} from '../../shared/data/accounting-sync-repo.js';
import type { QboSaved } from '../../shared/domain/accounting/qbo-types.js';
import {
  fingerprintOf,
  requestIdFor,
  type SyncRef,
  type SyncState,
} from '../../shared/domain/accounting/sync-state.js';
import { failed, OperationFailed } from './push-failures.js';
import { planOf } from './pushers.js';
import { QuickBooksError } from './quickbooks-api.js';
import { type Plan, refKey, type SyncContext } from './sync-context.js';

type Upsert = Extract<Plan, { kind: 'upsert' }>;

const iso = (ctx: SyncContext) => ctx.clock().toISOString();

/**
 * Pushes a due record (`dependency` false: only when still pending and due) or a record another one needs
 * (`dependency` true: made known and pushed now unless already in QuickBooks). Answers the state after.
 */
export function syncRecord(
  ctx: SyncContext,
  ref: SyncRef,
  dependency: boolean,
): Promise<SyncState | undefined> {
  return ctx.lock.with(refKey(ref), async () => {
    let state = await readSyncState(ctx.realmId, ref);
    if (dependency) {
      if (state?.status === 'synced' || state?.status === 'failed' || state?.status === 'skipped')
        return state;
      if (!state) {
        await markPending(ctx.realmId, ref, { at: iso(ctx), now: iso(ctx) });
        state = await readSyncState(ctx.realmId, ref);
      }
    } else if (state?.status !== 'pending' || (state.notBefore ?? '') > iso(ctx)) return state;
    if (!state) return undefined;
    return push(ctx, state);
  });
}

async function push(ctx: SyncContext, state: SyncState): Promise<SyncState> {
  try {
    const plan = await planOf(ctx, state);
    const outcome = await execute(ctx, state, plan);
    await recordPushed(state, outcome, iso(ctx));
    return { ...state, ...outcome };
  } catch (error) {
    return failed(ctx, state, error);
  }
}

async function execute(ctx: SyncContext, state: SyncState, plan: Plan): Promise<PushOutcome> {
  const unchanged: PushOutcome = {
    status: 'synced',
    qboType: state.qboType,
    qboId: state.qboId,
    syncToken: state.syncToken,
    fingerprint: state.fingerprint,
    closed: state.closed,
    note: null,
  };
  if (plan.kind === 'skip') return { ...unchanged, status: 'skipped', note: plan.note };
  if (plan.kind === 'keep') return { ...unchanged, note: plan.note };
  if (plan.kind === 'close') {
    if (!state.qboId || state.closed) return { ...unchanged, note: state.closed ? unchanged.note : null };
    const saved = await withFreshToken(ctx, state, plan.entity, (token) =>
      ctx.api.operation(
        plan.entity,
        plan.op,
        { Id: String(state.qboId), SyncToken: token },
        request(ctx, state, plan.op),
      ),
    );
    ctx.pushed++;
    return {
      ...unchanged,
      // A deleted entity has no SyncToken any more: QuickBooks answers only its Id and `status: "Deleted"`.
      syncToken: plan.op === 'delete' ? null : saved.SyncToken,
      closed: true,
      note: plan.op === 'void' ? 'voided' : 'deleted',
    };
  }
  try {
    return await upsert(ctx, state, plan);
  } catch (error) {
    if (error instanceof OperationFailed && error.cause.fault.kind === 'notFound')
      await ctx.refs.forget(plan.used.filter(isRef));
    throw error;
  }
}

const isRef = <T>(r: T | undefined): r is T => r !== undefined;

const request = (
  ctx: SyncContext,
  state: SyncState,
  operation: string,
  suffix: string | number = state.syncToken ?? '',
) => requestIdFor(ctx.realmId, state, operation, `${state.generation}:${suffix}`);

/** What an upsert does with what QuickBooks has: nothing, an update, or a create (under the state given). */
type Course =
  | { kind: 'unchanged'; saved: QboSaved }
  | { kind: 'update' }
  | { kind: 'create'; state: SyncState };

/** The state a record is created again under (deleted or voided there): a new generation, a new requestid. */
const anew = (s: SyncState): SyncState => ({
  ...s,
  qboId: null,
  generation: s.generation + 1,
  createFingerprint: null,
});

const done = (plan: Upsert, saved: QboSaved, fingerprint: string): PushOutcome => ({
  status: 'synced',
  qboType: plan.entity,
  qboId: saved.Id,
  syncToken: saved.SyncToken,
  fingerprint,
  closed: false,
  note: null,
});

async function courseOf(
  ctx: SyncContext,
  state: SyncState,
  plan: Upsert,
  fingerprint: string,
): Promise<Course> {
  if (!state.qboId) return { kind: 'create', state };
  if (state.closed) return { kind: 'create', state: anew(state) };
  const same = plan.immutable === true || state.fingerprint === fingerprint;
  if (!state.force)
    return same
      ? { kind: 'unchanged', saved: { Id: state.qboId, SyncToken: state.syncToken ?? '0' } }
      : { kind: 'update' };
  // An admin's resync: made again when it is gone from QuickBooks, sent again otherwise.
  const there = await readOrGone(ctx, plan, state.qboId);
  if (!there) return { kind: 'create', state: anew(state) };
  return plan.immutable ? { kind: 'unchanged', saved: there } : { kind: 'update' };
}

const isGone = (error: unknown) =>
  error instanceof OperationFailed && error.cause.fault.kind === 'notFound' && !error.wasCreate;

async function upsert(ctx: SyncContext, state: SyncState, plan: Upsert): Promise<PushOutcome> {
  const fingerprint = fingerprintOf(plan.body);
  const course = await courseOf(ctx, state, plan, fingerprint);
  if (course.kind === 'unchanged') return done(plan, course.saved, state.fingerprint ?? fingerprint);
  if (course.kind === 'create') return create(ctx, course.state, plan, fingerprint);
  try {
    const saved = await update(ctx, state, plan);
    ctx.pushed++;
    return done(plan, saved, fingerprint);
  } catch (error) {
    // QuickBooks' 610 also names a reference made inactive there: made again only when the entity itself is
    // gone (read to be sure), under a new requestid; otherwise the refusal stands and its references are forgotten.
    if (isGone(error) && !(await readOrGone(ctx, plan, String(state.qboId))))
      return create(ctx, anew(state), plan, fingerprint);
    throw error;
  }
}

async function create(
  ctx: SyncContext,
  state: SyncState,
  plan: Upsert,
  fingerprint: string,
): Promise<PushOutcome> {
  // A create tried before whose outcome is unknown: QuickBooks may hold it (found by our number or id).
  const tried = state.createFingerprint;
  let saved = tried && plan.findAgain ? await plan.findAgain() : undefined;
  if (!saved) {
    // Stored before the request: a retry after a crash sends the same requestid and knows what it held.
    if (!tried) await recordCreateAttempt(state, fingerprint);
    const requestId = requestIdFor(ctx.realmId, state, 'create', state.generation);
    try {
      saved = await ctx.api.create(plan.entity, plan.body, requestId);
    } catch (error) {
      throw error instanceof QuickBooksError ? new OperationFailed(error, true) : error;
    }
    ctx.pushed++;
  }
  // The entity holds the first try's body (a replayed create): bring it to the record as it is now.
  if ((tried ?? fingerprint) === fingerprint || plan.immutable) return done(plan, saved, fingerprint);
  const updated = await update(ctx, { ...state, qboId: saved.Id, syncToken: saved.SyncToken }, plan);
  return done(plan, updated, fingerprint);
}

async function update(ctx: SyncContext, state: SyncState, plan: Upsert): Promise<QboSaved> {
  const id = String(state.qboId);
  return withFreshToken(ctx, state, plan.entity, (token) =>
    ctx.api.update(
      plan.entity,
      { ...plan.body, Id: id, SyncToken: token },
      request(ctx, state, 'update', `${token}:${fingerprintOf(plan.body)}`),
    ),
  );
}

/** Runs a write with the stored SyncToken; after QuickBooks' 5010 (stale), once more with the entity's current one. */
async function withFreshToken(
  ctx: SyncContext,
  state: SyncState,
  entity: Upsert['entity'],
  write: (syncToken: string) => Promise<QboSaved>,
): Promise<QboSaved> {
  try {
    return await write(state.syncToken ?? '0');
  } catch (error) {
    if (!(error instanceof QuickBooksError)) throw error;
    if (error.fault.kind !== 'stale') throw new OperationFailed(error, false);
    const current = await ctx.api.read(entity, String(state.qboId));
    try {
      return await write(current.SyncToken);
    } catch (again) {
      throw again instanceof QuickBooksError ? new OperationFailed(again, false) : again;
    }
  }
}

async function readOrGone(ctx: SyncContext, plan: Upsert, id: string): Promise<QboSaved | undefined> {
  try {
    const there = await ctx.api.read(plan.entity, id);
    return there.status === 'Deleted' ? undefined : there;
  } catch (error) {
    if (error instanceof QuickBooksError && error.fault.kind === 'notFound') return undefined;
    throw error;
  }
}
