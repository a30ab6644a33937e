/**
 * The shards' back-fill (`npm run migrate:shards`; docs/data-model.md "Spread"): a store made before the lists
 * were spread keeps items under each list's unspread key, which this version's readers no longer read. The
 * back-fill moves each into its shard (and each accounting sync state to the shard the one shard function
 * gives it, and the tenants' old total into a shard); the repositories' reads then list every one, and a
 * second run moves nothing. The CLI does the same to a local store.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localCredentials, newStoreDatabase } from '../infra/local/local-credentials.js';
import { TABLE_NAME as LOCAL_TABLE } from '../infra/local/stand-ins.js';
import { ensureTable } from '../infra/local/table.js';
import { fileRuntime } from './support/file-runtime.js';
import { useLocalTable } from './support/in-process.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { backfillShards } = await import('../shared/data/shard-backfill-repo.js');
const { indexKeys, keys } = await import('../shared/db/keys.js');
const { queryMerged, overPartitions } = await import('../shared/db/merged-query.js');
const { settledPaymentsBetween } = await import('../shared/data/payments-repo.js');
const { listEntries } = await import('../shared/data/audit-repo.js');
const { newestDeliveries, dueDeliveries } = await import('../shared/data/webhook-deliveries-repo.js');
const { listMessages } = await import('../shared/data/mail-messages-repo.js');
const { dueMessages } = await import('../shared/data/mail-queue-repo.js');
const { listSyncStates } = await import('../shared/data/accounting-sync-lists-repo.js');
const { countTenants } = await import('../shared/data/tenant-count-repo.js');

/** A day and a month of their own: nothing else of this file's table is dated then. */
const DAY = '2003-04-05';
const AT = `${DAY}T06:07:08.000Z`;
const actor = 'system:olderStore' as const;
/** When the older store's pending message and delivery are due: far ahead, so the runtime's own sender and
 * retry sweep leave them alone while the test reads the due lists up to then. */
const DUE = '2999-01-01T00:00:00.000Z';
const realmId = 'realm-older-store';

/**
 * What a store made before the spread holds: items under the unspread keys, as that version wrote them (the raw
 * keys of an older layout, which no key builder makes any more), and a sync state in the shard the sync lists'
 * own shard function gave it (sha256's first byte mod 8: 4 for invoice 41, where the one function gives 2).
 */
function olderStoreItems(): Record<string, unknown>[] {
  const messageId = 'bookingConfirmation.chg_olderstore';
  const deliveryId = 'whd_olderstore';
  const entryId = '00olderstore000000000000';
  return [
    {
      PK: 'INVOICE#999999971',
      SK: 'INVOICE',
      entity: 'invoice',
      invoiceId: 999999971,
      GSI1PK: 'INVOICES',
      GSI1SK: `${DAY}#0999999971`,
    },
    {
      PK: 'INVOICE#999999971',
      SK: 'PAYMENT#0999999972',
      entity: 'payment',
      paymentId: 999999972,
      documentType: 'invoice',
      documentId: 999999971,
      propertyId: null,
      direction: 'in',
      amountCents: 500,
      method: 'cash',
      date: DAY,
      reference: '',
      createdAt: AT,
      GSI1PK: 'PAYMENTS#settled',
      GSI1SK: `${DAY}#0999999972`,
    },
    {
      PK: `AUDIT#${entryId}`,
      SK: 'AUDIT',
      entity: 'audit',
      entryId,
      recordType: 'invoice',
      recordId: '999999971',
      action: 'created',
      actor,
      requestId: 'older-store',
      at: AT,
      fields: [],
      GSI1PK: 'AUDITREC#invoice#999999971',
      GSI1SK: `${AT}#${entryId}`,
      GSI2PK: `AUDITACTOR#${actor}`,
      GSI2SK: `${AT}#${entryId}`,
      GSI3PK: `AUDITMONTH#${DAY.slice(0, 7)}`,
      GSI3SK: `${AT}#${entryId}`,
    },
    {
      PK: `WEBHOOKDELIVERY#${deliveryId}`,
      SK: 'WEBHOOKDELIVERY',
      entity: 'webhookDelivery',
      deliveryId,
      subscriptionId: 999971,
      eventId: 'evt_olderstore',
      eventType: 'invoice.created',
      body: '{}',
      status: 'pending',
      attemptCount: 0,
      attempts: [],
      createdAt: AT,
      updatedAt: AT,
      nextAttemptAt: DUE,
      GSI1PK: 'WHDELIVERIES#999971',
      GSI1SK: `${AT}#${deliveryId}`,
      GSI2PK: 'WHDELIVERIES#999971#pending',
      GSI2SK: `${AT}#${deliveryId}`,
      GSI3PK: 'WHDUE',
      GSI3SK: `${DUE}#${deliveryId}`,
    },
    {
      PK: `MAIL#${messageId}`,
      SK: 'MAIL',
      entity: 'mailMessage',
      messageId,
      kind: 'bookingConfirmation',
      to: 'older-store@example.test',
      recordType: 'reservation',
      recordId: '999971',
      cause: 'chg_olderstore',
      subject: 'An older store’s message',
      status: 'pending',
      attempts: 0,
      sesMessageId: null,
      sentAt: null,
      lastError: null,
      nextAttemptAt: DUE,
      createdAt: AT,
      updatedAt: AT,
      GSI1PK: 'MAILREC#reservation#999971',
      GSI1SK: `${AT}#${messageId}`,
      GSI2PK: 'MAILTO#older-store@example.test',
      GSI2SK: `${AT}#${messageId}`,
      GSI3PK: 'MAILS',
      GSI3SK: `${AT}#${messageId}`,
    },
    {
      PK: `MAILDUE#${messageId}`,
      SK: 'MAILDUE',
      entity: 'mailDue',
      messageId,
      GSI1PK: 'MAILDUE',
      GSI1SK: `${DUE}#${messageId}`,
    },
    {
      ...keys.accountingSync(realmId, 'invoice', '41'),
      entity: 'accountingSync',
      realmId,
      recordType: 'invoice',
      recordId: '41',
      status: 'pending',
      changeSeq: 1,
      attempts: 0,
      pendingSince: AT,
      notBefore: AT,
      updatedAt: AT,
      GSI1PK: `ACCTDUE#${realmId}#4`,
      GSI1SK: `${AT}#invoice#41`,
      GSI2PK: `ACCTSTATE#${realmId}#pending#4`,
      GSI2SK: `${AT}#invoice#41`,
      GSI3PK: `ACCTSYNCS#${realmId}#4`,
      GSI3SK: `${AT}#invoice#41`,
    },
    // The month's marker (AU5), where the audit list by time finds the month.
    { ...keys.auditMonth(DAY.slice(0, 7)), entity: 'auditMonth', month: DAY.slice(0, 7) },
    // The tenants' total as the creating transactions kept it, before the count had shards.
    { ...keys.count('tenants'), entity: 'count', value: 5 },
  ];
}

/** What the repositories' reads list of the older store's items. */
async function listed() {
  const invoices = await queryMerged(
    overPartitions(indexKeys.invoicesPartitions(), { index: 'GSI1', sk: { between: [DAY, `${DAY}#~`] } }),
  );
  return {
    invoices: invoices.map((i) => Number(i.invoiceId)),
    payments: (await settledPaymentsBetween(DAY, DAY)).map((p) => p.paymentId),
    byActor: (await listEntries({ actor }, 1, 10)).items.map((e) => e.entryId),
    byMonth: (await listEntries({ dateFrom: DAY, dateTo: DAY }, 1, 10)).items.map((e) => e.entryId),
    deliveries: (await newestDeliveries(999971, undefined, 10)).map((d) => d.deliveryId),
    pendingDeliveries: (await newestDeliveries(999971, 'pending', 10)).map((d) => d.deliveryId),
    dueDeliveries: (await dueDeliveries(new Date(DUE), 1000)).map((d) => d.deliveryId),
    messages: (await listMessages({}, 1, 1000)).items.map((m) => m.messageId),
    dueMessages: (await dueMessages(DUE, 1000)).map((m) => m.messageId),
  };
}

const EVERY_LIST_LISTS_IT = {
  invoices: [999999971],
  payments: [999999972],
  byActor: ['00olderstore000000000000'],
  byMonth: ['00olderstore000000000000'],
  deliveries: ['whd_olderstore'],
  pendingDeliveries: ['whd_olderstore'],
  dueDeliveries: expect.arrayContaining(['whd_olderstore']),
  messages: expect.arrayContaining(['bookingConfirmation.chg_olderstore']),
  dueMessages: expect.arrayContaining(['bookingConfirmation.chg_olderstore']),
};

describe('npm run migrate:shards', () => {
  it('moves every item of an older store into its shard, where the repositories read it; a second run moves nothing', async () => {
    const tenantsBefore = await countTenants();
    for (const item of olderStoreItems())
      await rawTable.send(new PutCommand({ TableName: TABLE, Item: item }));
    // Not read before the back-fill: this version reads the shards alone.
    const before = await listed();
    expect(before.invoices).toEqual([]);
    expect(before.dueMessages).not.toContain('bookingConfirmation.chg_olderstore');
    expect(await countTenants()).toBe(tenantsBefore);

    const first = await backfillShards();
    // The seven items above under an old key (the count is folded, not moved); the fixture's own are in shards.
    expect(first).toMatchObject({ moved: 7, movedMeanwhile: 0, countsFolded: 1 });
    expect(await listed()).toEqual(EVERY_LIST_LISTS_IT);
    expect(await countTenants()).toBe(tenantsBefore + 5);

    // The sync state is where the one shard function puts it, on each of its lists, and listed.
    const { Item: state } = await rawTable.send(
      new GetCommand({ TableName: TABLE, Key: keys.accountingSync(realmId, 'invoice', '41') }),
    );
    expect(state).toMatchObject({
      GSI1PK: indexKeys.accountingDue(realmId, 'invoice', '41'),
      GSI2PK: indexKeys.accountingByStatus(realmId, 'pending', 'invoice', '41'),
      GSI3PK: indexKeys.accountingAll(realmId, 'invoice', '41'),
    });
    expect(indexKeys.accountingAll(realmId, 'invoice', '41')).not.toBe(`ACCTSYNCS#${realmId}#4`);
    const states = await listSyncStates(realmId, { status: 'pending', page: 1, limit: 10 });
    expect(states.map((s) => s.recordId)).toEqual(['41']);

    const second = await backfillShards();
    expect(second).toMatchObject({ moved: 0, movedMeanwhile: 0, countsFolded: 0 });
    expect(second.read).toBe(first.read);
    expect(await listed()).toEqual(EVERY_LIST_LISTS_IT);
    expect(await countTenants()).toBe(tenantsBefore + 5);
  }, 120_000);

  it('the CLI back-fills a local store (DATA_DIR) through its running DynamoDB, and again moves nothing', async () => {
    // A store of its own: its database in the running DynamoDB Local, its table as `npm start` names it.
    const dataDir = mkdtempSync(join(tmpdir(), 'migrate-shards-'));
    const dynamodbDatabase = newStoreDatabase();
    writeFileSync(join(dataDir, 'local-state.json'), JSON.stringify({ dataKey: 'unused', dynamodbDatabase }));
    const client = new DynamoDBClient({
      endpoint: fileRuntime.dynamodbUrl,
      region: 'us-east-1',
      credentials: localCredentials(dynamodbDatabase),
    });
    const store = DynamoDBDocumentClient.from(client);
    try {
      await ensureTable(client, LOCAL_TABLE);
      const invoice = olderStoreItems()[0] as Record<string, unknown>;
      await store.send(new PutCommand({ TableName: LOCAL_TABLE, Item: invoice }));
      const run = () =>
        spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/migrate-shards-cli.ts'], {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DYNAMODB_PORT: new URL(fileRuntime.dynamodbUrl).port,
            LOG_LEVEL: 'silent',
          },
          encoding: 'utf8',
          timeout: 120_000,
        });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/1 items moved into their shards/);
      const { Item } = await store.send(
        new GetCommand({ TableName: LOCAL_TABLE, Key: { PK: invoice.PK, SK: invoice.SK } }),
      );
      expect(Item?.GSI1PK).toBe(indexKeys.invoices(999999971));
      const second = run();
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/0 items moved into their shards/);
    } finally {
      client.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
