/**
 * The RENT invoices the rent run watches for late fees (docs/rent-cycle.md "Late fees"; docs/data-model.md
 * L7): `LATEWATCH#<invoiceId>`, written with the RENT invoice, in GSI1 `RENTLATE#<shard>` by its first late
 * day, so a run reads only the invoices that can owe a fee by its day. It holds what was posted so far; each
 * posting moves it conditioned on what the run read (one posting per day however many runs go at once), and
 * it is deleted once the invoice is paid or closed.
 */
import { indexKeys, keys } from '../db/keys.js';
import { batchGet, partitionPages, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, type TxPart } from '../db/transaction.js';
import { rentShards } from './rent-state-repo.js';

export interface LateFeeWatch {
  rentInvoiceId: number;
  leaseId: number;
  month: string;
  dueDate: string;
  firstLateDay: string;
  /** The rent still due on the first posting (the percent's base); null before it. */
  baseCents: number | null;
  postedCents: number;
  /** The day of the last posting; '' before the first. */
  postedThrough: string;
  /** The day autopay considered the invoice (charged it, whatever came of it, or found autopay off); '' before. */
  autopayTried?: string;
}

export const LATE_FEE_LABEL = 'update:late fee watch';

export function watchPart(watch: LateFeeWatch): TxPart {
  return part.putIfAbsent('put:late fee watch', {
    ...keys.lateFeeWatch(watch.rentInvoiceId),
    entity: 'lateFeeWatch',
    ...watch,
    GSI1PK: indexKeys.lateFeeWatchShard(rentShards.shardOf(watch.leaseId)),
    GSI1SK: indexKeys.lateFeeWatchOrder(watch.firstLateDay, watch.rentInvoiceId),
  });
}

/** L8: the watched (open) RENT invoices of a shard, by their first late day. */
export async function watchesOf(shard: number): Promise<LateFeeWatch[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.lateFeeWatchShard(shard) });
  return items.map((item) => stripKeys<LateFeeWatch>(item));
}

/** The keys a walk of the watches needs: the invoice and its due date (a projection, never the whole watch). */
export interface WatchKey {
  rentInvoiceId: number;
  dueDate: string;
}

/** L8 walked for its keys only, a page at a time (the fanned-out rent run and reminders). */
export async function* watchKeyPages(shard: number, pageSize: number): AsyncGenerator<WatchKey[]> {
  for await (const items of partitionPages(
    { index: INDEX.gsi1, pk: indexKeys.lateFeeWatchShard(shard), projection: 'rentInvoiceId, dueDate' },
    pageSize,
  ))
    yield items.map((i) => ({ rentInvoiceId: Number(i.rentInvoiceId), dueDate: String(i.dueDate) }));
}

/** The watches of these RENT invoices (BatchGetItem); an invoice no longer watched is absent. */
export async function watchesOfInvoices(rentInvoiceIds: readonly number[]): Promise<LateFeeWatch[]> {
  if (rentInvoiceIds.length === 0) return [];
  const items = await batchGet(rentInvoiceIds.map((id) => keys.lateFeeWatch(id)));
  return items.map((item) => stripKeys<LateFeeWatch>(item));
}

/**
 * Of these RENT invoices, the ones autopay has not considered yet (watched, no `autopayTried`): the rent run
 * charges them when they fall due if autopay is on then (shared/domain/autopay.ts autopayReach).
 */
export async function awaitingAutopay(rentInvoiceIds: readonly number[]): Promise<Set<number>> {
  if (rentInvoiceIds.length === 0) return new Set();
  const items = await batchGet(rentInvoiceIds.map((id) => keys.lateFeeWatch(id)));
  return new Set(
    items
      .map((item) => stripKeys<LateFeeWatch>(item))
      .filter((w) => (w.autopayTried ?? '') === '')
      .map((w) => w.rentInvoiceId),
  );
}

export const AUTOPAY_TRIED_LABEL = 'update:autopay tried';

/** Autopay charged the invoice on `today`: only if no other run did since the watch was read. */
export const autopayTriedPart = (read: LateFeeWatch, today: string): TxPart =>
  part.update(AUTOPAY_TRIED_LABEL, keys.lateFeeWatch(read.rentInvoiceId), 'SET autopayTried = :today', {
    condition: 'attribute_not_exists(autopayTried) OR autopayTried = :empty',
    values: { ':today': today, ':empty': '' },
  });

/** A posting of `cents` on `today`: only if nobody posted since the run read the watch. */
export function postedPart(read: LateFeeWatch, cents: number, baseCents: number, today: string): TxPart {
  return part.update(
    LATE_FEE_LABEL,
    keys.lateFeeWatch(read.rentInvoiceId),
    'SET postedCents = :posted, postedThrough = :today, baseCents = :base',
    {
      condition: 'postedCents = :read AND postedThrough < :today',
      values: {
        ':posted': read.postedCents + cents,
        ':today': today,
        ':base': baseCents,
        ':read': read.postedCents,
      },
    },
  );
}

/** Stops watching an invoice that is paid or closed. */
export const unwatchPart = (rentInvoiceId: number): TxPart =>
  part.delete('delete:late fee watch', keys.lateFeeWatch(rentInvoiceId));
