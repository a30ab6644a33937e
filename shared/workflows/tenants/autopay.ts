/**
 * Autopay's changes of the tenant record (docs/tenant-portal.md "Autopay"), made by the tenant portal (a
 * setup begun, autopay off) and by the Stripe webhook (the method saved): each commits with its change item,
 * so every step is in the audit log (shared/domain/autopay.ts autopayChange), and a rolled-back step leaves
 * no entry.
 */
import { changePart } from '../../data/changes-repo.js';
import {
  commitTenantChange,
  getStoredTenant,
  type StoredTenant,
  updateTenantPart,
} from '../../data/tenants-repo.js';
import { retryStale } from '../../db/optimistic.js';
import { commit, type TxPart } from '../../db/transaction.js';
import { autopayChange, type TenantAutopay } from '../../domain/autopay.js';
import type { Actor } from '../../domain/change.js';
import type { TenantRecord } from '../../domain/tenant.js';

/** What a begun setup made: the SetupIntent, and the Customer when this call made the tenant's first. */
export interface SetupBegun {
  setupIntentId: string;
  newCustomerId?: string | undefined;
}

/** The audit entry of a setup begun (`autopay.json` POST); the record itself is not changed by it. */
export async function recordSetupBegun(
  tenant: TenantRecord,
  begun: SetupBegun,
  by: Actor,
  now: Date,
): Promise<void> {
  const change = autopayChange({
    action: 'autopaySetupStarted',
    tenantId: tenant.tenantId,
    before: tenant.autopay,
    after: tenant.autopay,
    set: { setupIntentId: begun.setupIntentId, stripeCustomerId: begun.newCustomerId },
  });
  await commit([changePart(change, by, now)]);
}

/**
 * Autopay off: no method, and `autopayOffAt` now (a setup begun before never turns it back on), with its
 * change item, conditioned on the version read (a rival write re-reads). Undefined when there is no tenant.
 */
export async function turnAutopayOff(
  tenantId: number,
  by: Actor,
  now: Date,
): Promise<TenantRecord | undefined> {
  return retryStale(`Tenant ${tenantId}`, async () => {
    const stored = await getStoredTenant(tenantId);
    if (!stored) return undefined;
    const autopayOffAt = now.toISOString();
    const change = autopayChange({
      action: 'autopayOff',
      tenantId,
      before: stored.record.autopay,
      after: null,
      set: { autopayOffAt },
    });
    await commitTenantChange(
      [updateTenantPart(stored, { autopay: null, autopayOffAt }, now), changePart(change, by, now)],
      tenantId,
    );
    return { ...stored.record, autopay: null, autopayOffAt };
  });
}

/**
 * Autopay on with the method Stripe confirmed: the tenant's update (its label names the part a rival write
 * fails) and its change item, for the webhook to commit with the event's once-item.
 */
export function autopaySavedParts(
  stored: StoredTenant,
  autopay: TenantAutopay,
  by: Actor,
  now: Date,
): { parts: TxPart[]; updateLabel: string } {
  const update = updateTenantPart(stored, { autopay }, now);
  const change = autopayChange({
    action: 'autopayOn',
    tenantId: stored.record.tenantId,
    before: stored.record.autopay,
    after: autopay,
  });
  return { parts: [update, changePart(change, by, now)], updateLabel: update.label };
}
