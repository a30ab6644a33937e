/**
 * What the rent run keeps per lease (docs/rent-cycle.md; docs/data-model.md L6–L7): beside each lease its rent
 * state (`LEASE#<id> / RENTSTATE`: the last month charged), and per lease and month a guard item written with
 * the RENT invoice, which makes a second charge of the same month fail in its own transaction. The run's work
 * is split into the 16 shards of one sharded list by lease id (the late-fee watches' index partitions, and the
 * run's parallel parts).
 */
import { keys, shardedLists } from '../db/keys.js';
import { batchGet, type Item } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import type { LeaseRecord } from '../domain/lease.js';

/**
 * Parts of the run (and partitions of the late-fee watch index), by lease id: 16 × 1,000 writes/s per
 * partition is far above a daily run's needs.
 */
export const rentShards = shardedLists.rentLate;

export interface RentState {
  leaseId: number;
  /** The last month (YYYY-MM) whose rent is charged; '' before the first. */
  chargedThrough: string;
}

/** L6 of many leases (BatchGetItem, 100 a request); a lease never charged has none (chargedThrough ''). */
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

export const CHARGED_THROUGH_LABEL = 'check:rent charged through';

/**
 * A lease may end on `endDate` only while the run has charged no month after the end's month: an end racing the
 * run either lands first (the run's own check of the end then fails, and it reads the lease again) or finds the
 * month charged and is refused (docs/rent-cycle.md "Ending a lease").
 */
export const noChargeAfterPart = (leaseId: number, endDate: string): TxPart =>
  part.check(
    CHARGED_THROUGH_LABEL,
    keys.rentState(leaseId),
    'attribute_not_exists(chargedThrough) OR chargedThrough <= :month',
    { values: { ':month': endDate.slice(0, 7) } },
  );
