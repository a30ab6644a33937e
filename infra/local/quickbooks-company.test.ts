import { describe, expect, it } from 'vitest';
import { QuickBooksCompany } from './quickbooks-company.js';
import { Refused } from './quickbooks-entities.js';
import { parseQuery } from './quickbooks-query.js';

const now = new Date('2027-03-01T10:00:00Z');

/** A company with an income account, a service item and a customer. */
function company() {
  const books = new QuickBooksCompany('realm-1');
  const account = books.create('Account', { Name: 'Rental Income', AccountType: 'Income' }, now);
  const item = books.create(
    'Item',
    { Name: 'Rent', Type: 'Service', IncomeAccountRef: { value: account.Id } },
    now,
  );
  const customer = books.create('Customer', { DisplayName: 'Ann Lee (tenant 1)' }, now);
  return { books, account, item, customer };
}

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof Refused) return error.fault.code;
    throw error;
  }
  return 'none';
};

const line = (itemId: string, Amount: number, detail: Record<string, unknown> = {}) => ({
  DetailType: 'SalesItemLineDetail',
  Amount,
  SalesItemLineDetail: { ItemRef: { value: itemId }, ...detail },
});

describe('the stand-in company', () => {
  it('totals an invoice, adds the subtotal line, and lowers its balance by the payments linked to it', () => {
    const { books, item, customer } = company();
    const invoice = books.create(
      'Invoice',
      {
        CustomerRef: { value: customer.Id },
        Line: [line(item.Id, 100, { Qty: 2, UnitPrice: 50 }), line(item.Id, 0.5)],
      },
      now,
    );
    expect(invoice).toMatchObject({ TotalAmt: 100.5, Balance: 100.5, SyncToken: '0' });
    expect((invoice.Line as { DetailType: string }[]).at(-1)?.DetailType).toBe('SubTotalLineDetail');
    books.create(
      'Payment',
      {
        CustomerRef: { value: customer.Id },
        TotalAmt: 40,
        Line: [{ Amount: 40, LinkedTxn: [{ TxnId: invoice.Id, TxnType: 'Invoice' }] }],
      },
      now,
    );
    expect(books.read('Invoice', invoice.Id).Balance).toBe(60.5);
  });

  it('refuses as QuickBooks does: unknown field, missing field, bad reference, taken name, wrong amount, stale token', () => {
    const { books, item, customer } = company();
    const invoice = (extra: Record<string, unknown>) =>
      books.create(
        'Invoice',
        { CustomerRef: { value: customer.Id }, Line: [line(item.Id, 10)], ...extra },
        now,
      );
    expect(codeOf(() => invoice({ Colour: 'blue' }))).toBe('2010');
    expect(codeOf(() => books.create('Invoice', { CustomerRef: { value: customer.Id } }, now))).toBe('2020');
    expect(codeOf(() => invoice({ CustomerRef: { value: '999' } }))).toBe('2500');
    expect(codeOf(() => books.create('Vendor', { DisplayName: 'ann lee (tenant 1)' }, now))).toBe('6240');
    expect(codeOf(() => invoice({ Line: [line(item.Id, 10, { Qty: 3, UnitPrice: 3 })] }))).toBe('6070');
    const made = invoice({});
    const sparse = { Id: made.Id, SyncToken: '0', sparse: true, DueDate: '2027-04-01' };
    expect(books.update('Invoice', sparse, now)).toMatchObject({
      SyncToken: '1',
      DueDate: '2027-04-01',
      TotalAmt: 10,
    });
    expect(codeOf(() => books.update('Invoice', sparse, now))).toBe('5010');
    expect(codeOf(() => books.update('Invoice', { ...sparse, Id: '999' }, now))).toBe('610');
  });

  it('refuses a document it was told to refuse until told otherwise', () => {
    const { books, item, customer } = company();
    books.refuse({ entity: 'Invoice', docNumber: '41', message: 'The books are closed' });
    const body = { DocNumber: '41', CustomerRef: { value: customer.Id }, Line: [line(item.Id, 10)] };
    expect(codeOf(() => books.create('Invoice', body, now))).toBe('6000');
    expect(books.clearRefusals()).toBe(1);
    expect(books.create('Invoice', body, now).DocNumber).toBe('41');
  });

  it('voids an invoice (amounts zeroed, kept) and deletes a bill', () => {
    const { books, item, customer } = company();
    const invoice = books.create(
      'Invoice',
      { CustomerRef: { value: customer.Id }, Line: [line(item.Id, 10)] },
      now,
    );
    expect(books.void('Invoice', { Id: invoice.Id, SyncToken: '0' }, now)).toMatchObject({
      TotalAmt: 0,
      Balance: 0,
      SyncToken: '1',
    });
    const vendor = books.create('Vendor', { DisplayName: 'Payee (payee x)' }, now);
    const expense = books.create('Account', { Name: 'Cleaning', AccountType: 'Expense' }, now);
    const bill = books.create(
      'Bill',
      {
        VendorRef: { value: vendor.Id },
        Line: [
          {
            DetailType: 'AccountBasedExpenseLineDetail',
            Amount: 5,
            AccountBasedExpenseLineDetail: { AccountRef: { value: expense.Id } },
          },
        ],
      },
      now,
    );
    expect(books.delete('Bill', { Id: bill.Id, SyncToken: '0' })).toEqual({
      Id: bill.Id,
      status: 'Deleted',
      domain: 'QBO',
    });
    expect(books.list('Bill')).toEqual([]);
  });

  it('answers the selects the sync makes', () => {
    const { books } = company();
    const select = (text: string) => {
      const parsed = parseQuery(text);
      if (!parsed) throw new Error(`not parsed: ${text}`);
      return books.query(parsed).entities.map((e) => e.Id);
    };
    expect(select("select * from Customer where DisplayName like '%(tenant 1)'")).toHaveLength(1);
    expect(select("select * from Item where Name = 'rent'")).toHaveLength(1);
    expect(select("select * from Item where Name = 'Rent\\'s'")).toEqual([]);
    expect(parseQuery("select * from Item where Name = 'x' maxresults 10")).toMatchObject({ maxResults: 10 });
    expect(parseQuery('delete from Item')).toBeUndefined();
  });
});
