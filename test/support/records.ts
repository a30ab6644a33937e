/**
 * Records made up in memory for tests that feed the jobs change items directly (never stored): a reservation
 * with every field its view needs, so the change it announces is a documented payload.
 */
import type { ReservationRecord } from '../../shared/domain/booking/reservation.js';

export function sampleReservation(overrides: Partial<ReservationRecord> = {}): ReservationRecord {
  const stamp = new Date().toISOString();
  return {
    reservationId: 900_000 + Math.floor(Math.random() * 99_999),
    propertyId: 2001,
    tenantId: null,
    dateFrom: '2030-01-10',
    dateTo: '2030-01-12',
    name: 'Sample Guest',
    email: 'sample@example.test',
    status: '1',
    totalPriceCents: 0,
    orderId: null,
    couponCode: null,
    source: 'admin',
    nightUnits: [],
    dateCreated: stamp,
    dateUpdated: stamp,
    ...overrides,
  };
}
