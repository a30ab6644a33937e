/**
 * Admin reservation reads (docs/reservations.md): the list with the spec's filters and landlord scope, and one
 * reservation; another landlord's reservation answers exactly as a missing one.
 */
import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import * as repo from '../../shared/data/reservations-repo.js';
import { type ReservationRecord, reservationView } from '../../shared/domain/booking/reservation.js';
import { NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';

export interface ListQuery {
  propertyId?: number | undefined;
  tenantId?: number | undefined;
  status?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
}

/** Whether a reservation matches the list's filters (the key range already bounds its start). */
function matches(r: ReservationRecord, q: ListQuery): boolean {
  if (q.propertyId !== undefined && r.propertyId !== q.propertyId) return false;
  if (q.tenantId !== undefined && r.tenantId !== q.tenantId) return false;
  if (q.status !== undefined && r.status !== q.status) return false;
  if (q.dateFrom !== undefined && r.dateFrom < q.dateFrom) return false;
  if (q.dateTo !== undefined && r.dateTo > q.dateTo) return false;
  const search = q.search?.trim().toLowerCase();
  if (search) {
    const byId = /^\d+$/.test(search) && r.reservationId === Number(search);
    if (!byId && !r.name.toLowerCase().includes(search) && !r.email.toLowerCase().includes(search))
      return false;
  }
  return true;
}

/**
 * The narrowest index for the filters: a property's stays (R2, up to the check-out bound), a tenant's (R3),
 * else every stay by start (R4, dateFrom/dateTo as the key range). The rest is filtered in code.
 */
async function candidates(q: ListQuery): Promise<repo.StoredReservation[]> {
  if (q.propertyId !== undefined)
    return repo.reservationsOfProperty(q.propertyId, q.dateTo ? { toCheckout: q.dateTo } : {});
  if (q.tenantId !== undefined) return repo.reservationsOfTenant(q.tenantId);
  return repo.reservationsByStart({
    ...(q.dateFrom ? { from: q.dateFrom } : {}),
    // A stay ending by dateTo starts before it.
    ...(q.dateTo ? { to: q.dateTo } : {}),
  });
}

const byStart = (a: ReservationRecord, b: ReservationRecord) =>
  a.dateFrom === b.dateFrom ? a.reservationId - b.reservationId : a.dateFrom < b.dateFrom ? -1 : 1;

export async function listReservations(admin: AdminSession, q: ListQuery) {
  const [found, own] = await Promise.all([
    candidates(q),
    admin.role === 'landlord'
      ? propertiesOfLandlord(admin.adminId).then((ps) => new Set(ps.map((p) => p.propertyId)))
      : undefined,
  ]);
  const matching = found
    .map((s) => s.record)
    .filter((r) => (!own || own.has(r.propertyId)) && matches(r, q))
    .sort(byStart);
  return pageOf(matching.map(reservationView), q.page, q.limit);
}

export const notFound = (id: number) => new NotFound(`Reservation ${id} not found`);

/** A reservation the admin may see: another landlord's answers exactly as a missing one. */
async function visibleReservation(admin: AdminSession, id: number): Promise<repo.StoredReservation> {
  const stored = await repo.getReservation(id);
  if (stored && admin.role === 'landlord') {
    const property = await getProperty(stored.record.propertyId);
    if (!property || !canSeeProperty(admin, property.record.landlord)) throw notFound(id);
  }
  if (!stored) throw notFound(id);
  return stored;
}

export async function getReservation(admin: AdminSession, id: number) {
  return reservationView((await visibleReservation(admin, id)).record);
}
