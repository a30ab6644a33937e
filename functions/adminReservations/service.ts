import { type ChangeInput, changePart } from '../../shared/data/changes-repo.js';
import { invoiceNoLongerUnpaid } from '../../shared/data/invoices-repo.js';
import { claimLost, nightClaims } from '../../shared/data/night-claims-repo.js';
import {
  getProperty,
  RESERVATION_SEQ_LABEL,
  reservationSeqPart,
  type StoredProperty,
} from '../../shared/data/properties-repo.js';
import * as repo from '../../shared/data/reservations-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { tenantIdByEmail } from '../../shared/data/tenants-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import { checkBookable } from '../../shared/domain/booking/bookable.js';
import {
  MAX_NIGHTS_PER_TRANSACTION,
  type NightClaim,
  pickUnits,
  type UnitPick,
} from '../../shared/domain/booking/capacity.js';
import {
  cancelReservation as cancelled,
  claimChanges,
  createdStatus,
  holdsUnits,
  planReservationUpdate,
  RESERVATION_STATUS,
  type ReservationRecord,
  reservationView,
} from '../../shared/domain/booking/reservation.js';
import { checkStay, nightsOf, type Stay } from '../../shared/domain/booking/stay.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { BadRequest, Conflict } from '../../shared/errors.js';
import { invoiceCancelParts } from './invoice-cancel.js';
import { notFound } from './queries.js';
import type { CreateReservationInput, UpdateReservationInput } from './schemas.js';

const unitsOf = (p: StoredProperty) => (p.record.units > 0 ? p.record.units : 1);

/** The VR property a reservation may be on: it exists, is VR and is not archived (else a 400 on propertyId). */
async function bookableProperty(propertyId: number): Promise<StoredProperty> {
  const property = await getProperty(propertyId);
  const problem = !property
    ? 'no such property'
    : property.record.type !== 'vr'
      ? 'is not a VR property'
      : property.record.isArchived === 1
        ? 'is archived'
        : undefined;
  if (!property || problem)
    throw new BadRequest(`Property ${propertyId} ${problem}`, [
      { field: 'propertyId', message: problem ?? '' },
    ]);
  return property;
}

function checkedStay(dateFrom: string, dateTo: string): Stay {
  const stay = checkStay(dateFrom, dateTo);
  if (!stay.ok) throw new BadRequest(stay.message, [{ field: 'dateTo', message: stay.message }]);
  if (stay.nights > MAX_NIGHTS_PER_TRANSACTION)
    throw new BadRequest(`A stay can be at most ${MAX_NIGHTS_PER_TRANSACTION} nights`, [
      { field: 'dateTo', message: `at most ${MAX_NIGHTS_PER_TRANSACTION} nights after dateFrom` },
    ]);
  return stay.stay;
}

const GUEST_FIELDS = ['name', 'email'];

const reservationChange = (
  action: 'created' | 'modified' | 'cancelled',
  before: ReservationRecord | undefined,
  after: ReservationRecord,
): ChangeInput => ({
  recordType: 'reservation',
  recordId: after.reservationId,
  action,
  before: before && reservationView(before),
  after: reservationView(after),
  // As the website's bookings (publicBooking): the log records the stay, not the guest's name and address.
  masked: GUEST_FIELDS,
  event: `reservation.${action}`,
});

const siteToday = async (now: Date) => todayIn((await getSettings()).systemTimeZone, now);

/** How many times a create re-reads the nights after losing a claim to a concurrent writer. */
const CLAIM_ATTEMPTS = 6;

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

/** The website's booking rules but the one about being on the website: an admin books what the site hides. */
function checkRules(property: StoredProperty, stay: Stay, today: string, claims: readonly NightClaim[]) {
  const rules = checkBookable({
    property: { ...property.record, onWebsite: 1 },
    stay,
    today,
    adults: 0,
    children: 0,
    pets: 0,
    claims,
  });
  if (!rules.available) throw new BadRequest(rules.message, [{ field: 'dateFrom', message: rules.message }]);
}

export async function createReservation(input: CreateReservationInput, by: Actor, now: Date) {
  const status = newStatus(input);
  const block = status === RESERVATION_STATUS.adminBlock;
  const property = await bookableProperty(input.propertyId);
  const stay = checkedStay(input.dateFrom, input.dateTo);
  const [today, tenantId] = await Promise.all([
    siteToday(now),
    block || !input.email ? undefined : tenantIdByEmail(input.email),
  ]);
  const iso = now.toISOString();
  const base: Omit<ReservationRecord, 'nightUnits'> = {
    reservationId: await nextId('reservation'),
    propertyId: property.record.propertyId,
    tenantId: tenantId ?? null,
    dateFrom: stay.dateFrom,
    dateTo: stay.dateTo,
    name: input.name ?? 'Blocked',
    email: input.email ?? '',
    status,
    totalPriceCents: input.totalPrice ?? 0,
    orderId: null,
    couponCode: null,
    source: 'admin',
    dateCreated: iso,
    dateUpdated: iso,
  };
  for (let attempt = 1; ; attempt++) {
    const claims = await nightClaims(property.record.propertyId, stay.dateFrom, stay.dateTo);
    if (!input.skipAvailabilityCheck) checkRules(property, stay, today, claims);
    const picks = pickUnits(nightsOf(stay), unitsOf(property), claims);
    if (!picks) throw unavailable(BadRequest, stay);
    const record: ReservationRecord = { ...base, nightUnits: picks };
    if (await committedNew(record, by, now, attempt < CLAIM_ATTEMPTS))
      return { success: true, reservationId: record.reservationId, reservation: reservationView(record) };
  }
}

/**
 * Writes a new reservation: true when committed, false when another writer took a unit this read saw free
 * and `mayRetry` (read again: a full night is then the 400 "not available").
 */
async function committedNew(record: ReservationRecord, by: Actor, now: Date, mayRetry: boolean) {
  try {
    await commit([
      ...repo.insertReservationParts(record),
      reservationSeqPart(record.propertyId),
      changePart(reservationChange('created', undefined, record), by, now),
    ]);
    return true;
  } catch (error) {
    if (isArchivedMeanwhile(error))
      throw new BadRequest(`Property ${record.propertyId} is archived`, [
        { field: 'propertyId', message: 'is archived' },
      ]);
    if (mayRetry && (claimLost(error) || isTransient(error))) return false;
    throw error;
  }
}

const isArchivedMeanwhile = (error: unknown) =>
  error instanceof TransactionFailed && error.conditionFailed(RESERVATION_SEQ_LABEL);
const isTransient = (error: unknown) => error instanceof TransactionFailed && error.transient;

/** A full night: the spec's 400 on create, 409 on update. */
function unavailable(Kind: typeof BadRequest | typeof Conflict, stay: Stay): Error {
  const message = `Not available: a night from ${stay.dateFrom} to ${stay.dateTo} is fully booked`;
  return Kind === BadRequest
    ? new BadRequest(message, [{ field: 'dateFrom', message: 'dates unavailable' }])
    : new Conflict(message);
}

/** The units the changed reservation holds: its own kept where it can, free ones elsewhere; 409 when full. */
async function unitsToHold(property: StoredProperty, next: ReservationRecord): Promise<UnitPick[]> {
  const claims = await nightClaims(next.propertyId, next.dateFrom, next.dateTo);
  const picks = pickUnits(nightsOf(next), unitsOf(property), claims, next.reservationId);
  if (!picks) throw unavailable(Conflict, next);
  return picks;
}

/** The property of a stay that will hold nights again (moved, or no longer cancelled): still bookable, else 409. */
async function propertyToHold(next: ReservationRecord): Promise<StoredProperty> {
  checkedStay(next.dateFrom, next.dateTo);
  return bookableProperty(next.propertyId).catch((error: unknown) => {
    if (error instanceof BadRequest)
      throw new Conflict(`Property ${next.propertyId} can no longer be booked (${error.message})`);
    throw error;
  });
}

/** Commits a change of a stored reservation; a stale read or a lost claim re-runs the whole attempt. */
async function commitChange(parts: readonly TxPart[], reservationId: number): Promise<void> {
  try {
    await commit(parts);
  } catch (error) {
    if (isArchivedMeanwhile(error))
      throw new Conflict('The property was archived; its nights cannot be taken');
    if (
      repo.reservationChanged(error, reservationId) ||
      claimLost(error) ||
      invoiceNoLongerUnpaid(error) ||
      isTransient(error)
    )
      throw new StaleRecord('reservation or its nights changed since they were read');
    throw error;
  }
}

export async function updateReservation(id: number, patch: UpdateReservationInput, by: Actor, now: Date) {
  return retryStale(`Reservation ${id}`, async () => {
    const current = await repo.getReservation(id);
    if (!current) throw notFound(id);
    const plan = planReservationUpdate(
      current.record,
      {
        status: patch.status,
        dateFrom: patch.dateFrom,
        dateTo: patch.dateTo,
        totalPriceCents: patch.totalPrice,
      },
      now.toISOString(),
    );
    const before = reservationView(current.record);
    const after = { ...reservationView(plan.next), dateUpdated: before.dateUpdated };
    if (JSON.stringify(after) === JSON.stringify(before)) return { success: true, reservation: before };
    const moved = plan.nightsChange;
    const property = moved && holdsUnits(plan.next.status) ? await propertyToHold(plan.next) : undefined;
    const held = !moved ? current.record.nightUnits : property ? await unitsToHold(property, plan.next) : [];
    const next: ReservationRecord = { ...plan.next, nightUnits: held };
    const action =
      next.status === RESERVATION_STATUS.cancelled && current.record.status !== next.status
        ? 'cancelled'
        : 'modified';
    await commitChange(
      [
        ...repo.replaceReservationParts(
          current,
          next,
          claimChanges(current.record.nightUnits, held, plan.kindChanges),
        ),
        ...(moved && property ? [reservationSeqPart(next.propertyId)] : []),
        ...(action === 'cancelled' ? await invoiceCancelParts(next, by, now) : []),
        changePart(reservationChange(action, current.record, next), by, now),
      ],
      id,
    );
    return { success: true, reservation: reservationView(next) };
  });
}

/** DELETE: status 3, every night released and an unpaid BOOKING invoice cancelled, in one transaction. */
export async function cancelReservation(id: number, by: Actor, now: Date) {
  return retryStale(`Reservation ${id}`, async () => {
    const current = await repo.getReservation(id);
    if (!current) throw notFound(id);
    const next = cancelled(current.record, now.toISOString());
    await commitChange(
      [
        ...repo.replaceReservationParts(current, next, claimChanges(current.record.nightUnits, [], false)),
        ...(await invoiceCancelParts(next, by, now)),
        changePart(reservationChange('cancelled', current.record, next), by, now),
      ],
      id,
    );
    return { success: true, reservation: reservationView(next) };
  });
}
