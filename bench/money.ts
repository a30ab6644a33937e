/**
 * Part 5: money (docs/benchmarks.md "Money").
 *
 * Reads: the admin invoice single (one Query of its partition) and list page (one Query), the income report
 * over a year of payments (with and without propertyId) and one landlord's owner statement of a month, next
 * to the floor route, at two table sizes. The measured year (2030) always holds the same payments (one a day
 * on the measured property, every tenth a refund, each with its journal entry); the bulk lands in other years
 * (2005-2029), half of it on the measured property (so its PROPPAY/PROPLEDGER partitions grow too), and the
 * reads per request must not move. Reads are the DynamoDB commands of one request sent alone
 * (command-counter.ts), the admin session's reads included. The measured invoice is loaded through the money
 * fixture loader (infra/local/fixture/money.ts); the bulk is batch-written as the ledger's own items.
 *
 * Import this module only after startLocalRuntime (the repositories read TABLE_NAME at import).
 */
import { putAll } from '../infra/local/fixture/batch.js';
import { loadFixture } from '../infra/local/fixture/index.js';
import { insertJournalEntryPart } from '../shared/data/journal-repo.js';
import { insertPaymentPart } from '../shared/data/payments-repo.js';
import * as properties from '../shared/data/properties-repo.js';
import type { Item } from '../shared/db/query.js';
import type { TxPart } from '../shared/db/transaction.js';
import { addDays } from '../shared/domain/dates.js';
import { paymentEntry } from '../shared/domain/ledger/journal.js';
import type { PaymentRecord } from '../shared/domain/ledger/payment.js';
import {
  type CounterSnapshot,
  describe,
  installCommandCounter,
  readsOf,
  since,
  snapshot,
} from './command-counter.js';
import {
  FLOOR_CASE,
  type LatencyCase,
  type LatencyPlan,
  type LatencyRow,
  type LoadClient,
  measureCases,
  targetP50,
} from './http-latency.js';
import { benchProperty } from './scale.js';
import { demoAdminCookie } from './standalone.js';

/** The measured property (landlord 2 of the demo fixture) and invoice; far from other parts' ids. */
const PROPERTY_ID = 600_000;
const INVOICE_ID = 600_001;
const LANDLORD = 2;
const YEAR = '2030';
const MONTH = `${YEAR}-06`;
/** Document ids of the bulk and of the measured year's payments (partitions without a header: not read here). */
const BULK_DOCUMENT = 610_000;

export interface MoneyReads {
  case: string;
  payments: number;
  reads: number;
  readsMax: number;
  commands: string;
}

export interface MoneyResult {
  inYear: number;
  points: { payments: number; rows: LatencyRow[] }[];
  reads: MoneyReads[];
  fill: { items: number; ms: number }[];
  /** Cases left out: the route did not answer 200 before the fill. */
  skipped: string[];
}

let nextPaymentId = 5_000_000;
let nextEntryId = 5_000_000;

const itemOf = (p: TxPart): Item => p.item.Put?.Item as Item;

/** A settled payment on the measured property (or another) with its journal entry: two items. */
function paymentItems(date: string, amountCents: number, propertyId: number, documentId: number): Item[] {
  const payment: PaymentRecord = {
    paymentId: nextPaymentId++,
    documentType: 'invoice',
    documentId,
    propertyId,
    direction: 'in',
    amountCents,
    method: 'card',
    date,
    reference: null,
    createdAt: `${date}T12:00:00.000Z`,
    actor: 'system:bench',
  };
  const entry = paymentEntry('invoice', amountCents);
  return [
    itemOf(insertPaymentPart(payment)),
    itemOf(
      insertJournalEntryPart({
        entryId: nextEntryId++,
        kind: entry.kind,
        date,
        documentType: 'invoice',
        documentId,
        propertyId,
        lines: entry.lines,
        paymentId: payment.paymentId,
        createdAt: payment.createdAt,
      }),
    ),
  ];
}

/** One payment a day of the measured year, every tenth a refund. */
function yearItems(): Item[] {
  const items: Item[] = [];
  for (let d = `${YEAR}-01-01`, i = 0; d <= `${YEAR}-12-31`; d = addDays(d, 1), i++)
    items.push(...paymentItems(d, i % 10 === 9 ? -1_25 : 100_00 + i, PROPERTY_ID, BULK_DOCUMENT + (i % 50)));
  return items;
}

/** The i-th bulk payment: years 2005-2029, every other one on the measured property. */
function bulkItems(from: number, to: number): Item[] {
  const items: Item[] = [];
  for (let i = from; i < to; i++) {
    const date = addDays('2005-01-01', i % 9_100);
    const propertyId = i % 2 === 0 ? PROPERTY_ID : 600_100 + (i % 300);
    items.push(...paymentItems(date, 50_00 + (i % 997), propertyId, BULK_DOCUMENT + 100 + (i % 5_000)));
  }
  return items;
}

function cases(cookie: string): LatencyCase[] {
  const headers = { cookie };
  const reports = '/API/adminReports/V1';
  return [
    {
      name: 'GET invoice single',
      method: 'GET',
      path: `/API/adminInvoices/V1/invoices/${INVOICE_ID}.json`,
      headers,
    },
    { name: 'GET invoice list page', method: 'GET', path: '/API/adminInvoices/V1/invoices.json', headers },
    {
      name: `GET income (year ${YEAR})`,
      method: 'GET',
      path: `${reports}/income.json?dateFrom=${YEAR}-01-01&dateTo=${YEAR}-12-31`,
      headers,
    },
    {
      name: `GET income (year ${YEAR}, propertyId)`,
      method: 'GET',
      path: `${reports}/income.json?dateFrom=${YEAR}-01-01&dateTo=${YEAR}-12-31&propertyId=${PROPERTY_ID}`,
      headers,
    },
    {
      name: `GET owner statement (${MONTH})`,
      method: 'GET',
      path: `${reports}/ownerStatement.json?month=${MONTH}&landlord=${LANDLORD}`,
      headers,
    },
  ];
}

async function countReads(baseUrl: string, c: LatencyCase, payments: number, times = 3): Promise<MoneyReads> {
  const counted: CounterSnapshot[] = [];
  for (let i = 0; i < times; i++) {
    const before = snapshot();
    const response = await fetch(new URL(c.path, baseUrl), { method: c.method, headers: c.headers ?? {} });
    await response.arrayBuffer();
    counted.push(since(before));
    if (response.status !== 200) throw new Error(`${c.name} answered ${response.status}`);
  }
  const reads = counted.map((s) => readsOf(s.sent));
  return {
    case: c.name,
    payments,
    reads: Math.min(...reads),
    readsMax: Math.max(...reads),
    commands: describe((counted[counted.length - 1] as CounterSnapshot).sent),
  };
}

export async function measureMoney(
  client: LoadClient,
  baseUrls: { runtime: string; floor: string },
  sizes: readonly [number, number],
  plan: LatencyPlan,
  say: (line: string) => void,
): Promise<MoneyResult> {
  installCommandCounter();
  const now = new Date();
  await properties.insertProperty({
    ...benchProperty(90_000, now),
    propertyId: PROPERTY_ID,
    propertyName: `Money bench ${PROPERTY_ID}`,
    landlord: LANDLORD,
  });
  await loadFixture({
    invoices: [
      {
        invoiceId: INVOICE_ID,
        tenantId: 1,
        propertyId: PROPERTY_ID,
        invoiceDate: `${YEAR}-06-10`,
        tax: 6,
        tax2: 2,
        lineItems: Array.from({ length: 5 }, (_, i) => ({
          description: `Line ${i + 1}`,
          amount: 10 + i,
          taxed: 1,
        })),
        payments: [{ amount: 20, date: `${YEAR}-06-11` }],
      },
    ],
  });
  const year = yearItems();
  const inYear = year.length / 2;
  const result: MoneyResult = { inYear, points: [], reads: [], fill: [], skipped: [] };
  let loaded = 0;
  let items = year;
  const cookie = await demoAdminCookie(baseUrls.runtime);
  // A route another slice has not finished yet is left out (and named) rather than failing the part.
  const list: LatencyCase[] = [];
  for (const c of cases(cookie)) {
    const response = await fetch(new URL(c.path, baseUrls.runtime), { headers: c.headers ?? {} });
    await response.arrayBuffer();
    if (response.status === 200) list.push(c);
    else {
      result.skipped.push(`${c.name}: ${response.status}`);
      say(`  skipped ${c.name}: answered ${response.status}`);
    }
  }
  for (const size of sizes) {
    const started = performance.now();
    items = [...items, ...bulkItems(loaded, size - inYear)];
    await putAll(items);
    result.fill.push({ items: items.length, ms: Math.round(performance.now() - started) });
    loaded = size - inYear;
    items = [];
    say(`  ${size} payments (${inYear} in ${YEAR}) loaded; counting reads…`);
    for (const c of list) result.reads.push(await countReads(baseUrls.runtime, c, size));
    say('  measuring latency…');
    result.points.push({
      payments: size,
      rows: await measureCases(client, [FLOOR_CASE, ...list], baseUrls, plan),
    });
  }
  return result;
}

/** The report's section: reads per request at both sizes and p50 against the floor. */
export function moneySection(m: MoneyResult): string {
  const out = [
    `${m.inYear} payments in the measured year at every size; reads per request (the admin session's included):`,
    ...(m.skipped.length ? ['', `Left out (not answering 200): ${m.skipped.join('; ')}.`] : []),
    '',
    '| case | payments in table | reads | commands |',
    '|---|---|---|---|',
    ...m.reads.map(
      (r) =>
        `| ${r.case} | ${r.payments} | ${r.reads === r.readsMax ? r.reads : `${r.reads}-${r.readsMax}`} | ${r.commands} |`,
    ),
    '',
    '| case | payments in table | concurrency | p50 ms (alone above 1) | p99 ms | × floor p50 |',
    '|---|---|---|---|---|---|',
  ];
  for (const point of m.points) {
    for (const row of point.rows) {
      const floor = point.rows.find((r) => r.name === FLOOR_CASE.name && r.concurrency === row.concurrency);
      const ratio = floor ? (targetP50(row) / targetP50(floor)).toFixed(2) : '-';
      out.push(
        `| ${row.name} | ${point.payments} | ${row.concurrency} | ${targetP50(row).toFixed(1)} | ${row.p99.toFixed(1)} | ${ratio} |`,
      );
    }
  }
  return out.join('\n');
}
