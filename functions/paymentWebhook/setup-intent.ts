/**
 * setup_intent.succeeded → the tenant's autopay method saved (docs/tenant-portal.md "Autopay"; docs/payments.md
 * "The webhook"): the SetupIntent that `autopay.json` made names the tenant in `metadata.tenantId`; its method's
 * brand and last 4 are read from Stripe, and the tenant's `autopay` is written in one transaction with the
 * event's once-item and the change item of the audit log (`autopayOn` by system:stripe), conditioned on the
 * tenant's version (a rival write re-reads). A SetupIntent of another
 * Customer, or begun before the tenant last turned autopay off, changes nothing (shared/domain/autopay.ts).
 */
import * as v from 'valibot';
import { getStoredTenant } from '../../shared/data/tenants-repo.js';
import { retryStale } from '../../shared/db/optimistic.js';
import { setupRefusal } from '../../shared/domain/autopay.js';
import { retrievePaymentMethod } from '../../shared/payments/stripe-customers.js';
import { autopaySavedParts } from '../../shared/workflows/tenants/autopay.js';
import { commitOnce, type EventContext, type Target } from './event-once.js';
import { readObject } from './stripe-objects.js';

/** Expandable references arrive as an id or as the object. */
const reference = v.union([
  v.string(),
  v.pipe(
    v.looseObject({ id: v.string() }),
    v.transform((o) => o.id),
  ),
]);

export const setupIntentObject = v.looseObject({
  id: v.string(),
  customer: v.optional(v.nullable(reference), null),
  payment_method: v.optional(v.nullable(reference), null),
  created: v.pipe(v.number(), v.integer()),
  metadata: v.optional(v.nullable(v.record(v.string(), v.string())), {}),
});

/** The tenant id `autopay.json` put into the SetupIntent's metadata, if any. */
function metadataTenantId(meta: Record<string, string> | null | undefined): number | null {
  const raw = meta?.tenantId;
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** No intent or invoice: the I7 record of a setup names neither. */
const TARGET: Target = { paymentIntentId: null, invoiceId: null };

export async function setupSucceeded(ctx: EventContext): Promise<string> {
  const setup = readObject(setupIntentObject, ctx.event.data.object, ctx.event.type);
  const tenantId = metadataTenantId(setup.metadata);
  if (tenantId === null || !setup.payment_method) return commitOnce(ctx, TARGET, 'unknownTenant');
  const paymentMethodId = setup.payment_method;
  const confirmed = { customerId: setup.customer, created: setup.created };
  const first = await getStoredTenant(tenantId);
  const refused = first ? setupRefusal(first.record, confirmed) : 'unknownTenant';
  if (refused) return commitOnce(ctx, TARGET, refused);
  // Read once, outside the retries: the method does not change with the tenant record.
  const method = await retrievePaymentMethod(tenantId, paymentMethodId);
  if (method.customerId !== setup.customer) return commitOnce(ctx, TARGET, 'otherCustomer');
  const autopay = { paymentMethodId, brand: method.brand, last4: method.last4, since: ctx.now.toISOString() };
  return retryStale(`Tenant ${tenantId}`, async () => {
    const stored = await getStoredTenant(tenantId);
    if (!stored) return commitOnce(ctx, TARGET, 'unknownTenant');
    const refusal = setupRefusal(stored.record, confirmed);
    if (refusal) return commitOnce(ctx, TARGET, refusal);
    const saved = autopaySavedParts(stored, autopay, ctx.by, ctx.now);
    return commitOnce(ctx, TARGET, 'autopaySaved', saved.parts, saved.updateLabel);
  });
}
