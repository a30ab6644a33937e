/**
 * The owner's account and statement as plain functions: what each journal entry does to the account (a table
 * of cases), the opening balance and fee base from the account's rows, the fee, the lines with their words and
 * names, and a fast-check property: over random months of random entries of every kind, each statement's
 * opening + income − expenses − fee − payouts = closing, per property and in total, cent-exact, and each month
 * opens with the closing balance of the month before (the rows kept as shared/data/owner-account-repo.ts keeps
 * them).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountEntry,
  type AccountRow,
  managementFee,
  monthFee,
  openingBalanceCents,
  openingHeldCents,
  ownerEffect,
  reserveHeld,
  unchargedFeeBaseCents,
} from './owner-account.js';
import {
  type DocumentFacts,
  lineDescription,
  ownerStatement,
  type PropertyMonth,
  type StatementEntry,
} from './owner-statement.js';
import { feeLineDescription, feeRule } from './statement-format.js';

const line = (account: string, cents: number) => ({
  account,
  debitCents: Math.max(cents, 0),
  creditCents: Math.max(-cents, 0),
});

/** A payment (+) or refund (−) on an invoice: cash in against receivable. */
const invoiceCash = (cents: number) => [line('cash', cents), line('receivable', -cents)];
/** A payment (+ paid out) or refund (−) on an expense: cash out against payable. */
const expenseCash = (cents: number) => [line('payable', cents), line('cash', -cents)];
/** An invoice posted (+) or reversed (−). */
const invoicePosting = (cents: number) => [line('receivable', cents), line('revenue', -cents)];
const expensePosting = (cents: number) => [line('expense', cents), line('payable', -cents)];

const effect = (
  documentType: AccountEntry['documentType'],
  documentKind: string,
  lines: AccountEntry['lines'],
) => ownerEffect({ documentType, documentKind, lines });

describe('the owner account: what an entry does to it', () => {
  it.each([
    ['rent received', 'invoice', 'RENT', invoiceCash(145_000), ['income', 145_000, 145_000, 145_000]],
    ['booking refunded', 'invoice', 'BOOKING', invoiceCash(-5_000), ['income', -5_000, -5_000, -5_000]],
    [
      'deposit received: held for the tenant, not income, no fee on it',
      'invoice',
      'DEPOSIT',
      invoiceCash(90_000),
      ['income', 0, 0, 0],
    ],
    ['a vendor paid', 'expense', 'SERVICE', expenseCash(19_663), ['expense', 19_663, -19_663, 0]],
    ['a vendor refunds', 'expense', 'HOUSEKEEPING', expenseCash(-250), ['expense', -250, 250, 0]],
    ['the owner paid out', 'expense', 'OWNER', expenseCash(100_000), ['payout', 100_000, -100_000, 0]],
    [
      'the owner pays an OWNER invoice',
      'invoice',
      'OWNER',
      invoiceCash(14_500),
      ['payout', -14_500, 14_500, 0],
    ],
    ['the fee charged', 'invoice', 'OWNER', invoicePosting(14_500), ['fee', 14_500, -14_500, 0]],
    ['the fee reversed', 'invoice', 'OWNER', invoicePosting(-14_500), ['fee', -14_500, 14_500, 0]],
  ] as const)('%s', (_, documentType, documentKind, lines, [category, amount, balance, feeBase]) => {
    expect(effect(documentType, documentKind, lines)).toMatchObject({
      category,
      amountCents: amount,
      balanceCents: balance,
      feeBaseCents: feeBase,
    });
  });

  it('holds a deposit and the tax of a stay apart from the owner’s income: never income, never in the fee’s base', () => {
    const stay = ownerEffect({
      documentType: 'invoice',
      documentKind: 'BOOKING',
      lines: invoiceCash(66_420),
      taxShareCents: 4_920,
    });
    expect(stay).toMatchObject({
      amountCents: 61_500,
      balanceCents: 61_500,
      feeBaseCents: 61_500,
      taxCents: 4_920,
    });
    const deposit = ownerEffect({
      documentType: 'invoice',
      documentKind: 'DEPOSIT',
      lines: invoiceCash(145_000),
      depositCents: 145_000,
    });
    expect(deposit).toMatchObject({
      amountCents: 0,
      balanceCents: 0,
      feeBaseCents: 0,
      depositCents: 145_000,
    });
    // A deposit returned: out of what is held, nothing out of the owner's balance.
    expect(
      ownerEffect({ documentType: 'invoice', documentKind: 'DEPOSIT', lines: invoiceCash(-45_000) }),
    ).toMatchObject({ balanceCents: 0, depositCents: -45_000 });
  });

  it('postings of anything but an OWNER invoice are not the owner’s money', () => {
    expect(effect('invoice', 'RENT', invoicePosting(145_000))).toBeNull();
    expect(effect('expense', 'SERVICE', expensePosting(5_000))).toBeNull();
    expect(effect('expense', 'OWNER', expensePosting(5_000))).toBeNull();
  });

  it('opens a month with every earlier row, and charges the fee on income not charged before', () => {
    const rows: AccountRow[] = [
      { kind: 'cash', month: '2031-03', balanceCents: 100_000, feeBaseCents: 100_000 },
      { kind: 'charge', month: '2031-03', balanceCents: -10_000 },
      { kind: 'fee', month: '2031-03', baseCents: 100_000, feeCents: 10_000, percent: 10, invoiceId: 9 },
      // A payment for March recorded after March was closed, and April's own income.
      { kind: 'cash', month: '2031-03', balanceCents: 5_000, feeBaseCents: 5_000 },
      { kind: 'cash', month: '2031-04', balanceCents: 20_000, feeBaseCents: 20_000 },
      { kind: 'cash', month: '2031-05', balanceCents: 1, feeBaseCents: 1 },
    ];
    expect(openingBalanceCents(rows, '2031-03')).toBe(0);
    expect(openingBalanceCents(rows, '2031-04')).toBe(95_000);
    expect(openingBalanceCents(rows, '2031-05')).toBe(115_000);
    expect(unchargedFeeBaseCents(rows, '2031-04')).toBe(25_000);
    expect(managementFee(25_000, 10)).toEqual({ baseCents: 25_000, feeCents: 2_500 });
    // Half a cent rounds away from zero; no income (or refunds beyond it) is no fee and no base used.
    expect(managementFee(1_005, 10)).toEqual({ baseCents: 1_005, feeCents: 101 });
    expect(managementFee(-3_000, 10)).toEqual({ baseCents: 0, feeCents: 0 });
    expect(feeLineDescription({ month: '2031-04', percent: 8.5, baseCents: 123_456, feeCents: 10_494 })).toBe(
      'Management fee April 2031: 8.5% of income collected 1,234.56',
    );
  });
});

describe('the management fee of a month: its base and rule', () => {
  const terms = { percent: 10, minimumCents: 0 };
  const cash = (month: string, cents: number): AccountRow => ({
    kind: 'cash',
    month,
    balanceCents: cents,
    feeBaseCents: cents,
  });

  it('is no fee in a month without income, whatever earlier months left uncharged', () => {
    // March was never closed: its income waits; April has none of its own.
    const rows = [cash('2031-03', 290_000)];
    expect(monthFee(rows, '2031-04', terms)).toMatchObject({
      baseCents: 0,
      feeCents: 0,
      monthIncomeCents: 0,
    });
    const may = monthFee([...rows, cash('2031-05', 145_000)], '2031-05', terms);
    expect(may).toMatchObject({ baseCents: 435_000, feeCents: 43_500, monthIncomeCents: 145_000 });
    expect(feeRule({ month: '2031-05', ...may })).toBe(
      '10% of income collected 4,350.00, of which 2,900.00 collected before with no fee charged yet',
    );
    expect(feeRule({ month: '2031-04', ...monthFee(rows, '2031-04', terms) })).toBe(
      'no fee: no income collected in April 2031',
    );
  });

  it('charges the terms’ minimum, also in a month without income, and says so', () => {
    const minimum = { percent: 10, minimumCents: 5_000 };
    const none = monthFee([], '2031-04', minimum);
    expect(none).toMatchObject({ baseCents: 0, feeCents: 5_000 });
    expect(feeRule({ month: '2031-04', ...none })).toBe(
      'minimum fee 50.00 (no income collected in April 2031)',
    );
    const little = monthFee([cash('2031-04', 30_000)], '2031-04', minimum);
    expect(little).toMatchObject({ baseCents: 30_000, feeCents: 5_000 });
    expect(feeRule({ month: '2031-04', ...little })).toBe(
      'minimum fee 50.00 (10% of income collected 300.00 is 30.00)',
    );
    expect(monthFee([cash('2031-04', 100_000)], '2031-04', minimum).feeCents).toBe(10_000);
  });

  it('words a fee charged before its month’s income was kept by its base alone', () => {
    expect(feeRule({ month: '2031-04', percent: 8, baseCents: 120_000, feeCents: 9_600 })).toBe(
      '8% of income collected 1,200.00',
    );
  });

  it('keeps the reserve of the closing balance, never more than there is', () => {
    expect(reserveHeld(80_000, 50_000)).toEqual({ heldCents: 50_000, availableCents: 30_000 });
    expect(reserveHeld(20_000, 50_000)).toEqual({ heldCents: 20_000, availableCents: 0 });
    expect(reserveHeld(-5_000, 50_000)).toEqual({ heldCents: 0, availableCents: -5_000 });
  });

  it('opens a month with the deposits and tax held before it', () => {
    const rows: AccountRow[] = [
      {
        kind: 'cash',
        month: '2031-03',
        balanceCents: 0,
        feeBaseCents: 0,
        depositCents: 145_000,
        taxCents: 700,
      },
      {
        kind: 'cash',
        month: '2031-04',
        balanceCents: 0,
        feeBaseCents: 0,
        depositCents: -45_000,
        taxCents: 100,
      },
    ];
    expect(openingHeldCents(rows, '2031-04')).toEqual({ depositCents: 145_000, taxCents: 700 });
    expect(openingHeldCents(rows, '2031-05')).toEqual({ depositCents: 100_000, taxCents: 800 });
  });
});

const entry = (over: Partial<StatementEntry> & Pick<StatementEntry, 'lines'>): StatementEntry => ({
  entryId: 1,
  kind: 'paymentReceived',
  date: '2031-05-05',
  documentType: 'invoice',
  documentId: 1,
  propertyId: 2001,
  ...over,
});

const HEAD = {
  month: '2031-05',
  dateFrom: '2031-05-01',
  dateTo: '2031-05-31',
  statementDate: '2031-06-03',
  landlord: 2,
  landlordName: 'Lou Landlord',
  landlordAddress: '',
};

const property = (propertyId: number, isArchived: 0 | 1 = 0) => ({
  propertyId,
  propertyName: `Property ${propertyId}`,
  type: 'vr',
  isArchived,
});

const month = (over: Partial<PropertyMonth> & Pick<PropertyMonth, 'property'>): PropertyMonth => ({
  feePercent: 10,
  feeCharged: true,
  openingBalanceCents: 0,
  entries: [],
  ...over,
});

describe('the owner statement', () => {
  const facts: Record<string, DocumentFacts> = {
    'invoice#1': { documentKind: 'RENT', firstLine: 'Rent May 2031', party: 'Tom Tenant' },
    'expense#2': { documentKind: 'SERVICE', firstLine: 'Fix leaking tap', party: 'Ace Plumbing' },
    'invoice#3': {
      documentKind: 'OWNER',
      firstLine: 'Management fee May 2031: 10% of 1,450.00',
      party: 'Lou Landlord',
    },
    'expense#4': { documentKind: 'OWNER', firstLine: 'Owner distribution', party: 'Lou Landlord' },
    'invoice#5': { documentKind: 'RENT', firstLine: '', party: '' },
  };
  const factsOf = (e: StatementEntry) => facts[`${e.documentType}#${e.documentId}`];

  it('lists each line by date with what it was and who, and balances per property and in total', () => {
    const entries = [
      entry({ entryId: 6, date: '2031-05-31', documentId: 3, lines: invoicePosting(14_500) }),
      entry({ entryId: 1, date: '2031-05-01', kind: 'invoicePosted', lines: invoicePosting(145_000) }),
      entry({ entryId: 2, date: '2031-05-02', lines: invoiceCash(145_000), paymentId: 70 }),
      entry({
        entryId: 3,
        date: '2031-05-10',
        documentType: 'expense',
        documentId: 2,
        lines: expenseCash(19_663),
      }),
      entry({
        entryId: 4,
        date: '2031-05-20',
        documentType: 'expense',
        documentId: 4,
        lines: expenseCash(100_000),
      }),
      entry({ entryId: 5, date: '2031-05-21', documentId: 5, lines: invoiceCash(-1_000) }),
    ];
    const statement = ownerStatement(
      HEAD,
      [
        month({ property: property(2001), openingBalanceCents: 50_000, entries }),
        month({ property: property(11), feeCharged: false }),
        month({ property: property(2004, 1) }),
      ],
      factsOf,
    );
    expect(statement.items.map((r) => r.propertyId)).toEqual([11, 2001]);
    const [empty, beach] = statement.items;
    expect(empty).toMatchObject({ openingBalance: 0, closingBalance: 0, feeCharged: false, lines: [] });
    expect(beach).toMatchObject({
      managementFeePercent: 10,
      openingBalance: 500,
      income: 1_440,
      expenses: 196.63,
      managementFee: 145,
      payouts: 1_000,
      closingBalance: 598.37,
      net: 1_243.37,
      transactions: 4,
    });
    expect(beach?.lines.map((l) => [l.date, l.category, l.description, l.party, l.amount])).toEqual([
      ['2031-05-02', 'income', 'Rent May 2031 (rent invoice 1)', 'Tom Tenant', 1_450],
      ['2031-05-10', 'expense', 'Fix leaking tap (service expense 2)', 'Ace Plumbing', 196.63],
      ['2031-05-20', 'payout', 'Owner distribution (owner expense 4)', 'Lou Landlord', 1_000],
      ['2031-05-21', 'income', 'Refund: Rent invoice 5', '', -10],
      [
        '2031-05-31',
        'fee',
        'Management fee May 2031: 10% of 1,450.00 (owner invoice 3)',
        'Lou Landlord',
        145,
      ],
    ]);
    expect(beach?.lines[0]).toMatchObject({ documentType: 'invoice', documentId: 1, paymentId: 70 });
    expect(statement.totals).toMatchObject({
      openingBalance: 500,
      income: 1_440,
      expenses: 196.63,
      managementFee: 145,
      payouts: 1_000,
      closingBalance: 598.37,
      net: 1_243.37,
    });
  });

  it('keeps an archived property with a balance; sorts an entry by the kind it was written with', () => {
    const renamed = entry({ documentId: 1, documentKind: 'OWNER', lines: invoicePosting(1_000) });
    const statement = ownerStatement(
      HEAD,
      [month({ property: property(2004, 1), openingBalanceCents: 1, entries: [renamed] })],
      factsOf,
    );
    // The document is RENT now, but the entry was an OWNER charge when it was written: it stays one.
    expect(statement.items[0]).toMatchObject({ propertyId: 2004, managementFee: 10, closingBalance: -9.99 });
  });

  it('shows deposits and tax in their own sections, the fee line’s base and rule, the reserve and what is open', () => {
    const heldFacts: Record<string, DocumentFacts> = {
      'invoice#20': { documentKind: 'DEPOSIT', firstLine: 'Security deposit', party: 'Tom Tenant' },
      'invoice#21': { documentKind: 'BOOKING', firstLine: '3 nights', party: 'Rita Guest' },
      'invoice#22': { documentKind: 'OWNER', firstLine: 'Management fee May 2031', party: 'Lou Landlord' },
    };
    const entries = [
      entry({
        entryId: 1,
        documentId: 20,
        documentKind: 'DEPOSIT',
        lines: invoiceCash(145_000),
        depositCents: 145_000,
      }),
      entry({
        entryId: 2,
        documentId: 20,
        documentKind: 'DEPOSIT',
        lines: invoiceCash(-45_000),
        depositCents: -45_000,
      }),
      entry({
        entryId: 3,
        documentId: 21,
        documentKind: 'BOOKING',
        lines: invoiceCash(66_420),
        taxShareCents: 4_920,
      }),
      entry({
        entryId: 4,
        date: '2031-05-31',
        documentId: 22,
        documentKind: 'OWNER',
        lines: invoicePosting(6_150),
      }),
    ];
    const feeRow = {
      kind: 'fee' as const,
      month: '2031-05',
      baseCents: 61_500,
      feeCents: 6_150,
      percent: 10,
      monthIncomeCents: 61_500,
      minimumCents: 0,
      invoiceId: 22,
    };
    const statement = ownerStatement(
      HEAD,
      [
        month({
          property: property(2001),
          entries,
          feeRows: [feeRow],
          openingHeld: { depositCents: 10_000, taxCents: 300 },
          reserveCents: 20_000,
          unpaidBills: [
            {
              documentType: 'expense',
              documentId: 3,
              date: '2031-05-29',
              dueDate: '2031-06-28',
              description: 'Pool service (service expense 3)',
              party: 'Blue Pools',
              dueCents: 9_000,
            },
          ],
        }),
      ],
      (e) => heldFacts[`${e.documentType}#${e.documentId}`],
    );
    const [row] = statement.items;
    expect(row).toMatchObject({
      income: 615,
      managementFee: 61.5,
      closingBalance: 553.5,
      managementFeeBase: 615,
      managementFeeRule: '10% of income collected 615.00',
      deposits: { openingHeld: 100, received: 1_450, applied: 0, returned: 450, heldAtMonthEnd: 1_100 },
      occupancyTax: { openingHeld: 3, collected: 49.2, remitted: 0, heldAtMonthEnd: 52.2 },
      reserve: 200,
      reserveHeld: 200,
      availableForPayout: 353.5,
      unpaidBills: { total: 90, items: [{ documentId: 3, amountDue: 90, party: 'Blue Pools' }] },
      unpaidRent: { total: 0, items: [] },
    });
    expect(row?.lines.map((l) => l.category)).toEqual(['income', 'fee']);
    expect(row?.lines[1]).toMatchObject({ base: 615, rule: '10% of income collected 615.00' });
    expect(row?.deposits.lines.map((l) => [l.movement, l.amount, l.description])).toEqual([
      ['received', 1_450, 'Security deposit (security deposit invoice 20)'],
      ['returned', -450, 'Returned: Security deposit (security deposit invoice 20)'],
    ]);
    expect(row?.occupancyTax.lines.map((l) => [l.movement, l.amount, l.description])).toEqual([
      ['collected', 49.2, 'Tax on 3 nights (booking invoice 21)'],
    ]);
    expect(statement.totals).toMatchObject({
      deposits: { heldAtMonthEnd: 1_100 },
      occupancyTax: { heldAtMonthEnd: 52.2 },
      reserveHeld: 200,
      availableForPayout: 353.5,
      unpaidBills: 90,
      unpaidRent: 0,
    });
  });

  it('words negative lines by what they are', () => {
    const doc = { documentType: 'expense' as const, documentId: 8 };
    expect(lineDescription('expense', -250, doc, 'SERVICE', { firstLine: 'Repair' })).toBe(
      'Refunded to us: Repair (service expense 8)',
    );
    expect(
      lineDescription('payout', -100, { ...doc, documentType: 'invoice' }, 'OWNER', { firstLine: '' }),
    ).toBe('From the owner: Owner invoice 8');
    expect(lineDescription('fee', -100, doc, 'OWNER', { firstLine: 'Fee' })).toBe(
      'Reversed: Fee (owner expense 8)',
    );
  });

  it('names a rent cycle invoice by its month and kind, whatever its first line says', () => {
    const doc = { documentType: 'invoice' as const, documentId: 14 };
    const lateFee = {
      title: 'Late fee for May 2031, first day (9 May)',
      kindWords: 'late fee',
      firstLine: 'A line staff typed',
    };
    expect(lineDescription('income', 7_500, doc, 'ADJUSTMENT', lateFee)).toBe(
      'Late fee for May 2031, first day (9 May) (late fee invoice 14)',
    );
    expect(lineDescription('income', 5_000, doc, 'DEPOSIT', { firstLine: 'Deposit' })).toBe(
      'Deposit (security deposit invoice 14)',
    );
  });
});

/** A random money event of a property in a month: any document kind, any sign. */
const event = fc.record({
  propertyId: fc.constantFrom(1, 2, 3),
  month: fc.integer({ min: 0, max: 5 }),
  day: fc.integer({ min: 1, max: 28 }),
  documentType: fc.constantFrom('invoice' as const, 'expense' as const),
  documentKind: fc.constantFrom('RENT', 'BOOKING', 'DEPOSIT', 'SERVICE', 'OWNER'),
  cash: fc.boolean(),
  cents: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((c) => c !== 0),
  taxPerMille: fc.integer({ min: 0, max: 200 }),
});

const monthName = (i: number) => `2031-${String(i + 1).padStart(2, '0')}`;

describe('the owner statement, any month of any entries', () => {
  it('opening + income − expenses − fee − payouts = closing per property and in total; each month opens where the last closed', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 80 }), (events) => {
        const entries: StatementEntry[] = events.map((e, i) => ({
          entryId: i + 1,
          kind: 'any',
          date: `${monthName(e.month)}-${String(e.day).padStart(2, '0')}`,
          documentType: e.documentType,
          documentId: i + 1,
          propertyId: e.propertyId,
          documentKind: e.documentKind,
          lines: e.cash
            ? e.documentType === 'invoice'
              ? invoiceCash(e.cents)
              : expenseCash(e.cents)
            : e.documentType === 'invoice'
              ? invoicePosting(e.cents)
              : expensePosting(e.cents),
          // A stay's or a rent's cash carries the tax in it (a share of the cash, signed like it).
          ...(e.cash && e.documentType === 'invoice' && e.documentKind !== 'OWNER'
            ? { taxShareCents: Math.trunc((e.cents * e.taxPerMille) / 1_000) }
            : {}),
        }));
        // The account's rows, as the repository keeps them: each entry's effect in its month (cash entries with
        // what they hold apart: a deposit's cash, the tax of an invoice's).
        const rowsOf = (propertyId: number): AccountRow[] =>
          entries.flatMap((e): AccountRow[] => {
            const x =
              e.propertyId === propertyId ? ownerEffect({ ...e, documentKind: e.documentKind ?? '' }) : null;
            if (!x) return [];
            const month = e.date.slice(0, 7);
            return x.movesCash
              ? [
                  {
                    kind: 'cash',
                    month,
                    balanceCents: x.balanceCents,
                    feeBaseCents: x.feeBaseCents,
                    depositCents: x.depositCents,
                    taxCents: x.taxCents,
                  },
                ]
              : [{ kind: 'charge', month, balanceCents: x.balanceCents }];
          });
        let previousHeld: Map<number, [number, number]> | undefined;
        let previousClosing: Map<number, number> | undefined;
        for (let m = 0; m < 6; m++) {
          const name = monthName(m);
          const statement = ownerStatement(
            { ...HEAD, month: name },
            [1, 2, 3].map((id) =>
              month({
                property: property(id),
                openingBalanceCents: openingBalanceCents(rowsOf(id), name),
                openingHeld: openingHeldCents(rowsOf(id), name),
                entries: entries.filter((e) => e.propertyId === id && e.date.startsWith(name)),
              }),
            ),
            () => undefined,
          );
          const cents = (n: number) => BigInt(Math.round(n * 100));
          let opening = 0n;
          let closing = 0n;
          for (const row of statement.items) {
            const expected =
              cents(row.openingBalance) +
              cents(row.income) -
              cents(row.expenses) -
              cents(row.managementFee) -
              cents(row.payouts);
            expect(cents(row.closingBalance)).toBe(expected);
            if (previousClosing) expect(row.openingBalance).toBe(previousClosing.get(row.propertyId));
            // What is held apart carries over like the balance, and adds up from its lines.
            if (previousHeld)
              expect([row.deposits.openingHeld, row.occupancyTax.openingHeld]).toEqual(
                previousHeld.get(row.propertyId),
              );
            const held = (lines: { amount: number }[]) => lines.reduce((t, l) => t + cents(l.amount), 0n);
            expect(cents(row.deposits.heldAtMonthEnd)).toBe(
              cents(row.deposits.openingHeld) + held(row.deposits.lines),
            );
            expect(cents(row.occupancyTax.heldAtMonthEnd)).toBe(
              cents(row.occupancyTax.openingHeld) + held(row.occupancyTax.lines),
            );
            opening += cents(row.openingBalance);
            closing += cents(row.closingBalance);
            // Each line counts once in its category's figure.
            const sum = (category: string) =>
              row.lines.filter((l) => l.category === category).reduce((t, l) => t + cents(l.amount), 0n);
            expect([sum('income'), sum('expense'), sum('fee'), sum('payout')]).toEqual([
              cents(row.income),
              cents(row.expenses),
              cents(row.managementFee),
              cents(row.payouts),
            ]);
          }
          const t = statement.totals;
          expect(cents(t.openingBalance)).toBe(opening);
          expect(cents(t.closingBalance)).toBe(closing);
          expect(cents(t.closingBalance)).toBe(
            cents(t.openingBalance) +
              cents(t.income) -
              cents(t.expenses) -
              cents(t.managementFee) -
              cents(t.payouts),
          );
          previousClosing = new Map(statement.items.map((r) => [r.propertyId, r.closingBalance]));
          previousHeld = new Map(
            statement.items.map((r) => [
              r.propertyId,
              [r.deposits.heldAtMonthEnd, r.occupancyTax.heldAtMonthEnd] as [number, number],
            ]),
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});
