import { describe, expect, it } from 'vitest';
import { activeLeaseAmong, leaseStatusOn } from './status.js';

describe('where a lease stands on a day', () => {
  it('is upcoming before its start, active from its start through its last day, ended after it', () => {
    const lease = { startDate: '2027-03-15', endDate: '2027-06-30' };
    expect(leaseStatusOn(lease, '2027-03-14')).toBe('upcoming');
    expect(leaseStatusOn(lease, '2027-03-15')).toBe('active');
    expect(leaseStatusOn(lease, '2027-06-30')).toBe('active');
    expect(leaseStatusOn(lease, '2027-07-01')).toBe('ended');
  });

  it('stays active while month to month, unless the record was ended without an end date', () => {
    expect(leaseStatusOn({ startDate: '2020-01-01', endDate: '' }, '2030-01-01')).toBe('active');
    expect(leaseStatusOn({ startDate: '2020-01-01', endDate: '', status: 'ended' }, '2030-01-01')).toBe(
      'ended',
    );
    expect(leaseStatusOn({ startDate: '2020-01-01', endDate: '', status: 'pending' }, '2030-01-01')).toBe(
      'active',
    );
  });

  it('keeps a record ended without an end date ended even before its start; the stored status counts for nothing else', () => {
    expect(leaseStatusOn({ startDate: '2031-01-01', endDate: '', status: 'ended' }, '2030-01-01')).toBe(
      'ended',
    );
    const dated = { startDate: '2029-01-01', endDate: '2030-06-30', status: 'ended' } as const;
    expect(leaseStatusOn(dated, '2030-01-01')).toBe('active');
    expect(leaseStatusOn({ ...dated, status: 'pending' }, '2028-01-01')).toBe('upcoming');
  });
});

describe("the tenant's active lease", () => {
  const old = { leaseId: 1, startDate: '2026-01-01', endDate: '2027-01-31' };
  const renewal = { leaseId: 2, startDate: '2027-01-15', endDate: '' };
  const later = { leaseId: 3, startDate: '2027-06-01', endDate: '' };

  it('is the active one with the latest start: an overlapping renewal wins', () => {
    expect(activeLeaseAmong([old, renewal, later], '2027-01-20')).toBe(renewal);
    expect(activeLeaseAmong([renewal, old], '2027-01-10')).toBe(old);
    expect(activeLeaseAmong([old, renewal, later], '2027-06-01')).toBe(later);
  });

  it('is none before any starts or after all ended', () => {
    expect(activeLeaseAmong([old, renewal], '2025-12-31')).toBeUndefined();
    expect(activeLeaseAmong([old], '2027-02-01')).toBeUndefined();
    expect(activeLeaseAmong([], '2027-02-01')).toBeUndefined();
  });

  it('takes the higher id of two starting the same day', () => {
    const twin = { ...renewal, leaseId: 7 };
    expect(activeLeaseAmong([twin, renewal], '2027-02-01')).toBe(twin);
  });
});
