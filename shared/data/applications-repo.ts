/**
 * Lease applications (docs/data-model.md A1–A3, plus A4 `GSI2PK=PROPAPP#<propertyId>` for landlord-scoped
 * and per-property lists). "One open application per tenant and property" is the guard
 * `UNIQUE#openApplication#<tenantId>#<propertyId>` → applicationId, written in the application's own
 * transaction; deciding an application deletes the guard in the transaction that closes it
 * (decideApplicationParts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, type TxPart } from '../db/transaction.js';
import type { ApplicationRecord } from '../domain/application.js';

const TOTAL = 'applications';
const OPEN_GUARD = 'openApplication';
const openGuardValue = (tenantId: number, propertyId: number) => `${tenantId}#${propertyId}`;

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

/** The label of the open-application guard, for a service to ask whether it failed. */
export const OPEN_APPLICATION_GUARD = `guard:${OPEN_GUARD}`;

/**
 * Apply: `guard:openApplication` (fails while the tenant has an open application for the property),
 * `put:application <id>`, `count:applications`.
 */
export function insertApplicationParts(record: ApplicationRecord): TxPart[] {
  return [
    part.guard(
      OPEN_APPLICATION_GUARD,
      OPEN_GUARD,
      openGuardValue(record.tenantId, record.propertyId),
      record.applicationId,
    ),
    part.putIfAbsent(`put:application ${record.applicationId}`, toItem(record)),
    part.countMove(`count:${TOTAL}`, TOTAL, 1),
  ];
}

/** A1: one application; `consistent` before a decision. */
export async function getApplication(
  applicationId: number,
  consistent = false,
): Promise<ApplicationRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.application(applicationId),
      ConsistentRead: consistent,
    }),
  );
  return Item ? fromItem(Item) : undefined;
}

/** The label of a decision's write, for a service to ask whether the application was decided meanwhile. */
export const decideLabel = (applicationId: number) => `update:application ${applicationId}`;

/**
 * A decision: `update:application <id>` (the decided record, only while it is still open: of two decisions at
 * once one commits) and `release:openApplication` (the tenant may apply for the property again).
 */
export function decideApplicationParts(decided: ApplicationRecord): TxPart[] {
  return [
    part.put(decideLabel(decided.applicationId), toItem(decided), {
      condition: '#status = :open',
      names: { '#status': 'status' },
      values: { ':open': 'open' },
    }),
    part.releaseGuard(
      `release:${OPEN_GUARD}`,
      OPEN_GUARD,
      openGuardValue(decided.tenantId, decided.propertyId),
      decided.applicationId,
    ),
  ];
}

/** A2: the tenant's open application for the property; `consistent` right after a failed guard. */
export async function openApplicationId(
  tenantId: number,
  propertyId: number,
  consistent = false,
): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.unique(OPEN_GUARD, openGuardValue(tenantId, propertyId)),
      ConsistentRead: consistent,
    }),
  );
  return Item ? Number(Item.ownerId) : undefined;
}

/** A3: the newest `count` applications. */
export async function newestApplications(count: number): Promise<ApplicationRecord[]> {
  const items = await queryPartitionFirst(
    { index: INDEX.gsi1, pk: indexKeys.applications(), descending: true },
    count,
  );
  return items.map(fromItem);
}

/** A4: a property's applications, newest first (bounded by one property's applicants). */
export async function applicationsOfProperty(propertyId: number): Promise<ApplicationRecord[]> {
  const items = await queryPartition({
    index: INDEX.gsi2,
    pk: indexKeys.applicationsByProperty(propertyId),
    descending: true,
  });
  return items.map(fromItem);
}

export const countApplications = () => readCount(TOTAL);
