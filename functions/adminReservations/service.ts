/**
 * Admin reservation writes: the admin's rules of a create (status, name and e-mail, adminBlock,
 * skipAvailabilityCheck) and answers; the writes themselves are the shared orchestration in
 * shared/workflows/reservations/ (also used by the channel webhook and the iCal import).
 */
import {
  createdStatus,
  RESERVATION_STATUS,
  reservationView,
} from '../../shared/domain/booking/reservation.js';
import type { Actor } from '../../shared/domain/change.js';
import { BadRequest } from '../../shared/errors.js';
import {
  cancelReservationWithNights,
  changeReservationStay,
  createReservationWithNights,
  type WriteContext,
} from '../../shared/workflows/reservations/index.js';
import { tenantKnownByEmail } from '../../shared/workflows/tenants/guest-tenant.js';
import type { CreateReservationInput, UpdateReservationInput } from './schemas.js';

const adminWrite = (by: Actor, now: Date): WriteContext => ({ by, now, source: 'admin' });

/** The status of a new reservation; a guest's (not a block) needs a name and an e-mail. */
function newStatus(input: CreateReservationInput) {
  const status = createdStatus(input.status, input.adminBlock);
  if (status === RESERVATION_STATUS.cancelled)
    throw new BadRequest('A new reservation cannot be cancelled (status 3)', [
      { field: 'status', message: 'must not be 3' },
    ]);
  const missing = (['name', 'email'] as const).filter((f) => !input[f]);
  if (status !== RESERVATION_STATUS.adminBlock && missing.length)
    throw new BadRequest(
      `${missing.join(' and ')} required`,
      missing.map((field) => ({ field, message: 'is required' })),
    );
  return status;
}

export async function createReservation(input: CreateReservationInput, by: Actor, now: Date) {
  const status = newStatus(input);
  const block = status === RESERVATION_STATUS.adminBlock;
  const tenantId = block || !input.email ? undefined : await tenantKnownByEmail(input.email);
  const record = await createReservationWithNights(
    {
      propertyId: input.propertyId,
      dateFrom: input.dateFrom,
      dateTo: input.dateTo,
      status,
      name: input.name ?? 'Blocked',
      email: input.email ?? '',
      guest: { kind: 'tenant', tenantId: tenantId ?? null },
      totalPriceCents: input.totalPrice ?? 0,
      // Writes are super_admin's (WRITE_ROLES): the flag is an explicit overbooking, recorded and announced.
      rules: input.skipAvailabilityCheck ? { kind: 'overbook' } : { kind: 'admin' },
    },
    adminWrite(by, now),
  );
  return { success: true, reservationId: record.reservationId, reservation: reservationView(record) };
}

/** Status, dates and total; new nights claimed and old ones released in one transaction (409 when full). */
export async function updateReservation(id: number, patch: UpdateReservationInput, by: Actor, now: Date) {
  const { record } = await changeReservationStay(
    id,
    {
      status: patch.status,
      dateFrom: patch.dateFrom,
      dateTo: patch.dateTo,
      totalPriceCents: patch.totalPrice,
    },
    adminWrite(by, now),
  );
  return { success: true, reservation: reservationView(record) };
}

/** DELETE: status 3, every night released and an unpaid BOOKING invoice cancelled, in one transaction. */
export async function cancelReservation(id: number, by: Actor, now: Date) {
  const { record } = await cancelReservationWithNights(id, adminWrite(by, now));
  return { success: true, reservation: reservationView(record) };
}
