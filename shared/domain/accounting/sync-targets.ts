/**
 * Which of our records a change of the outbox puts in the sync's queue (docs/accounting.md "The sync"):
 * every change of an invoice or an expense (created, updated, cancelled, settled …: the sync pushes the record
 * as it is then, so one push covers any number of changes), a payment or refund when it is recorded, and a
 * tenant's change when QuickBooks already knows the tenant as a Customer (its name or e-mail there).
 */
import type { Change } from '../change.js';
import type { SyncRef } from './sync-state.js';

export interface SyncTarget extends SyncRef {
  /** When the change happened: the push order. */
  at: string;
  /** Marked only when the record already has a sync state (a Customer QuickBooks holds). */
  onlyIfKnown?: boolean;
  documentType?: 'invoice' | 'expense';
  documentId?: number;
}

const newValue = (change: Pick<Change, 'fields'>, field: string): unknown =>
  change.fields.find((f) => f.field === field)?.new;

export function syncTargetsOf(
  change: Pick<Change, 'recordType' | 'recordId' | 'action' | 'at' | 'fields'>,
): SyncTarget[] {
  const { recordType, recordId, at } = change;
  if (recordType === 'invoice' || recordType === 'expense') return [{ recordType, recordId, at }];
  if (recordType === 'payment' && (change.action === 'created' || change.action === 'refunded')) {
    const documentType = newValue(change, 'documentType');
    const documentId = Number(newValue(change, 'documentId'));
    if ((documentType !== 'invoice' && documentType !== 'expense') || !Number.isInteger(documentId))
      return [];
    return [{ recordType: 'payment', recordId, at, documentType, documentId }];
  }
  if (recordType === 'tenant' && change.action !== 'created')
    return [{ recordType: 'tenant', recordId, at, onlyIfKnown: true }];
  return [];
}
