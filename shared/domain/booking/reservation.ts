/**
 * The reservation record, its statuses and what an admin may change (DESIGN.md "Decisions": "1" confirmed,
 * the default; "3" cancelled; "0" pending; "4" an admin block, shown as `blocked`). Every status but
 * cancelled holds one unit on each night of the stay (the claims listed in `nightUnits`).
 */
import { BadRequest, Conflict } from '../../errors.js';
import type { ChangeInput } from '../change.js';
import { toAmount } from '../money.js';
import type { ClaimKind, UnitPick } from './capacity.js';
import { checkStay, nightCount } from './stay.js';

export const RESERVATION_STATUS = { pending: '0', confirmed: '1', cancelled: '3', adminBlock: '4' } as const;
export type ReservationStatus = (typeof RESERVATION_STATUS)[keyof typeof RESERVATION_STATUS];

const STATUS_NAMES = {
  '0': 'pending',
  '1': 'confirmed',
  '3': 'cancelled',
  '4': 'blocked',
} as const satisfies Record<ReservationStatus, string>;

export const isReservationStatus = (value: string): value is ReservationStatus => value in STATUS_NAMES;

/** Where a reservation came from: the website's booking, an admin, the channel webhook, an iCal import. */
export const RESERVATION_SOURCES = ['website', 'admin', 'channel', 'ical'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

export interface ReservationRecord {
  reservationId: number;
  propertyId: number;
  /** The guest's tenant (found by e-mail or created inactive, or the session's); null for a block. */
  tenantId: number | null;
  dateFrom: string;
  dateTo: string;
  name: string;
  email: string;
  status: ReservationStatus;
  totalPriceCents: number;
  orderId: number | null;
  couponCode: string | null;
  source: ReservationSource;
  /** The unit held on each night, in night order; empty while cancelled. Release reads it, not the table. */
  nightUnits: UnitPick[];
  /**
   * A website booking not paid yet (status "0"): when its hold runs out (ISO time, DESIGN.md "Bookings that
   * are not paid yet"); null or absent otherwise.
   */
  holdUntil?: string | null;
  /** Who stays, as the website's booking gave it (the confirmation says it); null or absent otherwise. */
  guests?: StayGuests | null;
  dateCreated: string;
  dateUpdated: string;
}

/** The party of a website booking. */
export interface StayGuests {
  adults: number;
  children: number;
  pets: number;
}

/** Whether a status holds units: everything but cancelled (pending and blocks too). */
export const holdsUnits = (status: ReservationStatus): boolean => status !== RESERVATION_STATUS.cancelled;

/** How a status shows on the calendar. */
export const claimKindOf = (status: ReservationStatus): ClaimKind =>
  status === RESERVATION_STATUS.adminBlock ? 'blocked' : 'reserved';

/** The spec's adminBlock string: "1", "true", "yes", "on" (any case) make the new reservation a block. */
export const isAdminBlockFlag = (value: string | undefined): boolean =>
  value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());

/** Status of an admin create: a block when adminBlock says so, else the given status, else "1". */
export function createdStatus(status: string | undefined, adminBlock: string | undefined): ReservationStatus {
  if (isAdminBlockFlag(adminBlock)) return RESERVATION_STATUS.adminBlock;
  if (status === undefined || status === '') return RESERVATION_STATUS.confirmed;
  if (!isReservationStatus(status)) throw new BadRequest(unknownStatus(status));
  return status;
}

const unknownStatus = (status: string) =>
  `status must be one of ${Object.keys(STATUS_NAMES).join(', ')} (${Object.entries(STATUS_NAMES)
    .map(([code, name]) => `${code} ${name}`)
    .join(', ')}); got "${status}"`;

/**
 * A reservation never changes property. Everything a stay holds is its property's: the night claims live in
 * that property's partition and are compared by date and unit only, a move releases the old nights and claims
 * the new ones at the property the record names, and the housekeeping turnover a stay leaves behind is that
 * property's. A stay "moved" elsewhere is a cancellation and a new reservation. Every change of a stored
 * reservation passes here; a change naming another property is a 400 naming `field`.
 */
export function keepsProperty(
  current: Pick<ReservationRecord, 'reservationId' | 'propertyId'>,
  propertyId: number | undefined,
  field = 'propertyId',
): void {
  if (propertyId === undefined || propertyId === current.propertyId) return;
  throw new BadRequest(
    `Reservation ${current.reservationId} is on property ${current.propertyId} and cannot move to property ${propertyId}: cancel it and make a new reservation there`,
    [{ field, message: `must stay ${current.propertyId}` }],
  );
}

/**
 * What a change of a stored reservation may change: status, the stay's dates and the total price. `propertyId`
 * may be named only as the one it is on (keepsProperty).
 */
export interface ReservationPatch {
  propertyId?: number | undefined;
  status?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  totalPriceCents?: number | undefined;
}

export interface PlannedUpdate {
  /** The record after the change, `nightUnits` still the old ones (the service picks units for `holdNights`). */
  next: ReservationRecord;
  /** Whether the nights held change (dates moved, or a status that holds units given or taken away). */
  nightsChange: boolean;
  /** Whether the calendar kind changes (a block becomes a reservation or back). */
  kindChanges: boolean;
}

/** Applies a patch; throws BadRequest for an unknown status or dates that are no stay. */
export function planReservationUpdate(
  current: ReservationRecord,
  patch: ReservationPatch,
  now: string,
): PlannedUpdate {
  keepsProperty(current, patch.propertyId);
  const status = patch.status ?? current.status;
  if (!isReservationStatus(status)) throw new BadRequest(unknownStatus(status));
  const dateFrom = patch.dateFrom ?? current.dateFrom;
  const dateTo = patch.dateTo ?? current.dateTo;
  const stay = checkStay(dateFrom, dateTo);
  if (!stay.ok) throw new BadRequest(stay.message);
  const next: ReservationRecord = {
    ...current,
    status,
    dateFrom,
    dateTo,
    totalPriceCents: patch.totalPriceCents ?? current.totalPriceCents,
    // A hold lasts while the reservation is pending; any other status ends it.
    holdUntil: status === RESERVATION_STATUS.pending ? (current.holdUntil ?? null) : null,
    dateUpdated: now,
  };
  const datesMoved = dateFrom !== current.dateFrom || dateTo !== current.dateTo;
  const held = holdsUnits(current.status);
  const holds = holdsUnits(status);
  return {
    next,
    nightsChange: held !== holds || (holds && datesMoved),
    kindChanges: holds && held && claimKindOf(status) !== claimKindOf(current.status),
  };
}

/** Cancelling (DELETE): status "3", every night released; a second cancel is a 409. */
export function cancelReservation(current: ReservationRecord, now: string): ReservationRecord {
  if (current.status === RESERVATION_STATUS.cancelled)
    throw new Conflict(`Reservation ${current.reservationId} is already cancelled`);
  return {
    ...current,
    status: RESERVATION_STATUS.cancelled,
    nightUnits: [],
    holdUntil: null,
    dateUpdated: now,
  };
}

/** The claims a change writes: nights released, nights newly claimed, nights kept whose kind changes. */
export interface ClaimChanges {
  release: UnitPick[];
  claim: UnitPick[];
  relabel: UnitPick[];
}

const pickKey = (p: UnitPick) => `${p.date}#${p.unit}`;

/**
 * From the units held to the units to hold: a (night, unit) held before and after is kept (no write, or a
 * relabel when the kind changes); the others are released or claimed.
 */
export function claimChanges(
  held: readonly UnitPick[],
  toHold: readonly UnitPick[],
  kindChanges: boolean,
): ClaimChanges {
  const before = new Set(held.map(pickKey));
  const after = new Set(toHold.map(pickKey));
  return {
    release: held.filter((p) => !after.has(pickKey(p))),
    claim: toHold.filter((p) => !before.has(pickKey(p))),
    relabel: kindChanges ? toHold.filter((p) => before.has(pickKey(p))) : [],
  };
}

/** The admin reservation object: stay dates, nights, status code and name, amounts. */
export function reservationView(r: ReservationRecord) {
  const adminBlock: 0 | 1 = r.status === RESERVATION_STATUS.adminBlock ? 1 : 0;
  return {
    reservationId: r.reservationId,
    propertyId: r.propertyId,
    tenantId: r.tenantId,
    dateFrom: r.dateFrom,
    dateTo: r.dateTo,
    nights: nightCount(r),
    name: r.name,
    email: r.email,
    status: r.status,
    statusName: STATUS_NAMES[r.status],
    adminBlock,
    totalPrice: toAmount(r.totalPriceCents),
    orderId: r.orderId,
    couponCode: r.couponCode,
    source: r.source,
    holdUntil: isHeld(r) ? (r.holdUntil ?? null) : null,
    guests: r.guests ?? null,
    dateCreated: r.dateCreated,
    dateUpdated: r.dateUpdated,
  };
}

/** Whether the reservation is a live hold: pending with a time it runs out. */
export const isHeld = (r: Pick<ReservationRecord, 'status' | 'holdUntil'>): boolean =>
  r.status === RESERVATION_STATUS.pending && typeof r.holdUntil === 'string' && r.holdUntil !== '';

/** A hold paid in full: confirmed, no longer held. */
export function confirmHold(current: ReservationRecord, now: string): ReservationRecord {
  return { ...current, status: RESERVATION_STATUS.confirmed, holdUntil: null, dateUpdated: now };
}

/** The audit log records the stay, not the guest: name and e-mail are masked. */
const GUEST_FIELDS = ['name', 'email'];

/**
 * The change record of a reservation, whoever writes it (website, admin, channel, iCal): the admin view before
 * and after, announced as `reservation.<action>`.
 */
export const reservationChange = (
  action: 'created' | 'modified' | 'cancelled' | 'overbooked' | 'expired',
  before: ReservationRecord | undefined,
  after: ReservationRecord,
): ChangeInput => ({
  recordType: 'reservation',
  recordId: after.reservationId,
  action,
  before: before && reservationView(before),
  after: reservationView(after),
  masked: GUEST_FIELDS,
  event: `reservation.${action}`,
});
