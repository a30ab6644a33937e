/**
 * No partition is hot on the first of the month (docs/data-model.md "Spread"): the writes of many leases'
 * rent charges — each charge's transaction, the id counters it moves, the audit entries its changes make and
 * the webhook deliveries to a subscriber of new invoices —
 * spread so that no partition key of the table or of an index takes more than a quarter of the charges (the
 * bench's target is at most 0.5 writes per charge). The lists that were single partitions still answer whole:
 * every invoice by date (I2) and an actor's audit entries (AU3), merged across their shards, newest first and
 * paged; items written before the spread (the unspread keys) are still listed. Settling the charged invoices
 * spreads the settled payments (I5) the same way.
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

/** What one SDK call writes, by partition: the items of a transaction, a put, an update's key. */
function writesOf(input: Record<string, unknown>): { items: Written[]; transaction: boolean } {
  const transactItems = input.TransactItems as Record<string, Record<string, Written>>[] | undefined;
  if (transactItems)
    return {
      transaction: true,
      items: transactItems.map(
        (t) => (t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key ?? t.ConditionCheck?.Key) as Written,
      ),
    };
  const item = (input.Item ?? input.Key) as Written | undefined;
  if (!item) return { transaction: false, items: [] };
  // An update that moves an item between index partitions names the new keys in its values.
  const values = (input.ExpressionAttributeValues ?? {}) as Written;
  const moved = {
    ...(typeof values[':gsi2pk'] === 'string' ? { GSI2PK: values[':gsi2pk'] } : {}),
    ...(typeof values[':gsi3pk'] === 'string' ? { GSI3PK: values[':gsi3pk'] } : {}),
  };
  return { transaction: false, items: [{ ...moved, ...item }] };
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
      if (owner) for (const p of partitionsOf(item)) note(p, owner);
    }
  };
  const send = ddb.send.bind(ddb);
  const spy = vi.spyOn(ddb, 'send').mockImplementation(((command: { input?: Record<string, unknown> }) => {
    noteCommand(command);
    return send(command as Parameters<typeof send>[0]);
  }) as typeof ddb.send);
  return { chargesOf, restore: () => spy.mockRestore() };
}

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
  return { charged, chargesOf: recorder.chargesOf };
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
  it('no partition of the table or an index takes more than a quarter of the charges, audit included', async () => {
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
    const { chargesOf } = recorded;
    let charged = recorded.charged;
    charged = charged.sort((a, b) => a.invoiceId - b.invoiceId);
    expect(charged.map((c) => c.leaseId).sort()).toEqual(made.map((m) => m.leaseId).sort());
    expect(new Set(charged.map((c) => c.invoiceId)).size).toBe(LEASES);
    chargedIds = charged.map((c) => c.invoiceId);

    const hottest = [...chargesOf].map(([partition, charges]) => ({
      partition,
      charges: charges.size,
    }));
    hottest.sort((a, b) => b.charges - a.charges);
    const over = hottest.filter((h) => h.charges > LEASES / 4);
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

  it('items written before the spread (the unspread keys) are still listed', async () => {
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
    const res = await admin.get<{ items: { entryId: string }[]; total: number }>(
      '/API/adminAudit/V1/entries.json',
      { query: { actor, page: 1, limit: 3 } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(LEASES + 1);
    expect(res.body.items[0]?.entryId).toBe(entryId);
  });

  it('settling every charged invoice spreads the settled payments (I5); the income report and the back-fill read them all, an unspread one too', async () => {
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
    // The audit job's entries are left to the charges' case above: a settlement changes two records (the invoice
    // and its new payment), so their 80 entries over 16 shards would put more than 10 records in one by chance.
    const over = [...recorder.chargesOf]
      .filter(([p, payments]) => !/^GSI\dPK=AUDIT/.test(p) && payments.size > LEASES / 4)
      .map(([p]) => p);
    expect(over).toEqual([]);

    // A payment written before the spread (the unspread key) is still read.
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

  it('the accounting back-fill walks every partition of the invoice list, the unspread one too', async () => {
    const found = (await backfillWalk('invoice', runDay)).map((row) => row.recordId);
    for (const id of [...chargedIds, 999999991]) expect(found, String(id)).toContain(String(id));
  });
});
