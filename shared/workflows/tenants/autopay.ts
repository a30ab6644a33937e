/**
 * Autopay's changes of the tenant record (docs/tenant-portal.md "Autopay"), made by the tenant portal (a
 * setup begun, autopay off) and by the Stripe webhook (the method saved): each commits with its change item,
 * so every step is in the audit log (shared/domain/autopay.ts autopayChange), and a rolled-back step leaves
 * no entry.
 */
import { changePart } from '../../data/changes-repo.js';
import { keepStripeCustomerId, type StoredTenant } from '../../data/tenants-repo.js';
import { commit, type TxPart } from '../../db/transaction.js';
import { autopayChange, type TenantAutopay } from '../../domain/autopay.js';
import type { Actor } from '../../domain/change.js';
import type { TenantRecord } from '../../domain/tenant.js';
import { changeTenant, tenantChangeParts } from './change.js';

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
 * Autopay off: no method, and `autopayOffAt` now (a setup begun before never turns it back on), through the
 * tenant's one change protocol (change.ts) with autopay's change item. Undefined when there is no tenant.
 */
export function turnAutopayOff(tenantId: number, by: Actor, now: Date): Promise<TenantRecord | undefined> {
  const autopayOffAt = now.toISOString();
  return changeTenant(tenantId, () => ({ autopay: null, autopayOffAt }), {
    action: 'autopayOff',
    by,
    now,
    describe: (before) =>
      autopayChange({
        action: 'autopayOff',
        tenantId,
        before: before.autopay,
        after: null,
        set: { autopayOffAt },
      }),
  });
}

/**
 * Autopay on with the method Stripe confirmed: the tenant's change at the version read (its label names the part a
 * rival write fails) and its change item, for the webhook to commit with the event's once-item.
 */
export function autopaySavedParts(
  stored: StoredTenant,
  autopay: TenantAutopay,
  by: Actor,
  now: Date,
): { parts: TxPart[]; updateLabel: string } {
  const { parts, updateLabel } = tenantChangeParts(
    stored,
    { autopay },
    {
      action: 'autopayOn',
      by,
      now,
      describe: (before) =>
        autopayChange({
          action: 'autopayOn',
          tenantId: before.tenantId,
          before: before.autopay,
          after: autopay,
        }),
    },
  );
  return { parts, updateLabel };
}

/**
 * Keeps the tenant's Stripe Customer, made on the first autopay setup: set once (a set-once condition, the
 * protocol's guard for a value that never changes once set); answers the id the tenant now has, a rival's
 * when it kept its own first. Its change item is the setup's (recordSetupBegun names the new Customer).
 */
export const keepStripeCustomer = (tenantId: number, customerId: string, now: Date) =>
  keepStripeCustomerId(tenantId, customerId, now);
