/**
 * The QuickBooks Online sync end to end (DESIGN.md "Accounting sync (QuickBooks Online)"; docs/accounting.md),
 * over HTTP against the local runtime's stand-ins: the company connected through the stand-in provider, then a
 * guest booking paid by card, a lease's rent charged by autopay, a refund, and an expense with its payment. The
 * stand-in's company then holds one Customer per tenant, each invoice with its lines and total to the cent,
 * each payment linked to its invoice, the refund and the bill — and nothing twice after the change records are
 * delivered again and two sync jobs run at once.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  books,
  CONNECTION,
  connectAccounting,
  entitiesOf,
  type QboEntity,
  SYNC,
  syncSettled,
} from './support/accounting.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createLtrProperty, createTenant, createVrProperty, signedInTenant } from './support/builders.js';
import { type Client, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp, runJob } from './support/jobs.js';
import { autopayOn, createIntent, useFakeStripe } from './support/payments.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { handler: accountingChanges } = await import('../functions/accounting/change-consumer.js');
const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');

const stripe = await useFakeStripe();
let admin: Client;

interface InvoiceView {
  invoiceId: number;
  tenantId: number;
  description: string;
  totalComputed: number;
  amountDue: number;
  lineItems: { description: string; amount: number; quantity: number }[];
}

const invoice = async (id: number) =>
  (await admin.get<InvoiceView>(`/API/adminInvoices/V1/invoices/${id}.json`)).body;

/** The records of each kind the test made, found in the company afterwards. */
const made = { invoices: [] as number[], tenants: [] as number[], expenseId: 0, refundCents: 2_500 };

beforeAll(async () => {
  admin = await signedIn('super');
  await connectAccounting(admin);
});

/** A guest books a stay and pays it by card through the payment link (the Stripe stand-in's webhook settles it). */
async function paidBooking() {
  const propertyId = await createVrProperty({ propertyRate: '123.45' });
  const res = await guestBook(guestBody(propertyId, siteDay(40), siteDay(43)));
  expect(res.status, res.text).toBe(200);
  const booked = res.body as { invoiceId: number; paymentUrl: string };
  const token = new URL(booked.paymentUrl).searchParams.get('token') as string;
  const intent = await createIntent({ invoiceId: booked.invoiceId, token });
  expect(intent.status, intent.text).toBe(200);
  const paid = await fetch(`${stripe.url}/v1/payment_intents/${intent.body.paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      // As Stripe.js confirms: the publishable key with the client secret.
      key: 'pk_test_local_stand_in',
      client_secret: String(intent.body.clientSecret),
      payment_method: 'pm_card_visa',
    }),
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return booked.invoiceId;
}

/** A tenant with autopay on and a lease whose first rent is due today; the rent run charges it. */
async function autopaidRent() {
  const { tenant, client } = await signedInTenant();
  await autopayOn(stripe, client);
  const propertyId = await createLtrProperty({ propertyRate: '987.65', propertyDeposit: '500' });
  const today = siteDay(0);
  const lease = await admin.post('/API/adminLeases/V1/leases.json', {
    tenantId: tenant.tenantId,
    propertyId,
    startDate: today,
    dueDay: Math.min(28, Number(today.slice(8, 10))),
    issueDaysBefore: 0,
  });
  expect(lease.status, lease.text).toBe(201);
  const run = await admin.post<{ autopay: { invoiceId: number; outcome: string }[] }>(
    '/API/adminLeases/V1/rentRun.json',
    { date: today },
  );
  expect(run.status, run.text).toBe(200);
  const [charged] = run.body.autopay;
  expect(charged?.outcome).toBe('succeeded');
  return { tenantId: tenant.tenantId, rentInvoiceId: Number(charged?.invoiceId) };
}

const cents = (amount: unknown) => Math.round(Number(amount) * 100);
const salesLines = (entity: QboEntity) =>
  (entity.Line as { DetailType: string; Amount: number }[]).filter(
    (l) => l.DetailType !== 'SubTotalLineDetail',
  );

describe('the QuickBooks sync, end to end', () => {
  it('pushes customers, invoices to the cent, linked payments, the refund and the bill', async () => {
    const bookingInvoiceId = await paidBooking();
    const rent = await autopaidRent();
    const refund = await admin.post(`/API/adminPayments/V1/invoices/${bookingInvoiceId}/payments.json`, {
      amount: -made.refundCents / 100,
      method: 'card',
      date: siteDay(0),
      reference: 'goodwill',
    });
    expect(refund.status, refund.text).toBe(201);
    const expense = await admin.post('/API/adminExpenses/V1/expenses.json', {
      description: 'HOUSEKEEPING',
      paytoId: 'cleaning-co',
      dueDate: siteDay(14),
      propertyId: 2001,
      lineItems: [
        { description: 'Turnover clean', amount: '45.50', quantity: 2 },
        { description: 'Supplies', amount: 12.25, taxed: 1 },
      ],
      tax: 8,
    });
    expect(expense.status, expense.text).toBe(201);
    made.expenseId = Number((expense.body.expense as { expenseId: number }).expenseId);
    const expensePaid = await admin.post(`/API/adminPayments/V1/expenses/${made.expenseId}/payments.json`, {
      amount: 50,
      method: 'check',
      date: siteDay(0),
    });
    expect(expensePaid.status, expensePaid.text).toBe(201);
    await jobsCaughtUp();

    const connection = await syncSettled(admin);
    expect(connection).toMatchObject({ connected: true, waiting: 0, failed: 0 });

    const ours = await Promise.all([bookingInvoiceId, rent.rentInvoiceId].map((id) => invoice(id)));
    const leaseInvoices = await admin.get<{ items: { invoiceId: number }[] }>(
      '/API/adminInvoices/V1/invoices.json',
      { query: { tenantId: rent.tenantId, limit: 100 } },
    );
    const deposit = leaseInvoices.body.items.map((i) => i.invoiceId).find((id) => id !== rent.rentInvoiceId);
    ours.push(await invoice(Number(deposit)));
    made.invoices = ours.map((i) => i.invoiceId);
    made.tenants = [...new Set(ours.map((i) => i.tenantId))];

    const company = await books();
    const customers = company.Customer ?? [];
    for (const tenantId of made.tenants)
      expect(customers.filter((c) => String(c.DisplayName).endsWith(`(tenant ${tenantId})`))).toHaveLength(1);

    const qboInvoices = company.Invoice ?? [];
    for (const ourInvoice of ours) {
      const there = qboInvoices.filter((i) => i.DocNumber === String(ourInvoice.invoiceId));
      expect(there, `invoice ${ourInvoice.invoiceId}`).toHaveLength(1);
      const qbo = there[0] as QboEntity;
      expect(cents(qbo.TotalAmt), `invoice ${ourInvoice.invoiceId} total`).toBe(
        cents(ourInvoice.totalComputed),
      );
      // One QuickBooks line per line of ours (and the tax line when there is tax), summing to the total.
      expect(salesLines(qbo).length).toBeGreaterThanOrEqual(ourInvoice.lineItems.length);
      expect(salesLines(qbo).reduce((sum, l) => sum + cents(l.Amount), 0)).toBe(
        cents(ourInvoice.totalComputed),
      );
      const customer = customers.find((c) => c.Id === (qbo.CustomerRef as { value: string }).value);
      expect(String(customer?.DisplayName)).toContain(`(tenant ${ourInvoice.tenantId})`);
    }

    // Each card payment (paid in full, once) is a Payment applied to its Invoice, which is paid there too.
    const payments = company.Payment ?? [];
    const linkedTo = (invoiceId: number) => {
      const qboId = qboInvoices.find((i) => i.DocNumber === String(invoiceId))?.Id;
      return payments.filter((p) =>
        (p.Line as { LinkedTxn: { TxnId: string; TxnType: string }[] }[]).some((l) =>
          l.LinkedTxn.some((t) => t.TxnId === qboId && t.TxnType === 'Invoice'),
        ),
      );
    };
    for (const id of [bookingInvoiceId, rent.rentInvoiceId]) {
      expect(linkedTo(id).map((p) => cents(p.TotalAmt))).toEqual([cents((await invoice(id)).totalComputed)]);
      expect(qboInvoices.find((i) => i.DocNumber === String(id))?.Balance).toBe(0);
    }

    // The refund is a RefundReceipt of the booking's customer, for the amount given back.
    const refunds = company.RefundReceipt ?? [];
    expect(refunds).toHaveLength(1);
    expect(cents(refunds[0]?.TotalAmt)).toBe(made.refundCents);
    expect(String(refunds[0]?.PrivateNote)).toContain(`of invoice ${bookingInvoiceId}`);
    // A refund of a paid invoice is money returned, not a new debt, there as here (docs/money.md "What is
    // owed"): what each invoice owes in QuickBooks is what it owes in ours, the refunded booking's 0 included.
    for (const ourInvoice of ours)
      expect(
        cents(qboInvoices.find((i) => i.DocNumber === String(ourInvoice.invoiceId))?.Balance),
        `invoice ${ourInvoice.invoiceId} owes`,
      ).toBe(cents((await invoice(ourInvoice.invoiceId)).amountDue));

    // The expense is a Bill of its payee (a Vendor) with its lines and tax, and its payment a BillPayment.
    const bills = company.Bill ?? [];
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ DocNumber: String(made.expenseId), TotalAmt: 104.23, Balance: 54.23 });
    const vendor = (company.Vendor ?? []).find(
      (v) => v.Id === (bills[0]?.VendorRef as { value: string } | undefined)?.value,
    );
    expect(String(vendor?.DisplayName)).toContain('(payee cleaning-co)');
    expect((company.BillPayment ?? []).map((p) => p.TotalAmt)).toEqual([50]);

    // DEPOSIT money sits in a liability account, not in income.
    const accounts = company.Account ?? [];
    const depositItem = (company.Item ?? []).find((i) => i.Name === 'Security deposit');
    const depositAccount = accounts.find(
      (a) => a.Id === (depositItem?.IncomeAccountRef as { value: string } | undefined)?.value,
    );
    expect(depositAccount?.AccountType).toBe('Other Current Liability');

    // Admins see each record synced with its QuickBooks id.
    const listed = await admin.get<{ items: { recordId: string; status: string; qboId: string }[] }>(SYNC, {
      query: { recordType: 'invoice', limit: 100 },
    });
    for (const id of made.invoices)
      expect(listed.body.items.find((i) => i.recordId === String(id))).toMatchObject({
        status: 'synced',
        qboId: expect.any(String),
      });
  });

  it('sends nothing twice when the change records are delivered again and two sync jobs run at once', async () => {
    const before = await books();
    const { Items = [] } = await rawTable.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'entity = :change',
        ExpressionAttributeValues: { ':change': 'change' },
      }),
    );
    const event: DynamoDBStreamEvent = {
      Records: Items.map((item, i) => ({
        eventID: `again-${i}`,
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: String(i),
          NewImage: marshall(item, { removeUndefinedValues: true }) as never,
        },
      })),
    };
    expect(await accountingChanges(event)).toEqual({ batchItemFailures: [] });
    const waiting = await admin.get<{ waiting: number }>(CONNECTION);
    expect(waiting.body.waiting).toBeGreaterThan(0);

    await Promise.all([runJob('accountingSync'), runJob('accountingSync')]);
    const connection = await syncSettled(admin);
    expect(connection).toMatchObject({ waiting: 0, failed: 0 });
    const after = await books();
    for (const kind of ['Customer', 'Vendor', 'Invoice', 'Payment', 'RefundReceipt', 'Bill', 'BillPayment'])
      expect(
        (after[kind] ?? []).map((e) => [e.Id, e.SyncToken]),
        kind,
      ).toEqual((before[kind] ?? []).map((e) => [e.Id, e.SyncToken]));
    expect(await entitiesOf('Item')).toHaveLength((before.Item ?? []).length);
  });

  it('updates the same Invoice when lines change, voids it when cancelled, and deletes a cancelled expense’s Bill', async () => {
    const tenant = made.tenants[0];
    const created = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(20),
      tenantId: tenant,
      propertyId: 2001,
      lineItems: [{ description: 'Key cutting', amount: '12.00' }],
    });
    expect(created.status, created.text).toBe(201);
    const invoiceId = Number((created.body.invoice as { invoiceId: number }).invoiceId);
    const expense = await admin.post('/API/adminExpenses/V1/expenses.json', {
      description: 'SERVICE',
      paytoId: 'locksmith',
      dueDate: siteDay(20),
      lineItems: [{ description: 'New lock', amount: '80.00' }],
    });
    expect(expense.status, expense.text).toBe(201);
    const expenseId = Number((expense.body.expense as { expenseId: number }).expenseId);
    await jobsCaughtUp();
    await syncSettled(admin);
    const first = (await entitiesOf('Invoice')).find((i) => i.DocNumber === String(invoiceId));
    expect(first).toMatchObject({ TotalAmt: 12, SyncToken: '0' });

    const changed = await admin.put(`/API/adminInvoices/V1/invoices/${invoiceId}.json`, {
      lineItems: [
        { description: 'Key cutting', amount: '12.00', quantity: 3 },
        { description: 'Call-out', amount: '25.00' },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    await jobsCaughtUp();
    await syncSettled(admin);
    const updated = (await entitiesOf('Invoice')).filter((i) => i.DocNumber === String(invoiceId));
    expect(updated).toHaveLength(1);
    const ourTotal = (await invoice(invoiceId)).totalComputed;
    expect(ourTotal).not.toBe(12);
    expect(updated[0]).toMatchObject({ Id: first?.Id, TotalAmt: ourTotal, SyncToken: '1' });

    expect((await admin.delete(`/API/adminInvoices/V1/invoices/${invoiceId}.json`)).status).toBe(200);
    expect((await admin.delete(`/API/adminExpenses/V1/expenses/${expenseId}.json`)).status).toBe(200);
    await jobsCaughtUp();
    expect(await syncSettled(admin)).toMatchObject({ waiting: 0, failed: 0 });
    const voided = (await entitiesOf('Invoice')).find((i) => i.DocNumber === String(invoiceId));
    expect(voided).toMatchObject({ Id: first?.Id, TotalAmt: 0, Balance: 0 });
    expect(String(voided?.PrivateNote)).toMatch(/^Voided/);
    expect((await entitiesOf('Bill')).map((b) => b.DocNumber)).not.toContain(String(expenseId));
    const states = await admin.get<{ items: { recordId: string; status: string; note: string | null }[] }>(
      SYNC,
      { query: { recordType: 'expense', recordId: String(expenseId) } },
    );
    expect(states.body.items).toMatchObject([{ status: 'synced', note: 'deleted' }]);
  });

  it('pushes a tenant and a payee whose names hold a colon and a double quote (QuickBooks refuses both in names)', async () => {
    const tenant = await createTenant({ tenantFirstName: 'Ann "Annie":', tenantLastName: "O'Neil" });
    const created = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(20),
      tenantId: tenant.tenantId,
      lineItems: [{ description: 'Key cutting', amount: '12.00' }],
    });
    expect(created.status, created.text).toBe(201);
    const expense = await admin.post('/API/adminExpenses/V1/expenses.json', {
      description: 'SERVICE',
      paytoId: '"Best": Plumbing',
      dueDate: siteDay(20),
      lineItems: [{ description: 'Tap', amount: '30.00' }],
    });
    expect(expense.status, expense.text).toBe(201);
    await jobsCaughtUp();
    expect(await syncSettled(admin)).toMatchObject({ waiting: 0, failed: 0 });
    const customer = (await entitiesOf('Customer')).find((c) =>
      String(c.DisplayName).endsWith(`(tenant ${tenant.tenantId})`),
    );
    expect(customer?.DisplayName).toBe(`Ann 'Annie'- O'Neil (tenant ${tenant.tenantId})`);
    const vendor = (await entitiesOf('Vendor')).find((v) => String(v.DisplayName).includes('Plumbing'));
    expect(vendor?.DisplayName).toBe("Payee (payee 'Best'- Plumbing)");
  });
});
