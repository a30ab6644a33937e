/**
 * The table's sharded lists (docs/data-model.md "Spread"; shared/db/shards.ts), each with its base key and its
 * shard count: a list's partitions and an item's partition come from here (through keys.ts's builders), never
 * from a key written by hand.
 */
import { type ShardedList, type ShardId, shardedList } from './shards.js';

export const shardedLists = {
  /** GSI1 (I2): every invoice by date, spread by invoice id. */
  invoices: shardedList('INVOICES'),
  /** GSI1 (I5): every settled payment and refund by date, spread by payment id. */
  settledPayments: shardedList('PAYMENTS#settled'),
  /** GSI2 (AU3): one actor's audit entries, spread by entry id. */
  auditByActor: (actor: string) => shardedList(`AUDITACTOR#${actor}`),
  /** GSI3 (AU4): one UTC month's audit entries, spread by entry id. */
  auditByMonth: (month: string) => shardedList(`AUDITMONTH#${month}`),
  /** GSI1 (W4) and GSI2 (W5): a subscription's deliveries, of one status; spread by delivery id. */
  webhookDeliveriesBySubscription: (subscriptionId: number) => shardedList(`WHDELIVERIES#${subscriptionId}`),
  webhookDeliveriesByStatus: (subscriptionId: number, status: string) =>
    shardedList(`WHDELIVERIES#${subscriptionId}#${status}`),
  /** GSI3 (W6): the pending deliveries by due time, spread by delivery id. */
  webhookDue: shardedList('WHDUE'),
  /** GSI3 (M4): every message; GSI1 (M5): the due entries; spread by message id. */
  mailAll: shardedList('MAILS'),
  mailDue: shardedList('MAILDUE'),
  /**
   * Accounting sync (X4), 8 shards by record (`<recordType>#<recordId>`, syncShardId): the due records by time
   * (GSI1), the states by status (GSI2) or all (GSI3) of one QuickBooks company.
   */
  accountingDue: (realmId: string) => shardedList(`ACCTDUE#${realmId}`, 8),
  accountingByStatus: (realmId: string, status: string) => shardedList(`ACCTSTATE#${realmId}#${status}`, 8),
  accountingAll: (realmId: string) => shardedList(`ACCTSYNCS#${realmId}`, 8),
  /** GSI1 (L8): the watched RENT invoices, 16 shards by lease id; the rent run's parts are these shards. */
  rentLate: shardedList('RENTLATE', 16),
  /** F2: the tenants' total, `COUNT#tenants#<n>`, 8 shards by tenant id (summed at read). */
  tenantCount: shardedList('tenants', 8),
} as const satisfies Record<string, ShardedList | ((...args: never[]) => ShardedList)>;

/** The id an accounting sync state is sharded by: its record's type and id. */
export const syncShardId = (recordType: string, recordId: string): ShardId => `${recordType}#${recordId}`;
