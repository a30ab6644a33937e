/**
 * What the rent run keeps per lease (docs/rent-cycle.md; docs/data-model.md L4–L6): the leases it visits, in
 * RENT_SHARDS partitions of GSI3 (the lease item's own index keys), so a run reads them page by page and
 * shard by shard without a Scan and without one hot partition; beside each lease its rent state
 * (`LEASE#<id> / RENTSTATE`: the last month charged), and per lease and month a guard item written with the
 * RENT invoice, which makes a second charge of the same month fail in its own transaction.
 */
import { indexKeys, keys, pad } from '../db/keys.js';
import { batchGet, type Item, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, type TxPart } from '../db/transaction.js';
import type { LeaseRecord } from '../domain/lease.js';

/** Partitions of the run's lease index: 16 × (1,000 writes/s per partition) is far above a daily run's needs. */
export const RENT_SHARDS = 16;

export const rentShardOf = (leaseId: number): number => leaseId % RENT_SHARDS;

/** The lease item's run index keys (GSI3): every lease, so the run decides by date what is due. */
export const rentRunIndex = (leaseId: number) => ({
  GSI3PK: indexKeys.rentRunShard(rentShardOf(leaseId)),
  GSI3SK: pad(leaseId),
});

export interface RentState {
  leaseId: number;
  /** The last month (YYYY-MM) whose rent is charged; '' before the first. */
  chargedThrough: string;
}

/** L4: the leases of one shard. */
export async function leasesOfShard(shard: number): Promise<LeaseRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi3, pk: indexKeys.rentRunShard(shard) });
  return items.map((item) => stripKeys<LeaseRecord>(item));
}

/** L5 of many leases (BatchGetItem, 100 a request); a lease never charged has none (chargedThrough ''). */
export async function rentStates(leaseIds: readonly number[]): Promise<Map<number, RentState>> {
  const items = await batchGet(leaseIds.map((id) => keys.rentState(id)));
  const states = new Map<number, RentState>();
  for (const item of items as Item[])
    states.set(Number(item.leaseId), {
      leaseId: Number(item.leaseId),
      chargedThrough: String(item.chargedThrough),
    });
  return states;
}

export const RENT_CHARGE_LABEL = 'guard:rent month';

/** The parts that mark `month` charged: its guard (fails when charged already) and the state moved to it. */
export function rentChargedParts(leaseId: number, month: string): TxPart[] {
  return [
    part.putIfAbsent(RENT_CHARGE_LABEL, {
      ...keys.rentCharge(leaseId, month),
      entity: 'rentCharge',
      leaseId,
      month,
    }),
    part.update(
      'update:rent state',
      keys.rentState(leaseId),
      'SET entity = :entity, leaseId = :lease, chargedThrough = :month',
      {
        // Months are charged in order: never move the state back.
        condition: 'attribute_not_exists(chargedThrough) OR chargedThrough < :month',
        values: { ':entity': 'rentState', ':lease': leaseId, ':month': month },
      },
    ),
  ];
}

export const LEASE_END_LABEL = 'check:lease end';

/** The lease's end as the run read it must still be its end when a charge commits (an end written meanwhile fails it). */
export const leaseEndUnchangedPart = (lease: Pick<LeaseRecord, 'leaseId' | 'endDate'>): TxPart =>
  part.check(LEASE_END_LABEL, keys.lease(lease.leaseId), 'endDate = :end', {
    values: { ':end': lease.endDate },
  });
