import { describe, expect, it } from 'vitest';
import { syncTargetsOf } from './sync-targets.js';

const change = (recordType: string, action: string, fields: { field: string; new: unknown }[] = []) => ({
  recordType,
  recordId: '9',
  action,
  at: '2027-03-01T10:00:00.000Z',
  fields: fields.map((f) => ({ ...f, old: null })),
});

describe('syncTargetsOf', () => {
  it('queues every change of an invoice or an expense', () => {
    for (const action of ['created', 'updated', 'cancelled', 'settled', 'refunded'])
      expect(syncTargetsOf(change('invoice', action))).toEqual([
        { recordType: 'invoice', recordId: '9', at: '2027-03-01T10:00:00.000Z' },
      ]);
    expect(syncTargetsOf(change('expense', 'created'))).toHaveLength(1);
  });

  it('queues a payment or refund with its document', () => {
    const fields = [
      { field: 'documentType', new: 'invoice' },
      { field: 'documentId', new: 41 },
    ];
    expect(syncTargetsOf(change('payment', 'created', fields))).toEqual([
      {
        recordType: 'payment',
        recordId: '9',
        at: '2027-03-01T10:00:00.000Z',
        documentType: 'invoice',
        documentId: 41,
      },
    ]);
    expect(syncTargetsOf(change('payment', 'refunded', fields))).toHaveLength(1);
    expect(syncTargetsOf(change('payment', 'created', [{ field: 'documentType', new: 'lease' }]))).toEqual(
      [],
    );
  });

  it('queues a tenant’s change only when QuickBooks knows the tenant, and nothing else', () => {
    expect(syncTargetsOf(change('tenant', 'updated'))).toEqual([
      { recordType: 'tenant', recordId: '9', at: '2027-03-01T10:00:00.000Z', onlyIfKnown: true },
    ]);
    expect(syncTargetsOf(change('tenant', 'created'))).toEqual([]);
    expect(syncTargetsOf(change('reservation', 'created'))).toEqual([]);
  });
});
