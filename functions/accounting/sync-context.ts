/**
 * What one sync run shares between the pushes it makes (docs/accounting.md "The sync"): the API client of the
 * connected company, the mapping and the references found by name, a lock per record, and how the run goes.
 */
import type { AccountingMapping } from '../../shared/domain/accounting/mapping.js';
import type { QboEntity, QboRef, QboSaved } from '../../shared/domain/accounting/qbo-types.js';
import type { SyncRef, SyncState } from '../../shared/domain/accounting/sync-state.js';
import type { KeyedLock } from './keyed-lock.js';
import type { QuickBooksApi } from './quickbooks-api.js';
import type { References } from './references.js';

export interface SyncContext {
  realmId: string;
  api: QuickBooksApi;
  refs: References;
  mapping: AccountingMapping;
  lock: KeyedLock;
  clock: () => Date;
  /** Pushes a record this one needs first (its Customer, its Invoice …) and answers its state after. */
  ensure(ref: SyncRef): Promise<SyncState>;
  /** Records pushed (created, updated, voided) by this run. */
  pushed: number;
  /** Set when the run must stop (throttled, the consent lost, its time used up). */
  stopped: boolean;
}

/** What a record needs done in QuickBooks, as its pusher (pushers.ts) decides from the record as it is now. */
export type Plan =
  /** Nothing to send, and QuickBooks has nothing of it: a draft, a document cancelled before its first push. */
  | { kind: 'skip'; note: string }
  /** Nothing to send: QuickBooks' document stays as it is, for the reason given. */
  | { kind: 'keep'; note: string }
  /** Create it, or update the one QuickBooks has when what would be sent differs from what was. */
  | {
      kind: 'upsert';
      entity: QboEntity;
      body: object;
      /** The references the body names (forgotten when QuickBooks says one is gone). */
      used: readonly (QboRef | undefined)[];
      /** A payment is never changed once in QuickBooks. */
      immutable?: boolean;
      /** Finds the entity again (by our number or id) when a create's outcome was lost. */
      findAgain?: () => Promise<QboSaved | undefined>;
    }
  /** Void (an Invoice) or delete (a Bill) what QuickBooks has. */
  | { kind: 'close'; entity: QboEntity; op: 'void' | 'delete' };

/** A record this one needs is not in QuickBooks (refused, or not pushable): wait and try again. */
export class DependencyMissing extends Error {
  constructor(
    readonly ref: SyncRef,
    why: string,
  ) {
    super(`${ref.recordType} ${ref.recordId} is not in QuickBooks yet (${why})`);
  }
}

/** Stops the run: the rest waits for the next one (a throttle, the consent lost, the time used up). */
export class StopRun extends Error {}

export const refKey = (ref: SyncRef): string => `${ref.recordType}:${ref.recordId}`;
