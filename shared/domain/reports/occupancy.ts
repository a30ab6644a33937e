/**
 * The occupancy report (spec "Admin reports" occupancy.json): per VR property, the confirmed stays whose
 * check-out falls in the range (dateFrom <= check-out <= dateTo) and their nights. A stay counts whole on its
 * check-out day (the spec's filter), so a stay that began before dateFrom brings all its nights.
 * Counted: status "1" confirmed only. Not counted: blocks ("4", the owner's or maintenance nights, not a
 * guest's), cancelled ("3") and pending ("0", not yet a stay) reservations (docs/reports.md).
 */

import { RESERVATION_STATUS, type ReservationRecord } from '../booking/reservation.js';
import { nightCount } from '../booking/stay.js';
import { toAmount } from '../money.js';

export type OccupancyStay = Pick<
  ReservationRecord,
  'reservationId' | 'propertyId' | 'status' | 'dateFrom' | 'dateTo' | 'totalPriceCents'
>;

export interface OccupancyProperty {
  propertyId: number;
  propertyName: string;
  units: number;
  isArchived: 0 | 1;
}

export interface OccupancyRow {
  propertyId: number;
  name: string;
  units: number;
  reservations: number;
  nights: number;
  /** The stays' total price (what the stays were booked for, not what was paid: that is the income report). */
  totalPrice: number;
}

export const countsForOccupancy = (stay: Pick<OccupancyStay, 'status'>): boolean =>
  stay.status === RESERVATION_STATUS.confirmed;

/**
 * One row per property: every property given that is not archived, and an archived one only when it has
 * counted stays in the range (its past stays still happened). Rows in property id order.
 */
export function occupancyRows(
  properties: readonly OccupancyProperty[],
  stays: readonly OccupancyStay[],
  range: { dateFrom: string; dateTo: string },
): { items: OccupancyRow[]; totalNights: number; totalReservations: number } {
  const counted = new Map<number, { reservations: number; nights: number; cents: number }>();
  for (const stay of stays) {
    if (!countsForOccupancy(stay) || stay.dateTo < range.dateFrom || stay.dateTo > range.dateTo) continue;
    const row = counted.get(stay.propertyId) ?? { reservations: 0, nights: 0, cents: 0 };
    row.reservations += 1;
    row.nights += nightCount(stay);
    row.cents += stay.totalPriceCents;
    counted.set(stay.propertyId, row);
  }
  const items = [...properties]
    .filter((p) => p.isArchived === 0 || counted.has(p.propertyId))
    .sort((a, b) => a.propertyId - b.propertyId)
    .map((p) => {
      const row = counted.get(p.propertyId) ?? { reservations: 0, nights: 0, cents: 0 };
      return {
        propertyId: p.propertyId,
        name: p.propertyName,
        units: p.units > 0 ? p.units : 1,
        reservations: row.reservations,
        nights: row.nights,
        totalPrice: toAmount(row.cents),
      };
    });
  return {
    items,
    totalNights: items.reduce((t, r) => t + r.nights, 0),
    totalReservations: items.reduce((t, r) => t + r.reservations, 0),
  };
}
