/**
 * Lease applications (docs/data-model.md A1–A3, plus A4 `GSI2PK=PROPAPP#<propertyId>` for landlord-scoped
 * and per-property lists). "One open application per tenant and property" is the guard
 * `UNIQUE#openApplication#<tenantId>#<propertyId>` → applicationId, written in the application's own
 * transaction; deciding an application (a later slice) deletes the guard in the transaction that closes it.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes } from '../db/cancellation.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { countDelta, readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryAll, queryFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';

export interface ApplicationRecord {
  applicationId: number;
  tenantId: number;
  propertyId: number;
  /** 'open' until decided. */
  status: 'open';
  /** Snapshots for the admin list, so it needs no read per row. */
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  propertyName: string;
  dateCreated: string;
}

const TOTAL = 'applications';
const openGuard = (tenantId: number, propertyId: number) =>
  keys.unique('openApplication', `${tenantId}#${propertyId}`);

function toItem(record: ApplicationRecord): Item {
  const order = indexKeys.applicationOrder(record.dateCreated, record.applicationId);
  return {
    ...keys.application(record.applicationId),
    entity: 'application',
    ...record,
    GSI1PK: indexKeys.applications(),
    GSI1SK: order,
    GSI2PK: indexKeys.applicationsByProperty(record.propertyId),
    GSI2SK: order,
  };
}

const fromItem = (item: Item) => stripKeys<ApplicationRecord>(item);

export type InsertResult = { created: true } | { created: false; existingId: number };

/** Inserts the application unless the tenant already has an open one for the property (then its id). */
export async function insertApplication(record: ApplicationRecord): Promise<InsertResult> {
  const guard = openGuard(record.tenantId, record.propertyId);
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TABLE_NAME,
              Item: { ...guard, entity: 'unique', ownerId: record.applicationId },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: TABLE_NAME,
              Item: toItem(record),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          countDelta(TOTAL, 1),
        ],
      }),
    );
    return { created: true };
  } catch (error) {
    if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') throw error;
    const { Item } = await ddb.send(
      new GetCommand({ TableName: TABLE_NAME, Key: guard, ConsistentRead: true }),
    );
    // The guard can only vanish if the open application was decided in between; then retrying is right.
    if (!Item) return insertApplication(record);
    return { created: false, existingId: Number(Item.ownerId) };
  }
}

export async function openApplicationId(tenantId: number, propertyId: number): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: openGuard(tenantId, propertyId) }),
  );
  return Item ? Number(Item.ownerId) : undefined;
}

/** A3: the newest `count` applications. */
export async function newestApplications(count: number): Promise<ApplicationRecord[]> {
  const items = await queryFirst(
    {
      TableName: TABLE_NAME,
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.applications() },
      ScanIndexForward: false,
    },
    count,
  );
  return items.map(fromItem);
}

/** A4: a property's applications, newest first (bounded by one property's applicants). */
export async function applicationsOfProperty(propertyId: number): Promise<ApplicationRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.applicationsByProperty(propertyId) },
    ScanIndexForward: false,
  });
  return items.map(fromItem);
}

export const countApplications = () => readCount(TOTAL);
