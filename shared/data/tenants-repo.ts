/**
 * Tenants and their activation tokens (docs/data-model.md T1–T4). The tenant item holds its password as a
 * scrypt hash and its contact fields as ciphertext only (shared/crypto); this module never sees plaintext
 * contact data. E-mail uniqueness (case-insensitive) is the guard `UNIQUE#tenantEmail#<lowercase>`, written
 * in the same transaction as the tenant, and doubles as the e-mail → tenantId lookup (T2).
 */
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes } from '../db/cancellation.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { countDelta, readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryAll, queryFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { Conflict } from '../errors.js';

export const CONTACT_FIELDS = [
  'tenantPhone',
  'tenantAltPhone',
  'tenantAddress',
  'tenantCity',
  'tenantState',
  'tenantZip',
  'tenantCountry',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface TenantRecord {
  tenantId: number;
  /** As the tenant typed it (trimmed); compared case-insensitively through the guard. */
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  isActive: 0 | 1;
  /** `scrypt$N$r$p$salt$hash` (shared/crypto/password.ts); never leaves the service. */
  passwordHash: string;
  /** Contact fields as `v1:` ciphertext (shared/crypto/field-cipher.ts), keyed by their API names. */
  contact: Partial<Record<ContactField, string>>;
  dateCreated: string;
  dateUpdated: string;
  dateActivated: string;
}

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

const TOTAL = 'tenants';
export const normalizedEmail = (email: string) => email.trim().toLowerCase();
const emailGuard = (email: string) => keys.unique('tenantEmail', normalizedEmail(email));

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

export async function getTenant(tenantId: number): Promise<TenantRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.tenant(tenantId) }));
  return Item ? fromItem(Item) : undefined;
}

export async function tenantIdByEmail(email: string): Promise<number | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: emailGuard(email) }));
  return Item ? Number(Item.ownerId) : undefined;
}

export async function getTenants(ids: readonly number[]): Promise<TenantRecord[]> {
  const found: TenantRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const Keys: Record<string, unknown>[] = ids.slice(i, i + 100).map((id) => ({ ...keys.tenant(id) }));
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [TABLE_NAME]: { Keys } };
    for (let attempt = 0; request && Object.keys(request).length; attempt++) {
      const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      found.push(...((result.Responses?.[TABLE_NAME] ?? []) as Item[]).map(fromItem));
      request = result.UnprocessedKeys as typeof request;
      if (attempt > 8) throw new Error('DynamoDB kept keys unprocessed');
      if (request && Object.keys(request).length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return found;
}

/**
 * Creates the tenant with its e-mail guard and the maintained total in one transaction; `extra` items (the
 * activation token of a registration) commit or fail with it. 409 when the e-mail is taken.
 */
export async function insertTenant(record: TenantRecord, extra: TransactItem[] = []): Promise<void> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TABLE_NAME,
              Item: toItem(record, 1),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: TABLE_NAME,
              Item: emailGuardItem(record),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          countDelta(TOTAL, 1),
          ...extra,
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[1] === 'ConditionalCheckFailed') {
      throw new Conflict('An account with this e-mail address already exists');
    }
    throw error;
  }
}

/** Undoes a registration whose activation e-mail could not be sent, so the address can register again. */
export async function deleteUnactivatedTenant(record: TenantRecord, activationHash: string): Promise<void> {
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: TABLE_NAME,
            Key: keys.tenant(record.tenantId),
            ConditionExpression: 'isActive = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        },
        {
          Delete: {
            TableName: TABLE_NAME,
            Key: emailGuard(record.tenantEmail),
            ConditionExpression: 'ownerId = :id',
            ExpressionAttributeValues: { ':id': record.tenantId },
          },
        },
        { Delete: { TableName: TABLE_NAME, Key: keys.activation(activationHash) } },
        countDelta(TOTAL, -1),
      ],
    }),
  );
}

export type TenantChanges = {
  [K in 'tenantFirstName' | 'isActive' | 'passwordHash' | 'dateActivated']?: TenantRecord[K] | undefined;
};

/** Sets the given fields; undefined when there is no such tenant. */
export async function updateTenant(
  tenantId: number,
  changes: TenantChanges,
  now: Date,
): Promise<TenantRecord | undefined> {
  const sets = Object.entries({ ...changes, dateUpdated: now.toISOString() }).filter(
    ([, value]) => value !== undefined,
  );
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.tenant(tenantId),
        UpdateExpression: `SET ${sets.map((_, i) => `#f${i} = :v${i}`).join(', ')} ADD version :one`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(sets.map(([field], i) => [`#f${i}`, field])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(sets.map(([, value], i) => [`:v${i}`, value])),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Admin list, unfiltered: the first page × limit tenants in id order. */
export async function firstTenants(count: number): Promise<TenantRecord[]> {
  const items = await queryFirst(
    {
      TableName: TABLE_NAME,
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.tenants() },
    },
    count,
  );
  return items.map(fromItem);
}

/** Admin search and filters: the whole tenant partition (bounded by the business's tenants), filtered in code. */
export async function allTenants(): Promise<TenantRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.tenants() },
  });
  return items.map(fromItem);
}

export const countTenants = () => readCount(TOTAL);

// Activation tokens (T4): the e-mail carries a random 256-bit secret; only its SHA-256 is stored.

export function activationItem(
  tokenHash: string,
  tenantId: number,
  expiresAt: number,
  now: Date,
): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.activation(tokenHash),
        entity: 'activation',
        tenantId,
        expiresAt,
        createdAt: now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function getActivation(
  tokenHash: string,
): Promise<{ tenantId: number; expiresAt: number } | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.activation(tokenHash), ConsistentRead: true }),
  );
  return Item ? { tenantId: Number(Item.tenantId), expiresAt: Number(Item.expiresAt) } : undefined;
}

/**
 * Uses the token once: deleting it (only if it is still there, unexpired and for this tenant) and activating
 * the tenant commit together, so two clicks racing on one link activate once and the loser gets false.
 */
export async function consumeActivation(tokenHash: string, tenantId: number, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: TABLE_NAME,
              Key: keys.activation(tokenHash),
              ConditionExpression: 'attribute_exists(PK) AND tenantId = :id AND expiresAt > :now',
              ExpressionAttributeValues: { ':id': tenantId, ':now': Math.floor(now.getTime() / 1000) },
            },
          },
          {
            Update: {
              TableName: TABLE_NAME,
              Key: keys.tenant(tenantId),
              UpdateExpression:
                'SET isActive = :one, dateActivated = :stamp, dateUpdated = :stamp ADD version :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1, ':stamp': stamp },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)) return false;
    throw error;
  }
}

/** Used by seeding: the items insertTenant writes, for a put that may replace an earlier load. */
export const tenantItem = (record: TenantRecord) => toItem(record, 1);
export function emailGuardItem(record: Pick<TenantRecord, 'tenantEmail' | 'tenantId'>): Item {
  return { ...emailGuard(record.tenantEmail), entity: 'unique', ownerId: record.tenantId };
}
