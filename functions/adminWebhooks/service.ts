/**
 * Subscription use cases. Every admin write is one transaction of the subscription's part and its change
 * item (recordType `webhookSubscription`, the secret masked), so the audit log has it. URLs are checked with
 * the outbound rules (shared/net/outbound-url.ts) when written, and again on every send.
 */

import { changePart } from '../../shared/data/changes-repo.js';
import {
  allSubscriptions,
  insertSubscriptionPart,
  getSubscription as readSubscription,
  type StoredSubscription,
  sealSecret,
  subscriptionUpdateLabel,
  updateSubscriptionPart,
} from '../../shared/data/webhook-subscriptions-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import {
  type CreateSubscriptionInput,
  MAX_SUBSCRIPTIONS,
  newSecret,
  type SubscriptionRecord,
  subscriptionView,
  type UpdateSubscriptionInput,
  updatedSubscription,
} from '../../shared/domain/webhooks/subscription.js';
import { BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { checkOutboundUrl } from '../../shared/net/outbound-url.js';

async function assertAllowedUrl(url: string): Promise<void> {
  const check = await checkOutboundUrl(url, { requireHttps: true });
  if (!check.ok) throw new BadRequest('Validation failed', [{ field: 'url', message: check.reason }]);
}

const live = (s: StoredSubscription) => s.record.deletedAt === undefined;

export async function listSubscriptions() {
  const all = await allSubscriptions();
  return { items: all.filter(live).map((s) => subscriptionView(s.record)) };
}

async function liveSubscription(subscriptionId: number): Promise<StoredSubscription> {
  const found = await readSubscription(subscriptionId);
  if (!found || !live(found)) throw new NotFound(`Webhook subscription ${subscriptionId} not found`);
  return found;
}

export async function getSubscription(subscriptionId: number) {
  return subscriptionView((await liveSubscription(subscriptionId)).record);
}

/** The view of the audit log: never the secret (it is not part of the record anyway). */
const auditView = (r: SubscriptionRecord) => ({ url: r.url, events: r.events, active: r.active });

export async function createSubscription(input: CreateSubscriptionInput, by: Actor, now: Date) {
  await assertAllowedUrl(input.url);
  // A soft cap (two racing creates may pass it together): each event reads every subscription.
  if ((await allSubscriptions()).filter(live).length >= MAX_SUBSCRIPTIONS)
    throw new Conflict(`At most ${MAX_SUBSCRIPTIONS} webhook subscriptions; delete one first`);
  const subscriptionId = await nextId('webhookSubscription');
  const secret = newSecret();
  const stamp = now.toISOString();
  const record: SubscriptionRecord = {
    subscriptionId,
    url: input.url,
    events: input.events,
    active: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
  await commit([
    insertSubscriptionPart(record, await sealSecret(subscriptionId, secret)),
    changePart(
      {
        recordType: 'webhookSubscription',
        recordId: subscriptionId,
        action: 'created',
        after: auditView(record),
      },
      by,
      now,
    ),
  ]);
  return { success: true, subscriptionId, secret, subscription: subscriptionView(record) };
}

async function commitEdit(
  current: StoredSubscription,
  next: SubscriptionRecord,
  action: string,
  by: Actor,
  now: Date,
) {
  try {
    await commit([
      updateSubscriptionPart(current, next),
      changePart(
        {
          recordType: 'webhookSubscription',
          recordId: next.subscriptionId,
          action,
          before: {
            ...auditView(current.record),
            ...(current.record.disabledAt ? { disabledAt: current.record.disabledAt } : {}),
          },
          after: { ...auditView(next), ...(next.disabledAt ? { disabledAt: next.disabledAt } : {}) },
        },
        by,
        now,
      ),
    ]);
  } catch (error) {
    if (
      error instanceof TransactionFailed &&
      error.conditionFailed(subscriptionUpdateLabel(next.subscriptionId))
    )
      throw new StaleRecord('subscription changed since it was read');
    throw error;
  }
}

export async function updateSubscription(
  subscriptionId: number,
  input: UpdateSubscriptionInput,
  by: Actor,
  now: Date,
) {
  if (input.url !== undefined) await assertAllowedUrl(input.url);
  return retryStale(`Webhook subscription ${subscriptionId}`, async () => {
    const current = await liveSubscription(subscriptionId);
    const next = updatedSubscription(current.record, input, now);
    await commitEdit(current, next, 'updated', by, now);
    return { success: true, subscription: subscriptionView(next) };
  });
}

export async function deleteSubscription(subscriptionId: number, by: Actor, now: Date) {
  return retryStale(`Webhook subscription ${subscriptionId}`, async () => {
    const current = await liveSubscription(subscriptionId);
    const next: SubscriptionRecord = {
      ...current.record,
      active: 0,
      deletedAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await commitEdit(current, next, 'deleted', by, now);
    return { success: true, subscriptionId };
  });
}
