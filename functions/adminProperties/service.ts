/**
 * Admin property use cases: role scoping, list modes, optimistic retries and the archive rule. Every write is
 * one transaction of the property's parts and its change record (the audit outbox).
 */
import { canSeeProperty, mayBeLandlord } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { type ChangeInput, changePart } from '../../shared/data/changes-repo.js';
import * as repo from '../../shared/data/properties-repo.js';
import { hasActiveFutureReservation } from '../../shared/data/reservations-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale } from '../../shared/db/optimistic.js';
import type { TxPart } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import {
  adminView,
  matchesFilter,
  narrows,
  type PropertyFilter,
  type PropertyKind,
  type PropertyRecord,
} from '../../shared/domain/property.js';
import { newProperty, updatedProperty } from '../../shared/domain/property-rules.js';
import { BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import type { CreatePropertyInput, UpdatePropertyInput } from './schemas.js';

export interface ListQuery extends PropertyFilter {
  kind: 'all' | PropertyKind;
  page: number;
  limit: number;
}

const KINDS: PropertyKind[] = ['ltr', 'vr'];
const byId = (a: PropertyRecord, b: PropertyRecord) => a.propertyId - b.propertyId;

/**
 * Three list modes: a landlord reads their own partition; a narrowing filter reads the kind's partition whole
 * (bounded, docs/data-model.md); otherwise only the first page × limit items are read and the totals come
 * from maintained counts.
 */
export async function listProperties(admin: AdminSession, q: ListQuery) {
  const kinds = q.kind === 'all' ? KINDS : [q.kind];
  if (admin.role === 'landlord' || narrows(q)) {
    const source =
      admin.role === 'landlord'
        ? await repo.propertiesOfLandlord(admin.adminId)
        : (await Promise.all(kinds.map((k) => repo.allPropertiesOfType(k)))).flat();
    const matching = source.filter((p) => kinds.includes(p.type) && matchesFilter(p, q)).sort(byId);
    const page = pageOf(matching.map(adminView), q.page, q.limit);
    return q.kind === 'all'
      ? {
          ...page,
          ltrTotal: matching.filter((p) => p.type === 'ltr').length,
          vrTotal: matching.filter((p) => p.type === 'vr').length,
        }
      : page;
  }
  const want = q.page * q.limit;
  const [firsts, totals] = await Promise.all([
    Promise.all(kinds.map((k) => repo.firstPropertiesOfType(k, want))),
    Promise.all(kinds.map((k) => repo.countProperties(k))),
  ]);
  const merged = firsts.flat().sort(byId);
  const items = merged.slice((q.page - 1) * q.limit, want).map(adminView);
  const total = totals.reduce((a, b) => a + b, 0);
  const page = { items, page: q.page, limit: q.limit, total };
  return q.kind === 'all' ? { ...page, ltrTotal: totals[0] ?? 0, vrTotal: totals[1] ?? 0 } : page;
}

/** The audit record of a property write: the admin object before and after. */
const propertyChange = (
  action: ChangeInput['action'],
  before: PropertyRecord | undefined,
  after: PropertyRecord,
): ChangeInput => ({
  recordType: 'property',
  recordId: after.propertyId,
  action,
  before: before && adminView(before),
  after: adminView(after),
});

/** One transaction: the property's own parts and the change record. */
async function writeProperty(
  parts: readonly TxPart[],
  change: ChangeInput,
  record: PropertyRecord,
  by: Actor,
  now: Date,
): Promise<void> {
  await repo.commitPropertyChange([...parts, changePart(change, by, now)], record);
}

/** Another landlord's property answers exactly as a missing one: a 403 would say that it exists. */
async function visibleProperty(admin: AdminSession, propertyId: number): Promise<repo.StoredProperty> {
  const stored = await repo.getProperty(propertyId);
  if (!stored || !canSeeProperty(admin, stored.record.landlord))
    throw new NotFound(`Property ${propertyId} not found`);
  return stored;
}

/** The admin named as a property's landlord must exist and have the landlord or super_admin role. */
async function checkLandlord(landlordId: number | undefined): Promise<void> {
  if (landlordId === undefined) return;
  const profile = await getAdminProfile(landlordId);
  if (!profile) {
    throw new BadRequest(`landlord ${landlordId} is not an admin`, [
      { field: 'landlord', message: 'no such admin' },
    ]);
  }
  if (!mayBeLandlord(Number(profile.adminRole))) {
    throw new BadRequest(`admin ${landlordId} cannot be a landlord`, [
      { field: 'landlord', message: 'must be an admin with the landlord or super_admin role' },
    ]);
  }
}

/**
 * The archive rule (DELETE, and PUT with isArchived=1): 409 while a VR property has an active future
 * reservation. The write that archives must carry `expectReservationSeq` (what this check read), so a booking
 * landing between the check and the write fails the write and the retry sees the booking.
 */
async function checkArchivable(current: repo.StoredProperty, now: Date): Promise<void> {
  if (current.record.type !== 'vr') return;
  const today = todayIn((await getSettings()).systemTimeZone, now);
  if (await hasActiveFutureReservation(current.record.propertyId, today)) {
    throw new Conflict('The property has active future reservations; cancel or move them first');
  }
}

const archives = (current: PropertyRecord, next: PropertyRecord) =>
  current.isArchived === 0 && next.isArchived === 1;

export async function getProperty(admin: AdminSession, propertyId: number) {
  return adminView((await visibleProperty(admin, propertyId)).record);
}

export async function createProperty(admin: AdminSession, input: CreatePropertyInput, by: Actor, now: Date) {
  await checkLandlord(input.landlord);
  const propertyId = await nextId('property');
  const record = newProperty(input, propertyId, admin.adminId, now);
  await writeProperty(
    repo.insertPropertyParts(record),
    propertyChange('created', undefined, record),
    record,
    by,
    now,
  );
  return { propertyId, type: record.type };
}

export async function updateProperty(
  admin: AdminSession,
  propertyId: number,
  input: UpdatePropertyInput,
  by: Actor,
  now: Date,
) {
  return retryStale(`Property ${propertyId}`, async () => {
    const current = await visibleProperty(admin, propertyId);
    const next = updatedProperty(current.record, input, now);
    const archiving = archives(current.record, next);
    if (archiving) await checkArchivable(current, now);
    await writeProperty(
      repo.replacePropertyParts(
        current,
        next,
        archiving ? { expectReservationSeq: current.reservationSeq } : {},
      ),
      propertyChange('updated', current.record, next),
      next,
      by,
      now,
    );
    return adminView(next);
  });
}

/**
 * Soft archive. 409 while a VR property has an active future reservation; the write is conditioned on the
 * property's reservationSeq, which every booking bumps, so a booking that lands between the check and the
 * write makes the archive retry and see it (checkArchivable; PUT isArchived=1 goes the same way).
 */
export async function archiveProperty(admin: AdminSession, propertyId: number, by: Actor, now: Date) {
  return retryStale(`Property ${propertyId}`, async () => {
    const current = await visibleProperty(admin, propertyId);
    if (current.record.isArchived === 1) return { success: true, propertyId, isArchived: 1 };
    await checkArchivable(current, now);
    const next: PropertyRecord = { ...current.record, isArchived: 1, dateUpdated: now.toISOString() };
    await writeProperty(
      repo.replacePropertyParts(current, next, { expectReservationSeq: current.reservationSeq }),
      propertyChange('archived', current.record, next),
      next,
      by,
      now,
    );
    return { success: true, propertyId, isArchived: 1 };
  });
}
