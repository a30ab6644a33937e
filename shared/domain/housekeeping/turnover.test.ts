import { describe, expect, it } from 'vitest';
import type { ReservationRecord } from '../booking/reservation.js';
import { newRequest } from './request.js';
import { turnoverStep, turnoverTitle, wantedTurnover } from './turnover.js';

const stay = (status: ReservationRecord['status'], dateTo = '2030-05-10') =>
  ({ reservationId: 5, propertyId: 2001, status, dateFrom: '2030-05-07', dateTo }) as ReservationRecord;
const request = newRequest(
  1,
  { propertyId: 2001, requestTitle: turnoverTitle('Beach') },
  '2030-05-10',
  'now',
  5,
);

describe('turnovers', () => {
  it('wants a request on the check-out date of a confirmed reservation only', () => {
    expect(wantedTurnover(stay('1'))).toEqual({ active: true, requestDate: '2030-05-10' });
    for (const status of ['0', '3', '4'] as const)
      expect(wantedTurnover(stay(status))).toEqual({ active: false });
    expect(wantedTurnover(undefined)).toEqual({ active: false });
    expect(turnoverTitle('Beach')).toBe('Turnover: Beach');
  });

  it('creates, moves, archives, and does nothing more the second time', () => {
    expect(turnoverStep(undefined, wantedTurnover(stay('1')))).toEqual({
      kind: 'create',
      requestDate: '2030-05-10',
    });
    expect(turnoverStep(undefined, wantedTurnover(stay('3')))).toEqual({ kind: 'none' });
    expect(turnoverStep(request, wantedTurnover(stay('1')))).toEqual({ kind: 'none' });
    const moved = turnoverStep(
      { ...request, assignedTo: 4, requestStatus: 2 },
      wantedTurnover(stay('1', '2030-05-12')),
    );
    expect(moved).toMatchObject({
      kind: 'update',
      event: 'housekeeping.updated',
      next: { requestDate: '2030-05-12', requestStatus: 2, assignedTo: 4 },
    });
    const cancelled = turnoverStep(request, wantedTurnover(stay('3')));
    expect(cancelled).toMatchObject({
      kind: 'update',
      event: 'housekeeping.archived',
      next: { requestStatus: 6 },
    });
    expect(turnoverStep({ ...request, requestStatus: 6 }, wantedTurnover(stay('3')))).toEqual({
      kind: 'none',
    });
  });

  it('re-opens an archived turnover when its reservation is confirmed again', () => {
    expect(turnoverStep({ ...request, requestStatus: 6 }, wantedTurnover(stay('1')))).toMatchObject({
      kind: 'update',
      next: { requestStatus: 0 },
    });
    expect(
      turnoverStep({ ...request, requestStatus: 6, assignedTo: 4 }, wantedTurnover(stay('1'))),
    ).toMatchObject({
      next: { requestStatus: 1 },
    });
  });
});
