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
import { readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { StaleRecord } from '../db/optimistic.js';
import { batchGet, type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { commit, isConditionFailure, part, TransactionFailed, type TxPart } from '../db/transaction.js';
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

const TOTAL = 'tenants';
/** The account guard's kind (T2); exported for guest-tenants-repo.ts, which moves a claimed record onto it. */
export const EMAIL_GUARD = 'tenantEmail';
export const TENANT_TOTAL = TOTAL;
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

/** Create: `put:tenant <id>`, `guard:tenantEmail`, `count:tenants`. */
export function insertTenantParts(record: TenantRecord): TxPart[] {
  return [
    part.putIfAbsent(`put:tenant ${record.tenantId}`, toItem(record, 1)),
    part.guard(`guard:${EMAIL_GUARD}`, EMAIL_GUARD, normalizedEmail(record.tenantEmail), record.tenantId),
    part.countMove(`count:${TOTAL}`, TOTAL, 1),
  ];
}

/**
 * Removes a tenant that was never activated (a registration whose e-mail could not be sent):
 * `delete:tenant <id>` (only while inactive), `release:tenantEmail`, `count:tenants`.
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
    part.countMove(`count:${TOTAL}`, TOTAL, -1),
  ];
}

/** The SET of the given changes (and `dateUpdated`) with the version moved, for an update part or command. */
export function setExpression(changes: TenantChanges, now: Date) {
  const sets = Object.entries({ ...changes, dateUpdated: now.toISOString() }).filter(
    ([, value]) => value !== undefined,
  );
  return {
    update: `SET ${sets.map((_, i) => `#f${i} = :v${i}`).join(', ')} ADD version :one`,
    names: Object.fromEntries(sets.map(([field], i) => [`#f${i}`, field])),
    values: { ...Object.fromEntries(sets.map(([, value], i) => [`:v${i}`, value])), ':one': 1 },
  };
}

/** `update:tenant <id>`: sets the given fields on the tenant read at `current.version`. */
export function updateTenantPart(current: StoredTenant, changes: TenantChanges, now: Date): TxPart {
  const { update, names, values } = setExpression(changes, now);
  // An item written before versions existed has none: it must still have none.
  const versioned = current.version > 0;
  return part.update(updateLabel(current.record.tenantId), keys.tenant(current.record.tenantId), update, {
    condition: versioned ? 'version = :version' : 'attribute_exists(PK) AND attribute_not_exists(version)',
    names,
    values: versioned ? { ...values, ':version': current.version } : values,
  });
}

/**
 * `update:tenant <id>`: activates the tenant (the activation link's transaction), only with the token of the
 * latest registration (a replaced registration's link fails here); the hash is removed once used.
 */
export function activateTenantPart(tenantId: number, tokenHash: string, now: Date): TxPart {
  return part.update(
    updateLabel(tenantId),
    keys.tenant(tenantId),
    'SET isActive = :one, dateActivated = :stamp, dateUpdated = :stamp REMOVE activationHash ADD version :one',
    {
      // Accounts registered before the hash was kept have none: any of their tokens still works.
      condition: 'attribute_exists(PK) AND (attribute_not_exists(activationHash) OR activationHash = :hash)',
      values: { ':one': 1, ':stamp': now.toISOString(), ':hash': tokenHash },
    },
  );
}

/**
 * The domain's reading of a failed tenant write: a taken e-mail is a 409; a failed version condition on
 * `update:tenant <id>` (or conflicts that outlasted the retries) is StaleRecord, for the caller to re-read.
 */
export function tenantWriteError(error: unknown, tenantId: number): unknown {
  if (!(error instanceof TransactionFailed)) return error;
  if (error.conditionFailed(`guard:${EMAIL_GUARD}`))
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

/** Create without a change record (fixture loading): 409 when the e-mail is taken. */
export const insertTenant = (record: TenantRecord) =>
  commitTenantChange(insertTenantParts(record), record.tenantId);

/**
 * One conditional UpdateItem, no change record (the login's password rehash, which is not an admin change).
 * Undefined when there is no such tenant.
 */
export async function updateTenant(
  tenantId: number,
  changes: TenantChanges,
  now: Date,
): Promise<TenantRecord | undefined> {
  const { update, names, values } = setExpression(changes, now);
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.tenant(tenantId),
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
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

export const countTenants = () => readCount(TOTAL);

/** Used by fixture loading: the items insertTenantParts writes, for a put that may replace an earlier load. */
export const tenantItem = (record: TenantRecord) => toItem(record, 1);
export function emailGuardItem(record: Pick<TenantRecord, 'tenantEmail' | 'tenantId'>): Item {
  return { ...emailGuard(record.tenantEmail), entity: 'unique', ownerId: record.tenantId };
}
