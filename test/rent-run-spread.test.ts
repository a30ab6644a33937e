/**
 * No partition is hot on the first of the month (docs/data-model.md "Spread"): the writes of many leases'
 * rent charges — each charge's transaction, the id counters it moves, the audit entries its changes make and
 * the webhook deliveries to a subscriber of new invoices — go to the shard of a sharded list that the one
 * shard function gives each item's id (shared/db/shards.ts, whose spread is checked on fixed ids in
 * shared/db/shards.test.ts), and no partition outside the sharded lists takes more than a quarter of the
 * charges (the bench's target is at most 0.5 writes per charge). Nothing here depends on how random ids fall.
 * The lists that were single partitions still answer whole: every invoice by date (I2) and an actor's audit
 * entries (AU3), merged across their shards, newest first and paged; items written before the spread (the
 * unspread keys) are listed once the shards' back-fill has moved them. Settling the charged invoices spreads
 * the settled payments (I5) the same way.
 */

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { lateFeeTerms } from '../shared/domain/rent/late-fee-rules.js';
import { createLtrProperty, createTenant } from './support/builders.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { TABLE } from './support/table.js';
import { Receiver } from './webhook-receiver.js';

useLocalTable();
const { ddb } = await import('../shared/db/client.js');
const { chargeLease } = await import('../shared/workflows/rent/charges.js');
const { putGivenLease } = await import('../shared/workflows/leases/given-lease.js');
const { indexKeys } = await import('../shared/db/keys.js');
const { rentShards } = await import('../shared/data/rent-state-repo.js');
const { backfillShards } = await import('../shared/data/shard-backfill-repo.js');
type LeaseRecord = import('../shared/domain/lease.js').LeaseRecord;
type Charged = import('../shared/workflows/rent/charges.js').Charged;

const admin = await signedIn('super');
/** The invoices the first test charged (the later tests read them back). */
let chargedIds: number[] = [];
const LEASES = 40;
const actor = `system:spread${Date.now().toString(36)}` as const;
const by = { actor, requestId: 'rent-spread-test' };

/** A month start two months ahead: nothing of the fixture's rent history is dated then. */
const now = new Date();
const runDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);

type Written = Record<string, unknown>;

/** The partition keys a write touches: the table's and each index's (a missing index key writes no index). */
function partitionsOf(item: Written): string[] {
  return (['PK', 'GSI1PK', 'GSI2PK', 'GSI3PK'] as const)
    .filter((name) => typeof item[name] === 'string')
    .map((name) => `${name}=${String(item[name])}`);
}

/**
 * The index keys an update sets (`#u0 = :u1` in its SET clause, as the one expression builder writes it): an
 * update that moves an item between index partitions names the new keys there.
 */
function indexKeysSet(update: Record<string, unknown>): Written {
  const names = (update.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (update.ExpressionAttributeValues ?? {}) as Written;
  const set: Written = {};
  for (const [, name, value] of String(update.UpdateExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const attribute = names[name as string] ?? (name as string);
    if (/^GSI\dPK$/.test(attribute) && typeof values[value as string] === 'string')
      set[attribute] = values[value as string];
  }
  return set;
}

/** What one SDK call writes, by partition: the items of a transaction, a put, an update's key. */
function writesOf(input: Record<string, unknown>): { items: Written[]; transaction: boolean } {
  const transactItems = input.TransactItems as Record<string, Record<string, Written>>[] | undefined;
  if (transactItems)
    return {
      transaction: true,
      items: transactItems.map((t) =>
        t.Update
          ? { ...indexKeysSet(t.Update), ...(t.Update.Key as Written) }
          : ((t.Put?.Item ?? t.Delete?.Key ?? t.ConditionCheck?.Key) as Written),
      ),
    };
  const item = (input.Item ?? input.Key) as Written | undefined;
  if (!item) return { transaction: false, items: [] };
  return { transaction: false, items: [{ ...(input.Key ? indexKeysSet(input) : {}), ...item }] };
}

/**
 * Which charges wrote each partition while it runs: a charge's transaction and the counters it moved (recorded
 * as they are sent; the SDK still sends them), and the audit job's entries of the charges' changes.
 */
function recordWrites(
  current: () => string,
  ownerOfTransaction: (items: Written[]) => string | undefined = (items) =>
    items.map((i) => String(i.PK)).find((pk) => pk.startsWith('RENTCHARGE#')),
) {
  const chargesOf = new Map<string, Set<string>>();
  /** Each index key written, with the item (or the key and the moved index keys of an update) it was on. */
  const placed: { attribute: string; partition: string; item: Written }[] = [];
  let markers = 0;
  const note = (partition: string, charge: string) =>
    chargesOf.set(partition, (chargesOf.get(partition) ?? new Set()).add(charge));
  /** Whose write an item is: the charge's transaction, the charge taking ids, an audit entry, or none. */
  const ownerOf = (command: object, item: Written, charge: string | undefined): string | undefined => {
    if (charge) return charge;
    if (String(item.PK).startsWith('COUNTER#')) return current();
    // A webhook delivery (and each of its updates) belongs to its event, one per charge.
    if (String(item.PK).startsWith('WEBHOOKDELIVERY#')) return String(item.PK);
    if (!(command instanceof PutCommand)) return undefined;
    // An entry belongs to its change's record (the invoice); a month marker to no charge: each write counts.
    if (item.entity === 'audit') return String(item.recordId);
    return item.entity === 'auditMonth' ? `marker ${++markers}` : undefined;
  };
  const noteCommand = (command: { input?: Record<string, unknown> }) => {
    const { items, transaction } = writesOf(command.input ?? {});
    const charge = transaction ? ownerOfTransaction(items) : undefined;
    for (const item of items) {
      const owner = ownerOf(command, item, charge);
      if (!owner) continue;
      for (const p of partitionsOf(item)) note(p, owner);
      for (const attribute of ['GSI1PK', 'GSI2PK', 'GSI3PK'])
        if (typeof item[attribute] === 'string')
          placed.push({ attribute, partition: String(item[attribute]), item });
    }
  };
  const send = ddb.send.bind(ddb);
  const spy = vi.spyOn(ddb, 'send').mockImplementation(((command: { input?: Record<string, unknown> }) => {
    noteCommand(command);
    return send(command as Parameters<typeof send>[0]);
  }) as typeof ddb.send);
  return { chargesOf, placed, restore: () => spy.mockRestore() };
}

/**
 * The partition the repositories' key builders give a written item in a sharded list (undefined for a key of
 * no sharded list): the shard of the item's own id. A delivery's update carries only its key, so its id comes
 * from there, and its subscription and status from the list it is written to.
 */
function shardFor(attribute: string, partition: string, item: Written): string | undefined {
  const deliveryId = String(item.deliveryId ?? String(item.PK).replace(/^WEBHOOKDELIVERY#/, ''));
  if (/^INVOICES(#\d+)?$/.test(partition)) return indexKeys.invoices(Number(item.invoiceId));
  if (/^PAYMENTS#settled(#\d+)?$/.test(partition)) return indexKeys.settledPayments(Number(item.paymentId));
  if (partition.startsWith('AUDITACTOR#'))
    return indexKeys.auditByActor(String(item.actor), String(item.entryId));
  if (partition.startsWith('AUDITMONTH#'))
    return indexKeys.auditByMonth(String(item.at).slice(0, 7), String(item.entryId));
  if (/^WHDUE(#\d+)?$/.test(partition)) return indexKeys.webhookDue(deliveryId);
  const delivery = /^WHDELIVERIES#(\d+)(?:#([a-z]+))?#\d+$/.exec(partition);
  if (delivery) {
    const [, subscriptionId, status] = delivery;
    return attribute === 'GSI2PK' && status
      ? indexKeys.webhookDeliveriesByStatus(Number(subscriptionId), status, deliveryId)
      : indexKeys.webhookDeliveriesBySubscription(Number(subscriptionId), deliveryId);
  }
  if (partition.startsWith('RENTLATE#'))
    return indexKeys.lateFeeWatchShard(rentShards.shardOf(Number(item.leaseId)));
  return undefined;
}

/** The writes to a sharded list that are not in their id's shard (none: the shard function places each). */
const misplaced = (placed: { attribute: string; partition: string; item: Written }[]) =>
  placed
    .map((p) => ({ ...p, shard: shardFor(p.attribute, p.partition, p.item) }))
    .filter((p) => p.shard !== undefined && p.shard !== p.partition)
    .map((p) => `${p.attribute}=${p.partition}, not ${p.shard}`);

/** Whether a recorded partition (`GSI1PK=INVOICES#3`) is one of a sharded list's. */
const inShardedList = (recorded: string, placed: { attribute: string; partition: string; item: Written }[]) =>
  placed.some(
    (p) => `${p.attribute}=${p.partition}` === recorded && shardFor(p.attribute, p.partition, p.item),
  );

interface Made {
  leaseId: number;
  tenantId: number;
}

async function leases(count: number): Promise<Made[]> {
  const base = 800_000 + Math.floor(Math.random() * 100_000);
  const made: Made[] = [];
  for (let i = 0; i < count; i++) {
    const [propertyId, tenant] = await Promise.all([
      createLtrProperty({ propertyRate: '1000', latePenalty: '0', propertyDeposit: '0' }),
      createTenant({ isActive: 1 }),
    ]);
    const leaseId = base + i;
    await putGivenLease({
      leaseId,
      tenantId: tenant.tenantId,
      propertyId,
      status: 'active',
      startDate: runDay,
      endDate: '',
      dateCreated: now.toISOString(),
      terms: {
        rentCents: 100_000,
        depositCents: 0,
        dueDay: 1,
        graceDays: 5,
        lateFee: lateFeeTerms({ flat: 0, percent: 0, daily: 0 }, 0),
        issueDaysBefore: 14,
      },
    });
    made.push({ leaseId, tenantId: tenant.tenantId });
  }
  return made;
}

/** Charges each lease (one month each) while recording the writes, then waits for the jobs (the audit). */
async function chargeRecording(records: (LeaseRecord | undefined)[]) {
  let current = '';
  const recorder = recordWrites(() => current);
  const charged: Charged[] = [];
  try {
    for (const lease of records) {
      if (!lease) throw new Error('a lease of the test is missing');
      current = `lease ${lease.leaseId}`;
      const result = await chargeLease(lease, async (l) => l.terms ?? undefined, '', {
        by,
        now: new Date(),
        timeZone: 'UTC',
        today: runDay,
      });
      charged.push(...result.charged);
    }
    await jobsCaughtUp();
  } finally {
    recorder.restore();
  }
  return { charged, chargesOf: recorder.chargesOf, placed: recorder.placed };
}

/** I2 unfiltered but for the run's day, page by page. */
async function listedInvoices(pages: number, limit: number) {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; page <= pages; page++) {
    const res = await admin.get<{ items: { invoiceId: number }[]; total: number }>(
      '/API/adminInvoices/V1/invoices.json',
      { query: { dateFrom: runDay, dateTo: runDay, page, limit } },
    );
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.items.map((i) => i.invoiceId));
    total = res.body.total;
  }
  return { ids, total };
}

/** Every row of a back-fill's walk of `list` from `since`, in pages of 7, to its end (at most 100 pages). */
async function backfillWalk(list: 'invoice' | 'payment', since: string) {
  const { backfillPage } = await import('../shared/data/accounting-backfill-repo.js');
  const rows: Awaited<ReturnType<typeof backfillPage>>['rows'] = [];
  let cursor: Record<string, unknown> | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await backfillPage(list, since, cursor, 7);
    rows.push(...page.rows);
    cursor = page.cursor;
    if (!cursor) return rows;
  }
  throw new Error(`the back-fill of ${list} did not end within 100 pages`);
}

describe('the rent run spreads its writes', () => {
  it('each write to a sharded list lands in its id’s shard, and no other partition takes more than a quarter of the charges, audit included', async () => {
    const made = await leases(LEASES);
    // A subscriber to every new invoice: each charge makes a delivery to it.
    const receiver = await Receiver.start();
    const subscribed = await admin.post('/API/adminWebhooks/V1/subscriptions.json', {
      url: receiver.url,
      events: ['invoice.created'],
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    const { getLease } = await import('../shared/data/leases-repo.js');
    const records = await Promise.all(made.map((m) => getLease(m.leaseId)));
    await jobsCaughtUp();

    const recorded = await chargeRecording(records).finally(() => receiver.stop());
    const { chargesOf, placed } = recorded;
    let charged = recorded.charged;
    charged = charged.sort((a, b) => a.invoiceId - b.invoiceId);
    expect(charged.map((c) => c.leaseId).sort()).toEqual(made.map((m) => m.leaseId).sort());
    expect(new Set(charged.map((c) => c.invoiceId)).size).toBe(LEASES);
    chargedIds = charged.map((c) => c.invoiceId);

    // The sharded lists: every write in the shard of its item's id (the shard function's spread over ids is
    // shared/db/shards.test.ts's, on fixed ids); checked here instead of counting charges per shard, which
    // depends on how this run's random entry and delivery ids fall.
    expect(misplaced(placed)).toEqual([]);
    // Not vacuous: the charges' sharded writes were checked, and a write outside its shard would be found.
    expect(placed.filter((p) => shardFor(p.attribute, p.partition, p.item)).length).toBeGreaterThan(LEASES);
    expect(misplaced([{ attribute: 'GSI1PK', partition: 'INVOICES', item: { invoiceId: 7 } }])).toHaveLength(
      1,
    );
    const hottest = [...chargesOf].map(([partition, charges]) => ({
      partition,
      charges: charges.size,
    }));
    hottest.sort((a, b) => b.charges - a.charges);
    const over = hottest.filter((h) => h.charges > LEASES / 4 && !inShardedList(h.partition, placed));
    expect(over, JSON.stringify(hottest.slice(0, 8))).toEqual([]);
    // The record saw what it should: the charges' own partitions, the counters, and the audit job's entries.
    const seen = hottest.map((h) => h.partition.replace(/#\d+$/, '#n'));
    for (const expected of [
      'GSI1PK=INVOICES#n',
      'PK=COUNTER#invoice',
      'GSI3PK=AUDITMONTH#',
      'GSI1PK=WHDELIVERIES#',
      'GSI3PK=WHDUE#n',
    ])
      expect(
        seen.some((p) => p.startsWith(expected)),
        expected,
      ).toBe(true);

    // I2, every invoice by date, merged across its shards: newest first (same date: the higher id), paged.
    const listed = await listedInvoices(6, 7);
    expect(listed.total).toBe(LEASES);
    expect(listed.ids).toEqual(charged.map((c) => c.invoiceId).reverse());

    // AU3, the actor's entries, merged across shards: newest first, each once, all of them.
    const entries: { entryId: string; at: string; recordId: string }[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await admin.get<{ items: typeof entries; total: number }>(
        '/API/adminAudit/V1/entries.json',
        { query: { actor, page, limit: 9 } },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(LEASES);
      entries.push(...res.body.items);
    }
    const order = entries.map((e) => `${e.at}#${e.entryId}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(new Set(entries.map((e) => e.recordId))).toEqual(new Set(charged.map((c) => String(c.invoiceId))));
  }, 120_000);

  // Changed with the shards' back-fill: readers no longer read the unspread keys, so an older store's items are
  // listed once `npm run migrate:shards` has moved them (before, the lists read the unspread key as well).
  it('items written before the spread (the unspread keys) are listed once the shards’ back-fill moved them', async () => {
    const { rawTable } = await import('./support/table.js');
    const { queryMerged, overPartitions } = await import('../shared/db/merged-query.js');
    const { indexKeys } = await import('../shared/db/keys.js');
    const old = {
      PK: 'INVOICE#999999991',
      SK: 'INVOICE',
      GSI1PK: 'INVOICES',
      GSI1SK: `${runDay}#0999999991`,
    };
    await rawTable.send(
      new PutCommand({ TableName: TABLE, Item: { ...old, entity: 'invoice', invoiceId: 999999991 } }),
    );
    await backfillShards();
    const listed = await queryMerged(
      overPartitions(indexKeys.invoicesPartitions(), {
        index: 'GSI1',
        sk: { between: [runDay, `${runDay}#~`] },
      }),
    );
    expect(listed.map((i) => i.PK)).toContain(old.PK);
    expect(listed.map((i) => String(i.GSI1SK))).toEqual(listed.map((i) => String(i.GSI1SK)).sort());

    // An audit entry of the actor written with the unspread keys: the actor's list still has it, newest first.
    const at = new Date().toISOString();
    const entryId = 'zzzzzzzzzold000000000000';
    const order = `${at}#${entryId}`;
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `AUDIT#${entryId}`,
          SK: 'AUDIT',
          entity: 'audit',
          entryId,
          recordType: 'invoice',
          recordId: '999999991',
          action: 'created',
          actor,
          requestId: 'before-the-spread',
          at,
          fields: [],
          GSI1PK: 'AUDITREC#invoice#999999991',
          GSI1SK: order,
          GSI2PK: `AUDITACTOR#${actor}`,
          GSI2SK: order,
          GSI3PK: `AUDITMONTH#${at.slice(0, 7)}`,
          GSI3SK: order,
        },
      }),
    );
    await backfillShards();
    const res = await admin.get<{ items: { entryId: string }[]; total: number }>(
      '/API/adminAudit/V1/entries.json',
      { query: { actor, page: 1, limit: 3 } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(LEASES + 1);
    expect(res.body.items[0]?.entryId).toBe(entryId);
  });

  it('settling every charged invoice spreads the settled payments (I5); the income report and the back-fill read them all, a back-filled one too', async () => {
    const { applySettlement } = await import('../shared/workflows/ledger/apply.js');
    const { settledPaymentsBetween } = await import('../shared/data/payments-repo.js');
    const { rawTable } = await import('./support/table.js');
    expect(chargedIds).toHaveLength(LEASES);
    // A settled day no other test of this file's table uses, so the report of that day is these payments.
    const paidOn = '2001-02-03';
    let current = '';
    // Every write while an invoice is settled (its transaction, the ids it takes) is that payment's.
    const recorder = recordWrites(
      () => current,
      () => current,
    );
    try {
      for (const invoiceId of chargedIds) {
        current = `payment of ${invoiceId}`;
        const applied = await applySettlement('invoice', invoiceId, {
          amountCents: 100_000,
          method: 'card',
          date: paidOn,
          reference: `pi_spread_${invoiceId}`,
          source: 'processor',
          by,
          now: new Date(),
        });
        expect(applied?.settlement.status, String(invoiceId)).toBeDefined();
      }
      await jobsCaughtUp();
    } finally {
      recorder.restore();
    }
    const settledPartitions = [...recorder.chargesOf].filter(([p]) =>
      p.startsWith('GSI1PK=PAYMENTS#settled'),
    );
    expect(settledPartitions.length).toBeGreaterThan(1);
    // Every settled payment (and audit entry) in its id's shard; no other partition over a quarter.
    expect(misplaced(recorder.placed)).toEqual([]);
    const over = [...recorder.chargesOf]
      .filter(([p, payments]) => payments.size > LEASES / 4 && !inShardedList(p, recorder.placed))
      .map(([p]) => p);
    expect(over).toEqual([]);

    // A payment written before the spread (the unspread key) is read once the back-fill moved it.
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: 'INVOICE#999999991',
          SK: 'PAYMENT#0999999991',
          entity: 'payment',
          paymentId: 999999991,
          documentType: 'invoice',
          documentId: 999999991,
          propertyId: null,
          direction: 'in',
          amountCents: 500,
          method: 'cash',
          date: paidOn,
          reference: '',
          createdAt: `${paidOn}T12:00:00.000Z`,
          GSI1PK: 'PAYMENTS#settled',
          GSI1SK: `${paidOn}#0999999991`,
        },
      }),
    );
    await backfillShards();
    const settled = await settledPaymentsBetween(paidOn, paidOn);
    expect(settled.map((p) => p.documentId).sort()).toEqual([...chargedIds, 999999991].sort());
    const order = settled.map((p) => `${p.date}#${String(p.paymentId).padStart(10, '0')}`);
    expect(order).toEqual([...order].sort());
    const report = await admin.get<{ transactionCount: number; totalIncome: number }>(
      '/API/adminReports/V1/income.json',
      { query: { dateFrom: paidOn, dateTo: paidOn } },
    );
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ transactionCount: LEASES + 1, totalIncome: LEASES * 1000 + 5 });

    const walked = (await backfillWalk('payment', paidOn)).map((row) => String(row.documentId));
    for (const id of [...chargedIds, 999999991]) expect(walked, String(id)).toContain(String(id));
  }, 120_000);

  it('two processes taking ids in blocks from one table counter never hand out the same id', async () => {
    const { reserveIds, nextId } = await import('../shared/db/counters.js');
    const { idBlock } = await import('../shared/db/id-blocks.js');
    const counter = `spreadTest${Date.now().toString(36)}`;
    // Two allocators are two processes' blocks; single ids (`nextId`) taken meanwhile share the counter.
    const first = idBlock((size) => reserveIds(counter, size), 7);
    const second = idBlock((size) => reserveIds(counter, size), 5);
    const ids = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        (i % 3 === 0 ? first : i % 3 === 1 ? second : { next: () => nextId(counter) }).next(),
      ),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(1);
  });

  it('the accounting back-fill walks every partition of the invoice list, the back-filled invoice too', async () => {
    const found = (await backfillWalk('invoice', runDay)).map((row) => row.recordId);
    for (const id of [...chargedIds, 999999991]) expect(found, String(id)).toContain(String(id));
  });
});
