/**
 * The payment link (DESIGN.md "The payment link"; docs/payments.md): payment-create-intent.php acts only for the
 * invoice's tenant session or with the invoice's token, and tells anyone else exactly what it tells about an
 * invoice that does not exist, whatever the invoice's state; the token comes with the booking (and the admin
 * single invoice) and stops working once the invoice is paid or closed.
 */
import { describe, expect, it } from 'vitest';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createTenant, createVrProperty, tenantSession } from './support/builders.js';
import { type ApiResponse, Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import {
  INTENT_PATH,
  invoicePartition,
  journalImbalance,
  paymentPage,
  useFakeStripe,
} from './support/payments.js';

await useFakeStripe();
const admin = await signedIn('super');
useLocalTable();
const { readHeader } = await import('../shared/data/money-documents-repo.js');
const { staffPaymentUrl } = await import('../shared/workflows/money-document/pay-link.js');

/** The create-intent call of a payment page, with exactly the body given (no token added). */
async function intent(body: Record<string, unknown>, client?: Client): Promise<ApiResponse> {
  const page = await paymentPage();
  const from = client ?? page.client;
  if (client) {
    const csrf = await client.get<{ payment_csrf: string }>('/API/payment-csrf.php');
    return client.post(INTENT_PATH, { ...body, payment_csrf: csrf.body.payment_csrf });
  }
  return from.post(INTENT_PATH, { ...body, payment_csrf: page.token });
}

async function booking(client = new Client()) {
  const propertyId = await createVrProperty({ propertyRate: '150' });
  const res = await guestBook(guestBody(propertyId, siteDay(25), siteDay(27)), client);
  expect(res.status, res.text).toBe(200);
  const body = res.body as {
    invoiceId: number;
    paymentUrl: string;
    reservationId: number;
    quote: { total: number };
  };
  const token = new URL(body.paymentUrl).searchParams.get('token') as string;
  return { ...body, token };
}

/** The detail with the invoice's id taken out: what tells one invoice from another. */
const detailOf = (res: ApiResponse, invoiceId: number) =>
  String(problem(res).detail).replace(String(invoiceId), '<id>');

describe('who may create an invoice’s PaymentIntent', () => {
  it('anyone without the token or the tenant’s session gets the same 400 as for a missing invoice, whatever its state', async () => {
    const missing = await intent({ invoiceId: 1_999_999_999 });
    expect(missing.status).toBe(400);
    const expected = detailOf(missing, 1_999_999_999);
    const unpaid = await booking();
    const paid = await booking();
    expect(
      (
        await admin.post(`/API/adminPayments/V1/invoices/${paid.invoiceId}/payments.json`, {
          amount: paid.quote.total,
          method: 'cash',
          date: siteDay(0),
        })
      ).status,
    ).toBe(201);
    const draft = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(10),
      tenantId: 1,
      status: 9,
      lineItems: [{ description: 'Work', amount: 40, quantity: 1 }],
    });
    const draftId = (draft.body as { invoiceId: number }).invoiceId;
    for (const [what, id, extra] of [
      ['unpaid, no token', unpaid.invoiceId, {}],
      ['unpaid, a wrong token', unpaid.invoiceId, { token: 'x'.repeat(43) }],
      ['unpaid, another invoice’s token', unpaid.invoiceId, { token: paid.token }],
      ['unpaid, its tenant named in the body', unpaid.invoiceId, { tenantId: 1 }],
      ['paid', paid.invoiceId, {}],
      ['a draft', draftId, { amnt: '40.00' }],
    ] as const) {
      const res = await intent({ invoiceId: id, ...extra });
      expect(res.status, what).toBe(400);
      expect(detailOf(res, id), what).toBe(expected);
    }
  });

  it('the link’s token pays: the booking’s paymentUrl answers the intent of the amount due', async () => {
    const booked = await booking();
    const res = await intent({ invoiceId: booked.invoiceId, token: booked.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ amount: booked.quote.total });
  });

  it('the invoice’s tenant pays with the session alone; another tenant’s session is told nothing', async () => {
    const owner = await createTenant({ isActive: 1 });
    const other = await createTenant({ isActive: 1 });
    const ownerClient = await tenantSession({ email: owner.tenantEmail, password: owner.password });
    const otherClient = await tenantSession({ email: other.tenantEmail, password: other.password });
    const booked = await booking(ownerClient);
    const mine = await intent({ invoiceId: booked.invoiceId }, ownerClient);
    expect(mine.status, mine.text).toBe(200);
    const theirs = await intent({ invoiceId: booked.invoiceId }, otherClient);
    expect(theirs.status).toBe(400);
    expect(problem(theirs).detail).toContain('no such invoice');
  });

  it('staff see the link on the single invoice while something is due; paid, the link stops paying and says when it was paid', async () => {
    const booked = await booking();
    const single = await admin.get<{ paymentUrl: string | null }>(
      `/API/adminInvoices/V1/invoices/${booked.invoiceId}.json`,
    );
    expect(single.body.paymentUrl).toBe(booked.paymentUrl);
    const made = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(10),
      tenantId: 1,
      lineItems: [{ description: 'Repair', amount: 80, quantity: 1 }],
    });
    const madeId = (made.body as { invoiceId: number }).invoiceId;
    const link = (await admin.get<{ paymentUrl: string }>(`/API/adminInvoices/V1/invoices/${madeId}.json`))
      .body.paymentUrl;
    expect(link).toMatch(new RegExp(`invoiceId=${madeId}&token=[\\w-]{43}$`));
    // The same link on every read (the token is kept), until the invoice is paid.
    expect(
      (await admin.get<{ paymentUrl: string }>(`/API/adminInvoices/V1/invoices/${madeId}.json`)).body
        .paymentUrl,
    ).toBe(link);
    const token = new URL(link).searchParams.get('token');
    expect((await intent({ invoiceId: madeId, token })).status).toBe(200);
    expect(
      (
        await admin.post(`/API/adminPayments/V1/invoices/${madeId}/payments.json`, {
          amount: 80,
          method: 'check',
          date: siteDay(0),
        })
      ).status,
    ).toBe(201);
    expect(
      (await admin.get<{ paymentUrl: string | null }>(`/API/adminInvoices/V1/invoices/${madeId}.json`)).body
        .paymentUrl,
    ).toBeNull();
    // Its holder is told the invoice is paid and on which day (the receipt's), never "no such invoice".
    const after = await intent({ invoiceId: madeId, token });
    expect(after.status).toBe(400);
    expect(problem(after).detail).toBe(`Invoice ${madeId} cannot be paid: it was paid on ${siteDay(0)}`);
    expect(after.body.paidOn).toBe(siteDay(0));
    // A stranger learns nothing of it.
    const stranger = await intent({ invoiceId: madeId, token: 'x'.repeat(43) });
    expect(problem(stranger).detail).toContain('no such invoice');
    expect(stranger.body.paidOn).toBeUndefined();

    // Refunded in full: not paid any more, so the link says nothing of it either.
    const refund = await admin.post(`/API/adminPayments/V1/invoices/${madeId}/payments.json`, {
      amount: -80,
      method: 'check',
      date: siteDay(0),
    });
    expect(refund.status, refund.text).toBe(201);
    const refunded = await intent({ invoiceId: madeId, token });
    expect(problem(refunded).detail).toContain('no such invoice');
    // The books stay whole: each entry balances, and paid is the payments less the refund.
    const { header, payments, journal } = await invoicePartition(madeId);
    expect(journalImbalance(journal)).toBe(0);
    expect(payments.map((p) => p.amountCents)).toEqual([8_000, -8_000]);
    expect(header).toMatchObject({ paidCents: 0, status: 2 });
  });

  it('a link asked for from an invoice read just before a payment settled it is none: the used-up token keeps saying when it was paid', async () => {
    const made = await admin.post<{ invoiceId: number }>('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(10),
      tenantId: 1,
      lineItems: [{ description: 'Gutters', amount: 60, quantity: 1 }],
    });
    const invoiceId = made.body.invoiceId;
    const link = (await admin.get<{ paymentUrl: string }>(`/API/adminInvoices/V1/invoices/${invoiceId}.json`))
      .body.paymentUrl;
    const token = new URL(link).searchParams.get('token');
    // A mail composer (or a staff read) has the invoice in hand, still unpaid ...
    const stale = (await readHeader('invoice', invoiceId))?.record;
    if (!stale) throw new Error(`no invoice ${invoiceId}`);
    // ... when a payment settles it in full.
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: 60,
      method: 'check',
      date: siteDay(0),
    });
    expect(paid.status, paid.text).toBe(201);
    expect(await staffPaymentUrl(stale, new Date())).toBeNull();
    const after = await intent({ invoiceId, token });
    expect(after.status).toBe(400);
    expect(after.body.paidOn).toBe(siteDay(0));
  });
});
