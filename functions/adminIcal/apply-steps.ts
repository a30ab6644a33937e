/**
 * Carrying out an import plan (shared/domain/ical/plan-sync.ts), one step per transaction through the shared
 * reservation writes: each step commits the block's change together with the feed's event item (conditioned
 * on what this import read), so a step lost to a concurrent import of the same feed is simply dropped. A block
 * is only ever one the import made (`source` ical, guarded): a feed never moves or releases a direct booking,
 * and a night that is not free is never overbooked: the event is recorded as a conflict ('ical.conflict').
 */
import {
  deleteEventPart,
  type FeedRecord,
  lostToAnotherImport,
  putEventPart,
  rekeyEventParts,
} from '../../shared/data/ical-feeds-repo.js';
import { commit, type TxPart } from '../../shared/db/transaction.js';
import { RESERVATION_STATUS, type ReservationRecord } from '../../shared/domain/booking/reservation.js';
import type { Actor } from '../../shared/domain/change.js';
import {
  conflictAlreadyRecorded,
  datesKey,
  type ImportedEvent,
  type ImportSlice,
  type SyncStep,
} from '../../shared/domain/ical/plan-sync.js';
import { printableExcerpt } from '../../shared/domain/printable.js';
import { AppError, Conflict, NotFound } from '../../shared/errors.js';
import { log } from '../../shared/log.js';
import { conflictIdOf, recordConflict, resolveConflicts } from '../../shared/workflows/conflicts/index.js';
import {
  cancelReservationWithNights,
  changeReservationStay,
  createReservationWithNights,
  isUnavailable,
  type WriteContext,
} from '../../shared/workflows/reservations/index.js';

export interface StepTally {
  created: number;
  moved: number;
  released: number;
  conflicts: number;
  /**
   * Steps that failed for another reason (property archived, a block changed by an admin …), with why: our
   * API's own words, or "internal error (logged)" for anything else (a DynamoDB or programming error's message
   * is for our logs, not the answer).
   */
  errors: string[];
}

export const emptyTally = (): StepTally => ({ created: 0, moved: 0, released: 0, conflicts: 0, errors: [] });

class NotAnImportedBlock extends Conflict {
  constructor(id: number) {
    super(`Reservation ${id} is no longer an iCal block (changed by an admin): the import leaves it alone`);
  }
}

/** The import only ever changes its own blocks that still hold nights. */
const onlyImportedBlocks = (current: ReservationRecord) => {
  if (current.source !== 'ical' || current.status !== RESERVATION_STATUS.adminBlock)
    throw new NotAnImportedBlock(current.reservationId);
};

/** A release also accepts a block an admin already cancelled (then only the event item is dropped). */
const importedOrCancelled = (current: ReservationRecord) => {
  if (current.source === 'ical' && current.status === RESERVATION_STATUS.cancelled) return;
  onlyImportedBlocks(current);
};

const placedEvent = (slice: ImportSlice, reservationId: number): ImportedEvent => ({
  ...slice,
  reservationId,
  conflictDates: null,
});

const conflictReference = (feed: FeedRecord, key: string) => `${feed.feedId}#${key}`;

export class StepRunner {
  readonly tally = emptyTally();
  private readonly ctx: WriteContext;

  constructor(
    private readonly feed: FeedRecord,
    by: Actor,
    private readonly now: Date,
  ) {
    this.ctx = { by, now, source: 'ical' };
  }

  async run(step: SyncStep): Promise<void> {
    try {
      if (step.kind === 'create') await this.create(step.slice, step.current);
      else if (step.kind === 'move') await this.move(step.slice, step.current);
      else if (step.kind === 'rekey') await this.rekey(step.slice, step.current);
      else if (step.kind === 'release') await this.release(step.current);
      else await this.forget(step.current);
    } catch (error) {
      if (lostToAnotherImport(error)) return;
      // The key holds the event's UID, the feed's text: printable and short.
      const key = printableExcerpt('slice' in step ? step.slice.key : step.current.key, 100);
      const exposed = error instanceof AppError && error.expose;
      if (!exposed)
        log('error', 'iCal import step failed', {
          feedId: this.feed.feedId,
          step: step.kind,
          key,
          error: error instanceof Error ? error.message : String(error),
        });
      const why = exposed ? error.message : 'internal error (logged)';
      this.tally.errors.push(`${step.kind} ${key}: ${why}`.slice(0, 300));
    }
  }

  private async create(slice: ImportSlice, current: ImportedEvent | undefined) {
    const resolve = await this.resolvedConflictParts(current, slice.key);
    try {
      await createReservationWithNights(
        {
          propertyId: this.feed.propertyId,
          dateFrom: slice.dateFrom,
          dateTo: slice.dateTo,
          status: RESERVATION_STATUS.adminBlock,
          name: `iCal: ${this.feed.name}`.slice(0, 100),
          email: '',
          guest: { kind: 'tenant', tenantId: null },
          totalPriceCents: 0,
          rules: { kind: 'units' },
        },
        this.ctx,
        {
          extraParts: (record) => [
            putEventPart(this.feed.feedId, placedEvent(slice, record.reservationId), current),
            ...resolve,
          ],
        },
      );
      this.tally.created += 1;
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      if (conflictAlreadyRecorded(current, slice)) return;
      const unplaced: ImportedEvent = { ...slice, reservationId: null, conflictDates: datesKey(slice) };
      await this.commitConflict(slice, [putEventPart(this.feed.feedId, unplaced, current)]);
    }
  }

  private async move(slice: ImportSlice, current: ImportedEvent & { reservationId: number }) {
    try {
      await changeReservationStay(
        current.reservationId,
        { dateFrom: slice.dateFrom, dateTo: slice.dateTo },
        this.ctx,
        {
          guard: onlyImportedBlocks,
          extraParts: () => this.placedParts(slice, current),
        },
      );
      this.tally.moved += 1;
    } catch (error) {
      if (error instanceof NotAnImportedBlock) {
        // An admin took the block over (cancelled or changed it): the import lets go of it, and the event,
        // now unknown, is placed as a new block next run (a conflict if the admin's stay holds the nights).
        this.tally.errors.push(error.message);
        await this.forget(current);
        return;
      }
      if (!isUnavailable(error)) throw error;
      if (conflictAlreadyRecorded(current, slice)) return;
      // The block keeps its nights: nothing is removed before its replacement can be placed.
      const kept: ImportedEvent = { ...current, conflictDates: datesKey(slice) };
      await this.commitConflict(slice, [putEventPart(this.feed.feedId, kept, current)]);
    }
  }

  /** The same block under the event's new key (a UID listed once more or once less …): no stay changes. */
  private async rekey(slice: ImportSlice, current: ImportedEvent & { reservationId: number }) {
    const resolve = await this.resolvedConflictParts(current, current.key);
    await commit([...this.placedParts(slice, current), ...resolve]);
  }

  /**
   * The event item of a block now holding the slice: the same item changed, or, when the event's key changed,
   * the old one removed and the new one added (each conditioned on what this import read).
   */
  private placedParts(slice: ImportSlice, current: ImportedEvent & { reservationId: number }): TxPart[] {
    const placed = placedEvent(slice, current.reservationId);
    if (slice.key === current.key) return [putEventPart(this.feed.feedId, placed, current)];
    return rekeyEventParts(this.feed.feedId, placed, current);
  }

  private async release(current: ImportedEvent & { reservationId: number }) {
    try {
      const result = await cancelReservationWithNights(current.reservationId, this.ctx, {
        guard: importedOrCancelled,
        alreadyCancelled: 'unchanged',
        extraParts: () => [deleteEventPart(this.feed.feedId, current)],
      });
      if (result.changed) {
        this.tally.released += 1;
        return;
      }
    } catch (error) {
      if (error instanceof NotAnImportedBlock) this.tally.errors.push(error.message);
      else if (!(error instanceof NotFound)) throw error;
    }
    // The block was already gone or cancelled, or an admin took it over: only the event item is left to drop.
    await this.forget(current);
  }

  private async forget(current: ImportedEvent) {
    const resolve = await this.resolvedConflictParts(current, current.key);
    await commit([deleteEventPart(this.feed.feedId, current), ...resolve]);
  }

  private async commitConflict(slice: ImportSlice, eventParts: TxPart[]) {
    const input = {
      source: 'ical' as const,
      reference: conflictReference(this.feed, slice.key),
      propertyId: this.feed.propertyId,
      dateFrom: slice.dateFrom,
      dateTo: slice.dateTo,
      detail: `The iCal feed "${this.feed.name}" (feed ${this.feed.feedId}) has an event (UID ${slice.uid}) on nights that are already taken; the existing stay was kept.`,
    };
    // The same open conflict may have been recorded before (the event item was dropped since): then only the
    // event item is written, nothing announced.
    await recordConflict(input, {
      event: 'ical.conflict',
      by: this.ctx.by,
      now: this.now,
      with: eventParts,
      whenAlreadyOpen: eventParts,
    });
    this.tally.conflicts += 1;
  }

  /** An event that had a conflict and is now placed or gone: its open conflict is resolved with it. */
  private async resolvedConflictParts(current: ImportedEvent | undefined, key: string): Promise<TxPart[]> {
    if (!current?.conflictDates) return [];
    return resolveConflicts([conflictIdOf('ical', conflictReference(this.feed, key))], this.ctx.by, this.now);
  }
}
