/**
 * Admin property use cases: role scoping, list modes, optimistic retries and the archive rule. Every write is
 * one transaction of the property's parts and its change record (the audit outbox).
 */
import { canSeeProperty } from '../../shared/auth/roles.js';
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
import { BadRequest, Conflict, Forbidden, NotFound } from '../../shared/errors.js';
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

async function visibleProperty(admin: AdminSession, propertyId: number): Promise<repo.StoredProperty> {
  const stored = await repo.getProperty(propertyId);
  if (!stored) throw new NotFound(`Property ${propertyId} not found`);
  if (!canSeeProperty(admin, stored.record.landlord))
    throw new Forbidden('This property belongs to another landlord');
  return stored;
}

export async function getProperty(admin: AdminSession, propertyId: number) {
  return adminView((await visibleProperty(admin, propertyId)).record);
}

export async function createProperty(admin: AdminSession, input: CreatePropertyInput, by: Actor, now: Date) {
  if (input.landlord !== undefined && !(await getAdminProfile(input.landlord))) {
    throw new BadRequest(`landlord ${input.landlord} is not an admin`, [
      { field: 'landlord', message: 'no such admin' },
    ]);
  }
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
    await writeProperty(
      repo.replacePropertyParts(current, next),
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
 * write makes the archive retry and see it.
 */
export async function archiveProperty(admin: AdminSession, propertyId: number, by: Actor, now: Date) {
  return retryStale(`Property ${propertyId}`, async () => {
    const current = await visibleProperty(admin, propertyId);
    if (current.record.isArchived === 1) return { success: true, propertyId, isArchived: 1 };
    if (current.record.type === 'vr') {
      const today = todayIn((await getSettings()).systemTimeZone, now);
      if (await hasActiveFutureReservation(propertyId, today)) {
        throw new Conflict('The property has active future reservations; cancel or move them first');
      }
    }
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
