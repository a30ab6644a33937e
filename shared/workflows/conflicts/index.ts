/**
 * The owner of conflict records (docs/channel.md "Never overbooked: conflicts"): a stay the channel manager or an
 * iCal feed sent that could not be taken, or a stay a super admin overbooked on purpose. Every writer records
 * and resolves them here, the same way: a conflict is written (and announced) only when it is new or differs
 * from the open one, so a repeated delivery or import writes nothing; the write that later takes or withdraws
 * the stay resolves the open conflict in its own transaction.
 */
import {
  CONFLICT_RESOLVE_LABEL,
  type ConflictInput,
  conflictParts,
  getConflict,
  isSameConflict,
  resolveConflictParts,
} from '../../data/conflicts-repo.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';

export { type ConflictInput, type ConflictSource, conflictIdOf } from '../../data/conflicts-repo.js';

/** How a conflict is recorded: who, when, its announcement, and what commits with it. */
export interface RecordConflictOf {
  by: Actor;
  now: Date;
  /** The event announced with the record ('channel.conflict', 'ical.conflict'). */
  event: string;
  /** Parts that commit with the record and must hold for it (a channel create's "still unmapped" check). */
  with?: readonly TxPart[];
  /** Parts committed on their own when the same conflict is already open (the iCal event item). */
  whenAlreadyOpen?: readonly TxPart[];
}

/**
 * Records a conflict in its own transaction: 'recorded' when written and announced, 'alreadyOpen' when the same
 * open conflict was there (nothing of it written or announced again).
 */
export async function recordConflict(
  input: ConflictInput,
  of: RecordConflictOf,
): Promise<'recorded' | 'alreadyOpen'> {
  try {
    await commit([...(of.with ?? []), ...conflictParts(input, of.event, of.by, of.now)]);
    return 'recorded';
  } catch (error) {
    if (!isSameConflict(error, input)) throw error;
    if (of.whenAlreadyOpen?.length) await commit(of.whenAlreadyOpen);
    return 'alreadyOpen';
  }
}

/**
 * A conflict as parts of a transaction another owner commits: an overbooking, recorded with its reservation and
 * announced by the reservation's own change (no event of its own).
 */
export const overbookingConflictParts = (input: ConflictInput, by: Actor, now: Date): TxPart[] =>
  conflictParts(input, undefined, by, now);

/**
 * The resolution of those of the given conflicts that are open, as parts of the transaction that takes or
 * withdraws their stay (resolved with it, or not at all).
 */
export async function resolveConflicts(
  conflictIds: readonly string[],
  by: Actor,
  now: Date,
): Promise<TxPart[]> {
  const found = await Promise.all(conflictIds.map(getConflict));
  return found.flatMap((c) => (c?.status === 'open' ? resolveConflictParts(c, by, now) : []));
}

/** A transaction failed because a conflict it resolves was resolved by another write first (read again). */
export const conflictResolvedMeanwhile = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(CONFLICT_RESOLVE_LABEL);
