/**
 * Leases (docs/data-model.md L1–L2, plus L3): a tenant renting an LTR property. Leases come from the fixture
 * format (no endpoint of the spec writes them); the tenant session takes propertyId and leaseId from the
 * tenant's active lease (L2), and landlord-scoped tenant reads find tenants through their properties' leases
 * (L3: `GSI2PK=PROPLEASE#<propertyId>`, `GSI2SK=<pad tenantId>#<pad leaseId>`).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import type { LeaseRecord } from '../domain/lease.js';
import { rentRunIndex } from './rent-state-repo.js';

function toItem(lease: LeaseRecord): Item {
  return {
    ...keys.lease(lease.leaseId),
    entity: 'lease',
    ...lease,
    GSI1PK: indexKeys.leasesByTenant(lease.tenantId),
    GSI1SK: indexKeys.leaseOrder(lease.status, lease.startDate, lease.leaseId),
    GSI2PK: indexKeys.leasesByProperty(lease.propertyId),
    GSI2SK: indexKeys.leaseByTenant(lease.tenantId, lease.leaseId),
    ...rentRunIndex(lease.leaseId),
  };
}

const fromItem = (item: Item) => stripKeys<LeaseRecord>(item);

/** Writes (or replaces) a lease; leases come from fixtures only, so there is no change record yet. */
export async function putLease(lease: LeaseRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE_NAME, Item: toItem(lease) }));
}

export async function getLease(leaseId: number): Promise<LeaseRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.lease(leaseId) }));
  return Item ? fromItem(Item) : undefined;
}

/** L2: the tenant's active lease with the latest start (a renewal overlapping the old lease wins). */
export async function activeLeaseOf(tenantId: number): Promise<LeaseRecord | undefined> {
  const [first] = await queryPartitionFirst(
    {
      index: INDEX.gsi1,
      pk: indexKeys.leasesByTenant(tenantId),
      sk: { beginsWith: 'active#' },
      descending: true,
    },
    1,
  );
  return first ? fromItem(first) : undefined;
}

/** L2 whole: every lease of a tenant. */
export async function leasesOfTenant(tenantId: number): Promise<LeaseRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.leasesByTenant(tenantId) });
  return items.map(fromItem);
}

/** L3: the tenant ids with a lease (any status) on the property. */
export async function tenantIdsOfProperty(propertyId: number): Promise<number[]> {
  const items = await queryPartition({
    index: INDEX.gsi2,
    pk: indexKeys.leasesByProperty(propertyId),
    projection: 'tenantId',
  });
  return [...new Set(items.map((i) => Number(i.tenantId)))];
}
