/**
 * The one-time deposit migration (docs/money.md "The deposit migration"; `npm run migrate:deposits`, and every
 * start of a local store): a store made before the journal had its depositsHeld liability holds DEPOSIT
 * postings in revenue, and owner accounts that counted a deposit's cash as the owner's balance. Here a deposit
 * is made through the admin API and then turned back into what the earlier ledger wrote (its entries' revenue
 * line, no `depositCents`, the deposit in the owner's balance); the migration re-posts it: the journal moves
 * it to the liability (each entry's own day), the owner account holds it apart, and the statement opens every
 * month where the last closed. Run twice, the second run changes nothing; the books stay whole.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../shared/domain/booking/stay.js';
import { type Client, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { ownerJournalBefore } from './support/owner-journal.js';
import { expectBooksWhole, invoicePartition, journalImbalance } from './support/payments.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { migrateDeposits } = await import('../shared/workflows/ledger/deposit-migration.js');

const TODAY = new Date().toISOString().slice(0, 10);
const THIS = TODAY.slice(0, 7);
const A = addMonths(`${THIS}-01`, -2).slice(0, 7);
const B = addMonths(`${THIS}-01`, -1).slice(0, 7);

let superAdmin: Client;
let staff: Client;
let aged = 0;
let fresh = 0;

async function depositPaid(amount: number, payments: [number, string][]): Promise<number> {
  const res = await superAdmin.post('/API/adminInvoices/V1/invoices.json', {
    description: 'DEPOSIT',
    tenantId: 2,
    propertyId: 12,
    dueDate: TODAY,
    lineItems: [{ description: 'Security deposit', amount }],
  });
  expect(res.status, res.text).toBe(201);
  const id = Number(res.body.invoiceId);
  for (const [paid, date] of payments) {
    const p = await superAdmin.post(`/API/adminPayments/V1/invoices/${id}/payments.json`, {
      amount: paid,
      method: 'check',
      date,
    });
    expect(p.status, p.text).toBe(201);
  }
  return id;
}

/**
 * The invoice's entries and its owner account as the ledger before the liability wrote them: the subtotal
 * posted to revenue, cash entries without `depositCents`, their cash in the owner's balance.
 */
async function ageToTheOldLedger(invoiceId: number): Promise<void> {
  const { journal } = await invoicePartition(invoiceId);
  for (const entry of journal) {
    const { depositCents, ...old } = entry;
    const lines = (entry.lines as { account: string }[]).map((l) =>
      l.account === 'depositsHeld' ? { ...l, account: 'revenue' } : l,
    );
    await rawTable.send(new PutCommand({ TableName: TABLE, Item: { ...old, lines } }));
    if (depositCents === undefined) continue;
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `OWNERACCOUNT#${entry.propertyId}`, SK: `${String(entry.date).slice(0, 7)}#cash` },
        UpdateExpression: 'ADD balanceCents :d, depositCents :minus',
        ExpressionAttributeValues: { ':d': depositCents, ':minus': -Number(depositCents) },
      }),
    );
  }
}

/** The items of a partition, as stored. */
const partition = async (pk: string) =>
  (
    await rawTable.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Every item the migration may touch: the invoices' partitions and property 12's owner account. */
const touched = async () => [
  ...(await partition(`INVOICE#${aged}`)),
  ...(await partition(`INVOICE#${fresh}`)),
  ...(await partition('OWNERACCOUNT#12')),
];

const netOf = async (invoiceId: number, account: string) =>
  (await invoicePartition(invoiceId)).journal
    .flatMap((e) => e.lines as { account: string; debitCents: number; creditCents: number }[])
    .filter((l) => l.account === account)
    .reduce((t, l) => t + l.debitCents - l.creditCents, 0);

interface Row {
  propertyId: number;
  income: number;
  openingBalance: number;
  closingBalance: number;
  deposits: { openingHeld: number; heldAtMonthEnd: number; received: number; returned: number };
}

async function birch(month: string): Promise<Row> {
  const res = await staff.get<{ items: Row[] }>('/API/adminReports/V1/ownerStatement.json', {
    query: { month, landlord: 5 },
  });
  expect(res.status, res.text).toBe(200);
  const row = res.body.items.find((r) => r.propertyId === 12);
  if (!row) throw new Error('no row for property 12');
  return row;
}

beforeAll(async () => {
  [superAdmin, staff] = await Promise.all([signedIn('super'), signedIn('svcRep')]);
  aged = await depositPaid(2200, [
    [2200, `${A}-05`],
    [-700, `${B}-10`],
  ]);
  await ageToTheOldLedger(aged);
  // A deposit made since the liability exists: the migration leaves its entries as they are.
  fresh = await depositPaid(300, [[300, `${B}-12`]]);
});

describe('the deposit migration', () => {
  it('is needed: before it, the old entries hold the deposit in revenue and the owner’s balance', async () => {
    expect(await netOf(aged, 'revenue')).toBe(-220_000);
    expect((await ownerJournalBefore(12, `${THIS}-01`)).balanceCents).toBe(0);
    // The owner account still counts the old deposit's cash as the owner's: B opens with it.
    expect((await birch(B)).openingBalance).toBe(2200);
  });

  it('re-posts the deposits: the journal holds them as a liability, the statement never as income', async () => {
    const freshBefore = await partition(`INVOICE#${fresh}`);
    const first = await migrateDeposits(new Date());
    expect(first).toMatchObject({ reclassified: 1, cashEntries: 2 });
    expect(first.migrated).toBeGreaterThanOrEqual(2);
    expect(await netOf(aged, 'revenue')).toBe(0);
    expect(await netOf(aged, 'depositsHeld')).toBe(-220_000);
    const { journal } = await invoicePartition(aged);
    const moved = journal.find((e) => e.kind === 'reclassified');
    // The reclassification is dated the day of the posting it moves.
    const posting = journal.find((e) => e.kind === 'invoicePosted');
    expect(moved?.date).toBe(posting?.date);
    for (const entry of journal) expect(journalImbalance([entry]), String(entry.SK)).toBe(0);
    expect(journalImbalance(journal)).toBe(0);
    // The fresh deposit's entries and account were right already: only its mark is new.
    const freshAfter = await partition(`INVOICE#${fresh}`);
    expect(freshAfter.filter((i) => !String(i.SK).startsWith('MIGRATED#'))).toEqual(
      freshBefore.filter((i) => !String(i.SK).startsWith('MIGRATED#')),
    );

    const [a, b] = [await birch(A), await birch(B)];
    expect(a).toMatchObject({
      income: 0,
      closingBalance: 0,
      deposits: { received: 2200, heldAtMonthEnd: 2200 },
    });
    expect(b).toMatchObject({
      openingBalance: 0,
      closingBalance: 0,
      deposits: { openingHeld: 2200, received: 300, returned: 700, heldAtMonthEnd: 1800 },
    });
    const held = await ownerJournalBefore(12, `${THIS}-01`);
    expect([held.balanceCents, held.depositCents]).toEqual([0, 180_000]);
    await expectBooksWhole([aged, fresh]);
  });

  it('a second run changes nothing', async () => {
    const before = await touched();
    const second = await migrateDeposits(new Date());
    expect(second).toMatchObject({ migrated: 0, reclassified: 0, cashEntries: 0 });
    expect(second.invoices).toBeGreaterThanOrEqual(2);
    expect(await touched()).toEqual(before);
    await expectBooksWhole([aged, fresh]);
  });
});
