/**
 * DESIGN.md "Money inputs" across the groups: wherever money comes in, an amount with more than 2 decimals is a
 * 400 naming the field (never rounded: a late-fee cap of 0.004 is not "no late fees"); a percentage takes at
 * most 3 decimals; a date is within 2000-01-01..2100-12-31 (a month within 2000-01..2100-12). Each case is a
 * request that is valid but for the one value, against the fixture's records (test/fixtures/base.json).
 */
import { describe, expect, it } from 'vitest';
import { BOOKING, guestBody, siteDay, solvedCaptcha } from './support/booking.js';
import { ltrPropertyBody, vrPropertyBody } from './support/builders.js';
import { Client, problem, signedIn, unique } from './support/client.js';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  /** The field the 400 must name. */
  field: string;
  /** Sent without an admin session (public routes). */
  anonymous?: boolean;
}

const day = siteDay;
const code = () => unique('MI').replace(/\W/g, '').toUpperCase();
const lease = { tenantId: 2, propertyId: 12, startDate: day(900) };
const line = (amount: unknown) => [{ description: 'Repair', amount }];

const MONEY: Case[] = [
  {
    name: 'a property’s late penalty of 0.004',
    method: 'POST',
    path: '/API/adminProperties/V1/properties.json',
    body: ltrPropertyBody({ latePenalty: 0.004 }),
    field: 'latePenalty',
  },
  {
    name: 'a nightly rate of 100.001',
    method: 'POST',
    path: '/API/adminProperties/V1/properties.json',
    body: vrPropertyBody({ propertyRate: 100.001 }),
    field: 'propertyRate',
  },
  {
    name: 'a cleaning fee of 1.005',
    method: 'PUT',
    path: '/API/adminProperties/V1/properties/2003.json',
    body: { housekeepingFee: 1.005 },
    field: 'housekeepingFee',
  },
  {
    name: 'a property tax rate with 4 decimals',
    method: 'PUT',
    path: '/API/adminProperties/V1/properties/2003.json',
    body: { taxRate: 7.1234 },
    field: 'taxRate',
  },
  {
    name: 'a lease’s late-fee cap of 0.004',
    method: 'POST',
    path: '/API/adminLeases/V1/leases.json',
    body: { ...lease, lateFee: { maxPerMonth: 0.004 } },
    field: 'lateFee.maxPerMonth',
  },
  {
    name: 'a lease rent of 1200.005',
    method: 'POST',
    path: '/API/adminLeases/V1/leases.json',
    body: { ...lease, rent: 1200.005 },
    field: 'rent',
  },
  {
    name: 'a lease’s flat late fee of 5.005',
    method: 'PUT',
    path: '/API/adminLeases/V1/leases/2.json',
    body: { lateFee: { flat: 5.005 } },
    field: 'lateFee.flat',
  },
  {
    name: 'a lease’s daily late fee of 0.001',
    method: 'PUT',
    path: '/API/adminLeases/V1/leases/2.json',
    body: { lateFee: { daily: 0.001 } },
    field: 'lateFee.daily',
  },
  {
    name: 'a late-fee percent with 4 decimals',
    method: 'PUT',
    path: '/API/adminLeases/V1/leases/2.json',
    body: { lateFee: { percent: 1.2345 } },
    field: 'lateFee.percent',
  },
  {
    name: 'an approval’s deposit of 0.001',
    method: 'POST',
    path: '/API/adminApplications/V1/applications/1/decision.json',
    body: { decision: 'approve', lease: { startDate: day(900), deposit: 0.001 } },
    field: 'lease.deposit',
  },
  {
    name: 'a date price of 99.999',
    method: 'PUT',
    path: '/API/adminRates/V1/rates/2003.json',
    body: { dateFrom: day(30), dateTo: day(31), rate: 99.999 },
    field: 'rate',
  },
  {
    name: 'an abs coupon of 10.005',
    method: 'POST',
    path: '/API/adminCoupons/V1/coupons.json',
    body: { couponCode: code(), type: 'abs', value: 10.005 },
    field: 'value',
  },
  {
    name: 'a percent coupon with 4 decimals',
    method: 'POST',
    path: '/API/adminCoupons/V1/coupons.json',
    body: { couponCode: code(), type: 'percent', value: '12.3456' },
    field: 'value',
  },
  {
    name: 'a reservation total of 10.005',
    method: 'POST',
    path: '/API/adminReservations/V1/reservations.json',
    body: {
      propertyId: 2003,
      dateFrom: day(600),
      dateTo: day(602),
      name: 'M I',
      email: 'mi@example.test',
      totalPrice: 10.005,
    },
    field: 'totalPrice',
  },
  {
    name: 'an invoice line of 0.004',
    method: 'POST',
    path: '/API/adminInvoices/V1/invoices.json',
    body: { description: 'SERVICE', dueDate: day(30), tenantId: 1, lineItems: line(0.004) },
    field: 'lineItems.0.amount',
  },
  {
    name: 'an invoice tax rate with 4 decimals',
    method: 'POST',
    path: '/API/adminInvoices/V1/invoices.json',
    body: { description: 'SERVICE', dueDate: day(30), tenantId: 1, tax: '7.1234' },
    field: 'tax',
  },
  {
    name: 'an expense line of "-3.001"',
    method: 'POST',
    path: '/API/adminExpenses/V1/expenses.json',
    body: { description: 'SERVICE', paytoId: 'vendor', dueDate: day(30), lineItems: line('-3.001') },
    field: 'lineItems.0.amount',
  },
  {
    name: 'a recorded payment of 10.005',
    method: 'POST',
    path: '/API/adminPayments/V1/invoices/1/payments.json',
    body: { amount: 10.005, method: 'cash', date: day(0) },
    field: 'amount',
  },
  {
    name: 'a site VR tax rate with 4 decimals',
    method: 'PUT',
    path: '/API/adminSettings/V1/settings.json',
    body: { vrTaxRate: 7.1234 },
    field: 'vrTaxRate',
  },
  {
    name: 'an extra room price of 10.005 in a quote',
    method: 'POST',
    path: `${BOOKING}/quote.json`,
    body: { propertyId: 2001, dateFrom: day(30), dateTo: day(31), extraRooms: [10.005] },
    field: 'extraRooms.0',
    anonymous: true,
  },
];

const YEAR_0 = '0000-01-01';

const DATES: Case[] = [
  {
    name: 'a lease starting in year 0',
    method: 'POST',
    path: '/API/adminLeases/V1/leases.json',
    body: { ...lease, startDate: YEAR_0 },
    field: 'startDate',
  },
  {
    name: 'a lease ending in year 0',
    method: 'PUT',
    path: '/API/adminLeases/V1/leases/2.json',
    body: { endDate: YEAR_0 },
    field: 'endDate',
  },
  {
    name: 'a lease ended on a day of year 0',
    method: 'DELETE',
    path: '/API/adminLeases/V1/leases/2.json',
    query: { endDate: YEAR_0 },
    field: 'endDate',
  },
  {
    name: 'a rent run for a day of year 0',
    method: 'POST',
    path: '/API/adminLeases/V1/rentRun.json',
    body: { date: YEAR_0 },
    field: 'date',
  },
  {
    name: 'a payment dated in year 0',
    method: 'POST',
    path: '/API/adminPayments/V1/invoices/1/payments.json',
    body: { amount: 10, method: 'cash', date: YEAR_0 },
    field: 'date',
  },
  {
    name: 'an invoice due in year 0',
    method: 'POST',
    path: '/API/adminInvoices/V1/invoices.json',
    body: { description: 'SERVICE', dueDate: YEAR_0, tenantId: 1 },
    field: 'dueDate',
  },
  {
    name: 'an invoice list from year 0',
    method: 'GET',
    path: '/API/adminInvoices/V1/invoices.json',
    query: { dateFrom: YEAR_0 },
    field: 'dateFrom',
  },
  {
    name: 'an expense due in 2101',
    method: 'POST',
    path: '/API/adminExpenses/V1/expenses.json',
    body: { description: 'SERVICE', paytoId: 'vendor', dueDate: '2101-01-01' },
    field: 'dueDate',
  },
  {
    name: 'a reservation from year 0',
    method: 'POST',
    path: '/API/adminReservations/V1/reservations.json',
    body: { propertyId: 2003, dateFrom: YEAR_0, dateTo: '0000-01-03', name: 'M I', email: 'mi@example.test' },
    field: 'dateFrom',
  },
  {
    name: 'date prices in 1999',
    method: 'PUT',
    path: '/API/adminRates/V1/rates/2003.json',
    body: { dateFrom: '1999-12-30', dateTo: day(31), rate: 99 },
    field: 'dateFrom',
  },
  {
    name: 'a coupon valid to year 0',
    method: 'POST',
    path: '/API/adminCoupons/V1/coupons.json',
    body: { couponCode: code(), type: 'abs', value: 5, validTo: YEAR_0 },
    field: 'validTo',
  },
  {
    name: 'a property available from year 0',
    method: 'PUT',
    path: '/API/adminProperties/V1/properties/12.json',
    body: { availOn: YEAR_0 },
    field: 'availOn',
  },
  {
    name: 'a housekeeping request in year 0',
    method: 'POST',
    path: '/API/adminHousekeeping/V1/requests.json',
    body: { propertyId: 2003, requestTitle: 'Clean', requestDate: YEAR_0 },
    field: 'requestDate',
  },
  {
    name: 'an income report from year 0',
    method: 'GET',
    path: '/API/adminReports/V1/income.json',
    query: { dateFrom: YEAR_0, dateTo: day(0) },
    field: 'dateFrom',
  },
  {
    name: 'an owner statement of month 0000-01',
    method: 'GET',
    path: '/API/adminReports/V1/ownerStatement.json',
    query: { month: '0000-01', landlord: '2' },
    field: 'month',
  },
  {
    name: 'audit entries from year 0',
    method: 'GET',
    path: '/API/adminAudit/V1/entries.json',
    query: { dateFrom: YEAR_0 },
    field: 'dateFrom',
  },
  {
    name: 'an event starting in year 0',
    method: 'POST',
    path: '/API/adminContent/V1/events.json',
    body: { eventTitle: unique('Event'), eventDateStart: YEAR_0 },
    field: 'eventDateStart',
  },
  {
    name: 'a blog post created in year 0',
    method: 'POST',
    path: '/API/adminContent/V1/blogPosts.json',
    body: { postTitle: unique('Post'), postCategory: 1, dateCreated: YEAR_0 },
    field: 'dateCreated',
  },
  {
    name: 'availability from year 0',
    method: 'GET',
    path: `${BOOKING}/availability/2001.json`,
    query: { dateFrom: YEAR_0, dateTo: '0000-01-03' },
    field: 'dateFrom',
    anonymous: true,
  },
  {
    name: 'a quote in 2101',
    method: 'POST',
    path: `${BOOKING}/quote.json`,
    body: { propertyId: 2001, dateFrom: '2101-01-01', dateTo: '2101-01-03' },
    field: 'dateFrom',
    anonymous: true,
  },
];

async function send(c: Case): Promise<void> {
  const client = c.anonymous ? new Client() : await signedIn('super');
  const res = await client.request(c.method, c.path, {
    ...(c.query ? { query: c.query } : {}),
    ...(c.body !== undefined ? { body: c.body } : {}),
  });
  expect(res.status, `${c.name}: ${res.text}`).toBe(400);
  expect(
    problem(res).errors?.map((e) => e.field),
    c.name,
  ).toContain(c.field);
}

describe('money comes in with at most 2 decimals (percentages 3), never rounded', () => {
  it.each(MONEY.map((c) => [c.name, c] as const))('refuses %s, naming the field', async (_, c) => {
    await send(c);
  });
});

describe('dates come in within 2000-01-01..2100-12-31', () => {
  it.each(DATES.map((c) => [c.name, c] as const))('refuses %s, naming the field', async (_, c) => {
    await send(c);
  });

  it('refuses a guest booking in year 0', async () => {
    const client = new Client();
    const res = await client.post(`${BOOKING}/book.json`, {
      ...guestBody(2001, YEAR_0, '0000-01-03'),
      ...(await solvedCaptcha(client)),
    });
    expect(res.status, res.text).toBe(400);
    expect(problem(res).errors?.map((e) => e.field)).toContain('dateFrom');
  });

  it('takes the window’s own first and last days', async () => {
    const admin = await signedIn('super');
    const res = await admin.get('/API/adminReports/V1/income.json', {
      query: { dateFrom: '2000-01-01', dateTo: '2100-12-31' },
    });
    expect(res.status, res.text).toBe(200);
  });
});
