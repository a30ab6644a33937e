/**
 * An invoice that becomes another tenant's (docs/tenants.md "Claiming a guest record's stays"): the invoices of a
 * guest record join the account that claimed it. The header's tenant and its tenant-list key change in one
 * transaction with the change record (audit, and the accounting sync pushes the invoice under its new
 * customer), conditioned on the version read; a rival write since (a payment, staff) makes it read again.
 * Nothing of the money changes, so the books stay as they were.
 */
import { changePart } from '../../data/changes-repo.js';
import { documentChanged, readHeader, reassignInvoiceTenantPart } from '../../data/money-documents-repo.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, TransactionFailed } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';

/** Moves invoice `invoiceId` from tenant `from` to `to`; false when it is not `from`'s (gone, or moved already). */
export function moveInvoiceToTenant(
  invoiceId: number,
  from: number,
  to: number,
  by: Actor,
  now: Date,
): Promise<boolean> {
  return retryStale(`Invoice ${invoiceId}`, async () => {
    const header = await readHeader('invoice', invoiceId);
    if (header?.record.tenantId !== from) return false;
    const read = { type: 'invoice' as const, id: invoiceId, version: header.version };
    const change = {
      recordType: 'invoice',
      recordId: invoiceId,
      action: 'tenantChanged',
      before: { tenantId: from },
      after: { tenantId: to },
    };
    try {
      await commit([reassignInvoiceTenantPart(read, to, now), changePart(change, by, now)]);
    } catch (error) {
      if (error instanceof TransactionFailed && (error.transient || documentChanged(error, 'invoice')))
        throw new StaleRecord();
      throw error;
    }
    return true;
  });
}
