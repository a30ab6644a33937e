import { describe, expect, it } from 'vitest';
import {
  auditOrder,
  entryFromChange,
  entryView,
  filterProblems,
  monthOf,
  monthsNewestFirst,
  orderRange,
  sourceOf,
} from './audit.js';

describe('audit entries', () => {
  it('takes the change id as entry id and keeps everything else', () => {
    const entry = entryFromChange({
      changeId: 'c1',
      recordType: 'property',
      recordId: '2001',
      action: 'updated',
      actor: 'admin:1',
      requestId: 'r1',
      at: '2026-03-04T05:06:07.000Z',
      fields: [{ field: 'propertyName', old: 'A', new: 'B' }],
    });
    expect(entry).toEqual({
      entryId: 'c1',
      recordType: 'property',
      recordId: '2001',
      action: 'updated',
      actor: 'admin:1',
      requestId: 'r1',
      at: '2026-03-04T05:06:07.000Z',
      fields: [{ field: 'propertyName', old: 'A', new: 'B' }],
    });
  });

  it('keeps the event name but never the event payload (the record unmasked, for webhooks only)', () => {
    const change = {
      changeId: 'c2',
      recordType: 'tenant',
      recordId: '9',
      action: 'registered',
      actor: 'guest:10.0.0.1' as const,
      requestId: 'r2',
      at: '2026-03-04T05:06:07.000Z',
      fields: [{ field: 'tenantEmail', old: null, new: '***' }],
      event: 'tenant.registered',
      data: { tenantEmail: 'ann@example.test' },
      previous: { tenantEmail: 'old@example.test' },
    };
    const entry = entryFromChange(change);
    expect(entry).toEqual({
      entryId: 'c2',
      recordType: 'tenant',
      recordId: '9',
      action: 'registered',
      actor: 'guest:10.0.0.1',
      requestId: 'r2',
      at: '2026-03-04T05:06:07.000Z',
      fields: [{ field: 'tenantEmail', old: null, new: '***' }],
      event: 'tenant.registered',
    });
    // An entry stored with the payload (before it was left out) is shown without it.
    const { changeId, ...stored } = change;
    expect(entryView({ entryId: changeId, ...stored })).toEqual(entry);
  });

  it('orders by time, then id, and a day range holds every time of its days', () => {
    const [from, to] = orderRange('2026-03-04', '2026-03-05');
    const inside = [auditOrder('2026-03-04T00:00:00.000Z', 'a'), auditOrder('2026-03-05T23:59:59.999Z', 'z')];
    for (const key of inside) expect(key >= from && key <= to, key).toBe(true);
    expect(auditOrder('2026-03-06T00:00:00.000Z', 'a') > to).toBe(true);
    expect(auditOrder('2026-03-03T23:59:59.999Z', 'a') < from).toBe(true);
    expect(orderRange()).toEqual(['0000-01-01', '9999-12-31~']);
  });

  it('buckets by UTC month and lists the months of a range newest first', () => {
    expect(monthOf('2026-03-04T05:06:07.000Z')).toBe('2026-03');
    const months = ['2025-12', '2026-01', '2026-02', '2026-03'];
    expect(monthsNewestFirst(months)).toEqual(['2026-03', '2026-02', '2026-01', '2025-12']);
    expect(monthsNewestFirst(months, '2026-01-31', '2026-02-01')).toEqual(['2026-02', '2026-01']);
    expect(monthsNewestFirst(months, '2026-03-01')).toEqual(['2026-03']);
  });

  it('refuses a record id without its type and a backwards range', () => {
    expect(filterProblems({ recordId: '1' })).toEqual([expect.objectContaining({ field: 'recordId' })]);
    expect(filterProblems({ dateFrom: '2026-02-01', dateTo: '2026-01-01' })).toEqual([
      expect.objectContaining({ field: 'dateTo' }),
    ]);
    expect(filterProblems({ recordType: 'property', recordId: '1', dateFrom: '2026-01-01' })).toEqual([]);
  });

  it('reads a record, else an actor, else the time buckets', () => {
    expect(sourceOf({ recordType: 'property', recordId: '1', actor: 'admin:1' })).toBe('record');
    expect(sourceOf({ recordType: 'property', actor: 'admin:1' })).toBe('actor');
    expect(sourceOf({ recordType: 'property' })).toBe('time');
    expect(sourceOf({})).toBe('time');
  });
});
