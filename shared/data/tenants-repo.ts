/**
 * Tenant records (docs/data-model.md T1–T3; activation tokens are in tenant-activations-repo.ts). The tenant
 * item holds its password as a scrypt hash and its contact fields as ciphertext only (shared/crypto); this
 * module never sees plaintext contact data. E-mail uniqueness (case-insensitive) is the guard
 * `UNIQUE#tenantEmail#<lowercase>`, written in the same transaction as the tenant, and doubles as the
 * e-mail → tenantId lookup (T2). Guest records hold another guard (guest-tenants-repo.ts). Writes are returned
 * as transaction parts for a service to compose.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { StaleRecord } from '../db/optimistic.js';
import { batchGet, type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { commit, isConditionFailure, part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { UpdateSpec } from '../db/update-expression.js';
import { normalizedEmail, type TenantChanges, type TenantRecord } from '../domain/tenant.js';
import { Conflict } from '../errors.js';

export {
  CONTACT_FIELDS,
  type ContactField,
  normalizedEmail,
  type TenantChanges,
  type TenantRecord,
} from '../domain/tenant.js';

export interface StoredTenant {
  record: TenantRecord;
  version: number;
}

/** The account guard's kind (T2). */
const EMAIL_GUARD = 'tenantEmail';
export const EMAIL_GUARD_LABEL = `guard:${EMAIL_GUARD}`;
const emailGuard = (email: string) => keys.unique(EMAIL_GUARD, normalizedEmail(email));
export const updateLabel = (tenantId: number) => `update:tenant ${tenantId}`;

function toItem(record: TenantRecord, version: number): Item {
  return {
    ...keys.tenant(record.tenantId),
    entity: 'tenant',
    ...record,
    version,
    GSI1PK: indexKeys.tenants(),
    GSI1SK: indexKeys.tenantById(record.tenantId),
  };
}

const fromItem = (item: Item) => stripKeys<TenantRecord>(item);

/** T1. */
export async function getTenant(tenantId: number): Promise<TenantRecord | undefined> {
  return (await getStoredTenant(tenantId))?.record;
}

/** T1 with the version an update is conditioned on. */
export async function getStoredTenant(tenantId: number): Promise<StoredTenant | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.tenant(tenantId) }));
  return Item ? { record: fromItem(Item), version: Number(Item.version ?? 0) } : undefined;
}

/**
 * T1, two attributes only: what a tenant session is checked against on every load (shared/auth/sessions.ts).
 * Undefined when there is no such tenant.
 */
export async function getTenantCredentials(
  tenantId: number,
): Promise<Pick<TenantRecord, 'isActive' | 'credentialsVersion'> | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.tenant(tenantId),
      ProjectionExpression: 'isActive, credentialsVersion',
    }),
  );
  if (!Item) return undefined;
  return { isActive: Item.isActive === 1 ? 1 : 0, credentialsVersion: Number(Item.credentialsVersion ?? 0) };
}

/** T2. */
export async function tenantIdByEmail(email: string): Promise<number | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: emailGuard(email) }));
  return Item ? Number(Item.ownerId) : undefined;
}

/** T1 for many ids (landlord-scoped lists); the order of the answer is not the order of `ids`. */
export async function getTenants(ids: readonly number[]): Promise<TenantRecord[]> {
  return (await batchGet(ids.map((id) => keys.tenant(id)))).map(fromItem);
}

/**
 * Create: `put:tenant <id>`, `guard:tenantEmail`. The tenants' total is not moved here: the tenantCount job
 * counts the item's insert (tenant-count-repo.ts), so no two registrations meet on one item.
 */
export function insertTenantParts(record: TenantRecord): TxPart[] {
  return [
    part.putIfAbsent(`put:tenant ${record.tenantId}`, toItem(record, 1)),
    part.guard(EMAIL_GUARD_LABEL, EMAIL_GUARD, normalizedEmail(record.tenantEmail), record.tenantId),
  ];
}

/**
 * Removes a tenant that was never activated (a registration whose e-mail could not be sent):
 * `delete:tenant <id>` (only while inactive), `release:tenantEmail` (the tenantCount job counts the removal).
 */
export function deleteUnactivatedTenantParts(record: TenantRecord): TxPart[] {
  return [
    part.delete(`delete:tenant ${record.tenantId}`, keys.tenant(record.tenantId), {
      condition: 'isActive = :zero',
      values: { ':zero': 0 },
    }),
    part.releaseGuard(
      `release:${EMAIL_GUARD}`,
      EMAIL_GUARD,
      normalizedEmail(record.tenantEmail),
      record.tenantId,
    ),
  ];
}

/** Fields a change may remove from the record: the activation hash once the account is activated. */
export type RemovableTenantField = 'activationHash';

/**
 * The update of a tenant change: the given changes (and `dateUpdated`) set, the given fields removed, the
 * version moved. An undefined change leaves its field as it is.
 */
export function tenantUpdate(changes: TenantChanges, now: Date, remove: readonly string[] = []): UpdateSpec {
  return { set: { ...changes, dateUpdated: now.toISOString() }, remove, add: { version: 1 } };
}

/** `update:tenant <id>`: sets (and removes) the given fields on the tenant read at `current.version`. */
export function updateTenantPart(
  current: StoredTenant,
  changes: TenantChanges,
  now: Date,
  remove: readonly RemovableTenantField[] = [],
): TxPart {
  // An item written before versions existed has none: it must still have none.
  const versioned = current.version > 0;
  return part.update(
    updateLabel(current.record.tenantId),
    keys.tenant(current.record.tenantId),
    tenantUpdate(changes, now, remove),
    versioned
      ? { condition: 'version = :version', values: { ':version': current.version } }
      : { condition: 'attribute_exists(PK) AND attribute_not_exists(version)' },
  );
}

/**
 * The domain's reading of a failed tenant write: a taken e-mail is a 409; a failed version condition on
 * `update:tenant <id>` (or conflicts that outlasted the retries) is StaleRecord, for the caller to re-read.
 */
export function tenantWriteError(error: unknown, tenantId: number): unknown {
  if (!(error instanceof TransactionFailed)) return error;
  if (error.conditionFailed(EMAIL_GUARD_LABEL))
    return new Conflict('An account with this e-mail address already exists');
  const update = updateLabel(tenantId);
  if (error.conditionFailed(update) || (error.failed(update) && error.transient))
    return new StaleRecord('tenant changed since it was read');
  return error;
}

/** Commits a tenant change composed by a caller (the tenant's parts and its own). */
export async function commitTenantChange(parts: readonly TxPart[], tenantId: number): Promise<void> {
  try {
    await commit(parts);
  } catch (error) {
    throw tenantWriteError(error, tenantId);
  }
}

/**
 * Keeps the tenant's Stripe Customer (autopay): set once; answers the id the tenant now has, which is another
 * one when a rival request kept its own first (the caller uses that one). Undefined when there is no tenant.
 */
export async function keepStripeCustomerId(
  tenantId: number,
  customerId: string,
  now: Date,
): Promise<string | undefined> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.tenant(tenantId),
        UpdateExpression: 'SET stripeCustomerId = :id, dateUpdated = :now ADD version :one',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :id)',
        ExpressionAttributeValues: { ':id': customerId, ':now': now.toISOString(), ':one': 1 },
      }),
    );
    return customerId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Strongly consistent: the rival's write is what failed ours.
    const { Item } = await ddb.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: keys.tenant(tenantId),
        ConsistentRead: true,
        ProjectionExpression: 'stripeCustomerId',
      }),
    );
    return typeof Item?.stripeCustomerId === 'string' ? Item.stripeCustomerId : undefined;
  }
}

/** T3: the first `count` tenants in id order (admin list, unfiltered). */
export async function firstTenants(count: number): Promise<TenantRecord[]> {
  const items = await queryPartitionFirst({ index: INDEX.gsi1, pk: indexKeys.tenants() }, count);
  return items.map(fromItem);
}

/** T3 whole: admin search and filters read the tenant partition (bounded by the business's tenants). */
export async function allTenants(): Promise<TenantRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.tenants() });
  return items.map(fromItem);
}

/** The tenants' total, as the tenantCount job keeps it (eventually consistent: a new tenant counts once handled). */
export { countTenants } from './tenant-count-repo.js';

/** The tenant's item as insertTenantParts writes it (a guest record's insert writes the same item). */
export const tenantItem = (record: TenantRecord) => toItem(record, 1);

/**
 * A change of the account's e-mail to another address (a fixture reload): `guard:tenantEmail` on the new
 * address (fails when it is taken) and `release:tenantEmail` of the old one, only while this tenant holds it.
 */
export function moveEmailGuardParts(tenantId: number, fromEmail: string, toEmail: string): TxPart[] {
  if (normalizedEmail(fromEmail) === normalizedEmail(toEmail)) return [];
  return [
    part.guard(EMAIL_GUARD_LABEL, EMAIL_GUARD, normalizedEmail(toEmail), tenantId),
    part.releaseGuard(`release:${EMAIL_GUARD}`, EMAIL_GUARD, normalizedEmail(fromEmail), tenantId),
  ];
}
