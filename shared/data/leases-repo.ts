/**
 * Leases (docs/data-model.md L1–L5; docs/leases.md): a tenant renting an LTR property. The tenant session takes
 * propertyId and leaseId from the lease active on the site's today (L2), landlord-scoped reads find a
 * property's leases (L3: `GSI2PK=PROPLEASE#<propertyId>`, `GSI2SK=<pad tenantId>#<pad leaseId>`), the admin
 * list every lease (L5: `GSI3PK=LEASES`, `GSI3SK=<startDate>#<pad leaseId>`).
 *
 * L4, the property's lease spans (`LEASESPANS#<propertyId>`): the days each of its leases covers, by lease id,
 * with a version. A lease write reads it strongly consistent, checks the overlap on it, and writes it back
 * conditioned on the version read, in the lease's own transaction: two admins writing overlapping leases of
 * one property at once cannot both commit (the index L3 is eventually consistent, so it could not decide this).
 * A property whose spans item is missing (leases written before it) starts from its leases in L3.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { batchGet, type Item, partitionPages, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, type TxPart } from '../db/transaction.js';
import type { LeaseRecord } from '../domain/lease.js';
import type { LeaseSpan } from '../domain/rent/spans.js';
import { activeLeaseAmong } from '../domain/rent/status.js';

/** A lease as read, with the version its next write is conditioned on. */
export interface StoredLease {
  record: LeaseRecord;
  version: number;
}

/** L4 as read: the spans by lease id, and the version to condition on (0: no item yet). */
export interface LeaseSpans {
  propertyId: number;
  version: number;
  spans: Record<string, LeaseSpan>;
}

function toItem(lease: LeaseRecord, version: number): Item {
  return {
    ...keys.lease(lease.leaseId),
    entity: 'lease',
    ...lease,
    version,
    GSI1PK: indexKeys.leasesByTenant(lease.tenantId),
    GSI1SK: indexKeys.leaseOrder(lease.status, lease.startDate, lease.leaseId),
    GSI2PK: indexKeys.leasesByProperty(lease.propertyId),
    GSI2SK: indexKeys.leaseByTenant(lease.tenantId, lease.leaseId),
    GSI3PK: indexKeys.leases(),
    GSI3SK: indexKeys.leaseStart(lease.startDate, lease.leaseId),
  };
}

const fromItem = (item: Item) => stripKeys<LeaseRecord>(item);
const versionOf = (item: Item) => (typeof item.version === 'number' ? item.version : 1);

export const leaseLabel = (leaseId: number) => `put:lease ${leaseId}`;
export const leaseUpdateLabel = (leaseId: number) => `update:lease ${leaseId}`;
export const leaseSpansLabel = (propertyId: number) => `update:leaseSpans ${propertyId}`;

/** `put:lease <id>`: a new lease (version 1). */
export const insertLeasePart = (lease: LeaseRecord): TxPart =>
  part.putIfAbsent(leaseLabel(lease.leaseId), toItem(lease, 1));

/** `update:lease <id>`: the lease replaced, conditioned on the version read. */
export const replaceLeasePart = (stored: StoredLease, next: LeaseRecord): TxPart =>
  part.put(leaseUpdateLabel(next.leaseId), toItem(next, stored.version + 1), {
    condition: 'version = :v',
    values: { ':v': stored.version },
  });

/** `update:leaseSpans <propertyId>`: the property's spans written back, conditioned on the version read. */
export function leaseSpansPart(read: LeaseSpans, spans: Record<string, LeaseSpan>): TxPart {
  const item = {
    ...keys.leaseSpans(read.propertyId),
    entity: 'leaseSpans',
    propertyId: read.propertyId,
    spans,
    version: read.version + 1,
  };
  return read.version === 0
    ? part.putIfAbsent(leaseSpansLabel(read.propertyId), item)
    : part.put(leaseSpansLabel(read.propertyId), item, {
        condition: 'version = :v',
        values: { ':v': read.version },
      });
}

const spanOf = (lease: LeaseSpan): LeaseSpan => ({ startDate: lease.startDate, endDate: lease.endDate });

/** L4, strongly consistent; from the property's leases (L3) while it has no spans item. */
export async function readLeaseSpans(propertyId: number): Promise<LeaseSpans> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.leaseSpans(propertyId), ConsistentRead: true }),
  );
  if (Item) {
    const spans = (Item.spans ?? {}) as Record<string, LeaseSpan>;
    return { propertyId, version: Number(Item.version), spans };
  }
  const leases = await leasesOfProperty(propertyId);
  return {
    propertyId,
    version: 0,
    spans: Object.fromEntries(leases.map((l) => [String(l.leaseId), spanOf(l)])),
  };
}

/** The spans with this lease's days (set or replaced). */
export const withSpan = (read: LeaseSpans, lease: LeaseRecord): Record<string, LeaseSpan> => ({
  ...read.spans,
  [String(lease.leaseId)]: spanOf(lease),
});

/**
 * A fixture's lease, written (or replaced) with its property's spans; no change record (fixtures are not
 * changes anyone made). The loader runs one lease at a time, so the spans' version suffices.
 */
/** A lease written whole as a record gives it (its next version): the lease owner's given-lease write. */
export const putLeasePart = (lease: LeaseRecord, current: StoredLease | undefined): TxPart =>
  part.put(leaseLabel(lease.leaseId), toItem(lease, (current?.version ?? 0) + 1));

export async function getLease(leaseId: number): Promise<LeaseRecord | undefined> {
  return (await readLease(leaseId))?.record;
}

/** L1 with its version; `consistent` before a write. */
export async function readLease(leaseId: number, consistent = false): Promise<StoredLease | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.lease(leaseId), ConsistentRead: consistent }),
  );
  return Item ? { record: fromItem(Item), version: versionOf(Item) } : undefined;
}

/** L2: the tenant's lease active on `today` (site days), the latest start first (a renewal wins). */
export async function activeLeaseOf(tenantId: number, today: string): Promise<LeaseRecord | undefined> {
  return activeLeaseAmong(await leasesOfTenant(tenantId), today);
}

/** L2 whole: every lease of a tenant. */
export async function leasesOfTenant(tenantId: number): Promise<LeaseRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.leasesByTenant(tenantId) });
  return items.map(fromItem);
}

/** L3 whole: every lease of a property. */
export async function leasesOfProperty(propertyId: number): Promise<LeaseRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi2, pk: indexKeys.leasesByProperty(propertyId) });
  return items.map(fromItem);
}

/** L5: every lease, by start date. */
export async function allLeases(): Promise<LeaseRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi3, pk: indexKeys.leases() });
  return items.map(fromItem);
}

/**
 * L5 walked for its keys only (a projection of `leaseId`): every lease id, a page at a time, so a walk of a
 * million leases holds one page of numbers, never the leases (the rent run's fan-out).
 */
export async function* leaseIdPages(pageSize: number): AsyncGenerator<number[]> {
  for await (const items of partitionPages(
    { index: INDEX.gsi3, pk: indexKeys.leases(), projection: 'leaseId' },
    pageSize,
  ))
    yield items.map((i) => Number(i.leaseId));
}

/** L1: these leases (BatchGetItem); an id with no lease is absent from the answer. */
export async function leasesById(leaseIds: readonly number[]): Promise<LeaseRecord[]> {
  const items = await batchGet(leaseIds.map((id) => keys.lease(id)));
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
