import { describe, expect, it } from 'vitest';
import {
  applyAdminPatch,
  applyHousekeeperPatch,
  archived,
  HK_STATUS,
  type HousekeepingRecord,
  matchesFilter,
  newRequest,
} from './request.js';

const NOW = '2030-01-01T10:00:00.000Z';
const base = (over: Partial<HousekeepingRecord> = {}): HousekeepingRecord => ({
  ...newRequest(7, { propertyId: 2001, requestTitle: 'Clean' }, '2030-01-01', NOW),
  ...over,
});

describe('housekeeping requests', () => {
  it('creates open, dated today unless given; assigning makes it assigned', () => {
    expect(base()).toMatchObject({
      requestStatus: 0,
      requestDate: '2030-01-01',
      assignedTo: null,
      reservationId: null,
    });
    const assigned = newRequest(
      8,
      { propertyId: 1, requestTitle: 'x', assignedTo: 4, requestDate: '2030-02-02' },
      '2030-01-01',
      NOW,
    );
    expect(assigned).toMatchObject({ requestStatus: 1, assignedTo: 4, requestDate: '2030-02-02' });
    expect(
      newRequest(9, { propertyId: 1, requestTitle: 'x', assignedTo: 4, requestStatus: 2 }, 'd', NOW)
        .requestStatus,
    ).toBe(2);
    expect(() => newRequest(9, { propertyId: 1, requestTitle: 'x', requestStatus: 6 }, 'd', NOW)).toThrow(
      /DELETE/,
    );
    expect(() => newRequest(9, { propertyId: 1, requestTitle: 'x', requestStatus: 5 }, 'd', NOW)).toThrow(
      /requestStatus/,
    );
  });

  it('admin patch: fields, status, (un)assignment moves open <-> assigned unless a status is given', () => {
    expect(applyAdminPatch(base(), { assignedTo: 4 })).toMatchObject({ assignedTo: 4, requestStatus: 1 });
    expect(applyAdminPatch(base({ assignedTo: 4, requestStatus: 1 }), { assignedTo: null })).toMatchObject({
      assignedTo: null,
      requestStatus: 0,
    });
    expect(
      applyAdminPatch(base({ assignedTo: 4, requestStatus: 2 }), { assignedTo: null }).requestStatus,
    ).toBe(2);
    expect(applyAdminPatch(base(), { assignedTo: 4, requestStatus: 0 }).requestStatus).toBe(0);
    expect(applyAdminPatch(base(), { requestTitle: 'New', requestDate: '2030-03-03' })).toMatchObject({
      requestTitle: 'New',
      requestDate: '2030-03-03',
      requestStatus: 0,
    });
  });

  it('an archived request is restored only by naming a status', () => {
    const gone = base({ requestStatus: HK_STATUS.archived });
    expect(() => applyAdminPatch(gone, { requestTitle: 'x' })).toThrow(/archived/);
    expect(applyAdminPatch(gone, { requestStatus: 0 }).requestStatus).toBe(0);
  });

  it('a housekeeper changes only the status, to 1, 2 or 3, never of an archived request', () => {
    const mine = base({ assignedTo: 4, requestStatus: 1 });
    expect(applyHousekeeperPatch(mine, { requestStatus: 2 }).requestStatus).toBe(2);
    expect(applyHousekeeperPatch(mine, { requestStatus: 3 }).requestStatus).toBe(3);
    expect(() => applyHousekeeperPatch(mine, { requestStatus: 0 })).toThrow(/1, 2|1 assigned/);
    expect(() => applyHousekeeperPatch(mine, { requestStatus: 2, requestTitle: 'x' })).toThrow(
      /only requestStatus/,
    );
    expect(() => applyHousekeeperPatch(mine, {})).toThrow(/required/);
    expect(() => applyHousekeeperPatch({ ...mine, requestStatus: 6 }, { requestStatus: 2 })).toThrow(
      /archived/,
    );
  });

  it('archives once; a second archive is a conflict', () => {
    expect(archived(base()).requestStatus).toBe(6);
    expect(() => archived(archived(base()))).toThrow(/already archived/);
  });

  it('the list leaves archived requests out unless status=6 is asked', () => {
    const open = base();
    const gone = base({ requestStatus: 6 });
    expect(matchesFilter(open, {})).toBe(true);
    expect(matchesFilter(gone, {})).toBe(false);
    expect(matchesFilter(gone, { status: 6 })).toBe(true);
    expect(matchesFilter(open, { status: 6 })).toBe(false);
    expect(matchesFilter(open, { dateFrom: '2030-01-02' })).toBe(false);
    expect(matchesFilter(open, { dateTo: '2030-01-01', propertyId: 2001 })).toBe(true);
    expect(matchesFilter(open, { assignedTo: 4 })).toBe(false);
  });
});
