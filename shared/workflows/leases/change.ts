/**
 * A lease's later changes (docs/leases.md "Update" and "End"): new terms, which apply to the months not yet
 * charged (the rent run reads the terms when it charges, so they are only stored), and the end (move-out).
 * Each is one transaction of the lease conditioned on the version read and its change item (`lease.updated`,
 * `lease.ended`); a change of its days also writes the property's spans, conditioned on theirs, so no lease
 * of the property comes to overlap another. A stale read is read again (shared/db/optimistic.ts).
 */
import {
  leaseSpansPart,
  readLease,
  readLeaseSpans,
  replaceLeasePart,
  type StoredLease,
  withSpan,
} from '../../data/leases-repo.js';
import { noChargeAfterPart } from '../../data/rent-state-repo.js';
import { siteToday } from '../../data/settings-repo.js';
import { retryStale } from '../../db/optimistic.js';
import { commit, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import type { LeaseRecord, LeaseTerms } from '../../domain/lease.js';
import { overlappingLease } from '../../domain/rent/spans.js';
import { leaseStatusOn } from '../../domain/rent/status.js';
import { leaseView, termsFrom, type UpdateLeaseInput } from '../../domain/rent/terms-input.js';
import { BadRequest, Conflict, NotFound } from '../../errors.js';
import { leaseChangePart, leaseWriteError, termsOfLease } from './common.js';
import { overlapConflict } from './create.js';

export const leaseNotFound = (leaseId: number) => new NotFound(`Lease ${leaseId} not found`);

async function storedLease(leaseId: number): Promise<StoredLease> {
  const stored = await readLease(leaseId, true);
  if (!stored) throw leaseNotFound(leaseId);
  return stored;
}

export interface LeaseWritten {
  lease: LeaseRecord;
  terms: LeaseTerms;
  today: string;
}

/**
 * Writes `next` in place of `stored` with its change item; when its days moved, with the property's spans
 * (409 when they come to cover another lease's day). An unchanged lease writes nothing.
 */
async function writeLease(
  stored: StoredLease,
  next: LeaseRecord,
  action: 'updated' | 'ended',
  { by, now, today }: { by: Actor; now: Date; today: string },
): Promise<LeaseWritten> {
  const current = stored.record;
  const before = leaseView(current, await termsOfLease(current), today);
  const terms = await termsOfLease(next);
  const after = leaseView(next, terms, today);
  const { dateUpdated: _b, ...was } = before;
  const { dateUpdated: _a, ...is } = after;
  if (JSON.stringify(was) === JSON.stringify(is)) return { lease: current, terms, today };
  const parts: TxPart[] = [replaceLeasePart(stored, next), leaseChangePart(action, before, after, by, now)];
  if (next.endDate !== '' && next.endDate !== current.endDate)
    parts.push(noChargeAfterPart(next.leaseId, next.endDate));
  if (next.startDate !== current.startDate || next.endDate !== current.endDate) {
    const spans = await readLeaseSpans(next.propertyId);
    const clash = overlappingLease(spans.spans, next, next.leaseId);
    if (clash !== undefined) throw await overlapConflict(next, clash);
    parts.push(leaseSpansPart(spans, withSpan(spans, next)));
  }
  try {
    await commit(parts);
  } catch (error) {
    throw await leaseWriteError(error, next);
  }
  return { lease: next, terms, today };
}

const endBeforeStart = (lease: Pick<LeaseRecord, 'startDate' | 'endDate'>) =>
  lease.endDate !== '' && lease.endDate < lease.startDate;

/**
 * PUT: the terms sent replace the lease's own (a lease from before terms takes its property's figures as its
 * own first). The start moves only while the lease is upcoming (409 once it has begun: months were charged
 * from it); the end may move either way, or become open ('').
 */
export async function updateLease(
  leaseId: number,
  input: UpdateLeaseInput,
  by: Actor,
  now: Date,
): Promise<LeaseWritten> {
  return retryStale(`Lease ${leaseId}`, async () => {
    const [stored, today] = await Promise.all([storedLease(leaseId), siteToday(now)]);
    const current = stored.record;
    if (
      input.startDate !== undefined &&
      input.startDate !== current.startDate &&
      leaseStatusOn(current, today) !== 'upcoming'
    )
      throw new Conflict(
        `Lease ${leaseId} began on ${current.startDate}: its start date is kept (end it and make a new lease instead)`,
      );
    const next: LeaseRecord = {
      ...current,
      startDate: input.startDate ?? current.startDate,
      endDate: input.endDate ?? current.endDate,
      terms: termsFrom(input, await termsOfLease(current)),
      dateUpdated: now.toISOString(),
    };
    if (endBeforeStart(next))
      throw new BadRequest(`The lease would end (${next.endDate}) before it starts (${next.startDate})`, [
        { field: 'endDate', message: 'must not be before startDate' },
      ]);
    return writeLease(stored, next, 'updated', { by, now, today });
  });
}

/**
 * DELETE: the lease ends on `endDate` (its last day; default the site's today): later charges stop. 400 for a
 * day before its start; 409 for a day after the end it already has (ending is never a renewal: extend it with
 * PUT). The same end again changes nothing.
 */
export async function endLease(
  leaseId: number,
  endDate: string | undefined,
  by: Actor,
  now: Date,
): Promise<LeaseWritten> {
  return retryStale(`Lease ${leaseId}`, async () => {
    const [stored, today] = await Promise.all([storedLease(leaseId), siteToday(now)]);
    const current = stored.record;
    const end = endDate ?? today;
    if (end < current.startDate)
      throw new BadRequest(`Lease ${leaseId} starts on ${current.startDate}: it cannot end on ${end}`, [
        { field: 'endDate', message: 'must not be before the lease’s startDate' },
      ]);
    if (current.endDate !== '' && end > current.endDate)
      throw new Conflict(
        `Lease ${leaseId} already ends on ${current.endDate}: ending it later is an extension (PUT endDate)`,
      );
    const next: LeaseRecord = { ...current, endDate: end, dateUpdated: now.toISOString() };
    return writeLease(stored, next, 'ended', { by, now, today });
  });
}
