import { describe, expect, it } from 'vitest';
import { BadRequest, Conflict } from '../../errors.js';
import {
  cancelReservation,
  claimChanges,
  createdStatus,
  holdsUnits,
  keepsProperty,
  planReservationUpdate,
  type ReservationRecord,
  reservationView,
} from './reservation.js';

const reservation = (over: Partial<ReservationRecord> = {}): ReservationRecord => ({
  reservationId: 12,
  propertyId: 2001,
  tenantId: 5,
  dateFrom: '2027-08-01',
  dateTo: '2027-08-03',
  name: 'Ada Guest',
  email: 'ada@example.com',
  status: '1',
  totalPriceCents: 45000,
  orderId: 30,
  couponCode: null,
  source: 'website',
  nightUnits: [
    { date: '2027-08-01', unit: 1 },
    { date: '2027-08-02', unit: 1 },
  ],
  dateCreated: '2027-07-01T10:00:00.000Z',
  dateUpdated: '2027-07-01T10:00:00.000Z',
  ...over,
});

const NOW = '2027-07-02T09:00:00.000Z';

describe('statuses', () => {
  it('every status but cancelled holds units', () => {
    expect(['0', '1', '4'].every((s) => holdsUnits(s as '0'))).toBe(true);
    expect(holdsUnits('3')).toBe(false);
  });

  it('admin create: "1" by default, adminBlock makes a block, an unknown code is a 400', () => {
    expect(createdStatus(undefined, undefined)).toBe('1');
    expect(createdStatus('0', undefined)).toBe('0');
    expect(createdStatus('1', 'true')).toBe('4');
    expect(createdStatus(undefined, '0')).toBe('1');
    expect(() => createdStatus('7', undefined)).toThrow(BadRequest);
  });

  it('a block is shown as blocked', () => {
    expect(reservationView(reservation({ status: '4' }))).toMatchObject({
      statusName: 'blocked',
      adminBlock: 1,
      nights: 2,
      totalPrice: 450,
    });
  });
});

describe('transitions', () => {
  it('cancel: status 3, nights released; twice is a conflict', () => {
    const cancelled = cancelReservation(reservation(), NOW);
    expect(cancelled).toMatchObject({ status: '3', nightUnits: [], dateUpdated: NOW });
    expect(() => cancelReservation(cancelled, NOW)).toThrow(Conflict);
  });

  it('an update may change status, dates and total price; nights change only when held nights do', () => {
    expect(planReservationUpdate(reservation(), { totalPriceCents: 100 }, NOW)).toMatchObject({
      next: { totalPriceCents: 100, dateUpdated: NOW },
      nightsChange: false,
      kindChanges: false,
    });
    expect(planReservationUpdate(reservation(), { dateTo: '2027-08-05' }, NOW)).toMatchObject({
      nightsChange: true,
    });
    expect(planReservationUpdate(reservation(), { status: '3' }, NOW)).toMatchObject({ nightsChange: true });
    expect(planReservationUpdate(reservation({ status: '3' }), { status: '1' }, NOW)).toMatchObject({
      nightsChange: true,
    });
    // New dates on a cancelled reservation hold nothing.
    expect(
      planReservationUpdate(reservation({ status: '3' }), { dateFrom: '2027-07-30' }, NOW),
    ).toMatchObject({ nightsChange: false });
    expect(planReservationUpdate(reservation(), { status: '4' }, NOW)).toMatchObject({
      nightsChange: false,
      kindChanges: true,
    });
  });

  it('a reservation never changes property: a change naming another is a 400 naming the field', () => {
    const r = reservation();
    expect(() => keepsProperty(r, undefined)).not.toThrow();
    expect(() => keepsProperty(r, 2001)).not.toThrow();
    const refusal = (() => {
      try {
        keepsProperty(r, 2002, 'reservation.propertyId');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(BadRequest);
    expect((refusal as BadRequest).message).toMatch(/on property 2001 and cannot move to property 2002/);
    expect((refusal as BadRequest).errors).toEqual([
      { field: 'reservation.propertyId', message: 'must stay 2001' },
    ]);
    expect(() => planReservationUpdate(r, { propertyId: 2002, dateTo: '2027-08-05' }, NOW)).toThrow(
      BadRequest,
    );
    expect(planReservationUpdate(r, { propertyId: 2001, dateTo: '2027-08-04' }, NOW).next.propertyId).toBe(
      2001,
    );
  });

  it('an unknown status or dates that are no stay are a 400', () => {
    expect(() => planReservationUpdate(reservation(), { status: 'x' }, NOW)).toThrow(BadRequest);
    expect(() => planReservationUpdate(reservation(), { dateTo: '2027-08-01' }, NOW)).toThrow(BadRequest);
  });

  it('claim changes: kept (night, unit) pairs are not written, others released or claimed', () => {
    const held = reservation().nightUnits;
    const toHold = [
      { date: '2027-08-02', unit: 1 },
      { date: '2027-08-03', unit: 2 },
    ];
    expect(claimChanges(held, toHold, false)).toEqual({
      release: [{ date: '2027-08-01', unit: 1 }],
      claim: [{ date: '2027-08-03', unit: 2 }],
      relabel: [],
    });
    expect(claimChanges(held, toHold, true).relabel).toEqual([{ date: '2027-08-02', unit: 1 }]);
    expect(claimChanges(held, [], false).release).toEqual(held);
  });
});
