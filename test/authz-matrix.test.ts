/**
 * The authorization matrix, driven by the registry: every admin route × {no session, a tenant session only,
 * housekeeper, landlord, svc_rep, super_admin} against the route's declared roles — no session or a tenant
 * session is a 401, a role outside the route's roles a 403, a role inside neither. Then the landlord-scoped
 * single-record routes: a landlord's own record answers, another landlord's answers the 404 of a missing id.
 * Last, every tenant-session route × the same callers: only the tenant session passes (an admin's is a 401).
 *
 * The pipeline validates before it checks the session (shared/http/create-handler.ts), so every route gets a
 * request that passes its validation (SAMPLES): a new admin route without one fails here until it is added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import type { RoleName, RouteContract } from '../shared/http/route.js';
import { ltrPropertyBody, signedInTenant, uniqueEmail } from './support/builders.js';
import { type AdminName, type ApiResponse, Client, problem, signedIn, unique } from './support/client.js';

type AdminRoute = RouteContract & { auth: { kind: 'admin'; roles: readonly RoleName[] } };
type Caller = 'no session' | 'tenant' | AdminName;

interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

const ADMIN_ROUTES = ROUTES.filter((r): r is AdminRoute => r.auth.kind === 'admin');

/** The callers and the role each one signs in with (test/fixtures/base.json). */
const ROLE_OF: Partial<Record<Caller, RoleName>> = {
  housekeeper: 'housekeeper',
  landlord: 'landlord',
  svcRep: 'svc_rep',
  super: 'super_admin',
};
const CALLERS: readonly Caller[] = ['no session', 'tenant', 'housekeeper', 'landlord', 'svcRep', 'super'];

/** A valid create body per content kind (the fixture's categories and property). */
const CONTENT_BODIES: Record<string, () => Record<string, unknown>> = {
  pages: () => ({ pageTitle: unique('Page'), pageUrl: unique('page').replace(/\W+/g, '-').toLowerCase() }),
  reviews: () => ({ reviewTitle: unique('Review'), reviewText: 'Fine', propertyId: 2001 }),
  sliders: () => ({ sliderUrl: 'x.jpg' }),
  menus: () => ({ menuTitle: unique('Menu') }),
  links: () => ({ linkTitle: unique('Link'), linkUrl: '/x' }),
  faqs: () => ({ faqQuestion: unique('Q'), faqAnswer: 'A' }),
  events: () => ({ eventTitle: unique('Event'), eventDateStart: '2032-01-01' }),
  blogCategories: () => ({ categoryName: unique('BlogCat') }),
  blogPosts: () => ({ postTitle: unique('Post'), postCategory: 1 }),
  attractionCategories: () => ({ categoryName: unique('AttrCat') }),
  attractions: () => ({ attractionTitle: unique('Attraction'), categoryId: 1 }),
};

/**
 * A request that passes the route's validation. Writes aim at fixture records that the rest of this file does
 * not read (the inactive content records, id 2 where the fixture has one; the fixture's LTR property 12 and
 * tenant 2), so super_admin's successful writes do not disturb the landlord checks below.
 */
function sampleFor(route: AdminRoute): Sample {
  const content = route.path.match(/^\/API\/adminContent\/V1\/(\w+)(\/\{id\})?\.json$/);
  if (content?.[1] && content[1] !== 'content') {
    const kind = content[1];
    const create = CONTENT_BODIES[kind];
    if (!create) throw new Error(`no sample body for content kind ${kind}`);
    const id = ['menus', 'links', 'faqs'].includes(kind) ? 1 : 2;
    if (route.method === 'GET') return {};
    if (route.method === 'POST') return { body: create() };
    if (route.method === 'PUT') return { params: { id }, body: {} };
    return { params: { id } };
  }
  const samples: Record<string, Sample> = {
    'auth.user': {},
    'adminProperties.list': {},
    'adminProperties.get': { params: { id: 12 } },
    'adminProperties.create': { body: ltrPropertyBody() },
    'adminProperties.update': { params: { id: 12 }, body: { seoTitle: 'matrix' } },
    'adminProperties.archive': { params: { id: 12 } },
    'adminContent.putContent': { body: { indexExtra4: 'matrix' } },
    'adminLeads.messages': {},
    'adminLeads.leads': {},
    'adminLeads.subscribers': {},
    'adminSettings.get': {},
    'adminSettings.update': { body: { siteName: 'Test Rentals' } },
    'adminTenants.list': {},
    'adminTenants.get': { params: { id: 2 } },
    'adminTenants.create': {
      body: {
        tenantEmail: uniqueEmail('matrix'),
        tenantFirstName: 'Matt',
        tenantLastName: 'Rix',
        password: 'matrix-password-1',
      },
    },
    'adminTenants.update': { params: { id: 2 }, body: { tenantFirstName: 'Matrix' } },
    'adminTenants.deactivate': { params: { id: 2 } },
    'adminApplications.list': {},
    'adminApplications.get': { params: { id: made.landlordApplication } },
    // A missing application: super_admin's answer is the 404, and nothing is written.
    'adminApplications.decide': { params: { id: 999_999 }, body: { decision: 'decline' } },
    'adminLeases.list': {},
    'adminLeases.get': { params: { id: 1 } },
    'adminLeases.ledger': { params: { id: 1 } },
    'adminLeases.rentRun': { body: { date: day(0) } },
    // The fixture's LTR property 12, which the adminProperties.archive sample archived: super_admin's 400, nothing written.
    'adminLeases.create': { body: { tenantId: 2, propertyId: 12, startDate: day(800), endDate: day(830) } },
    'adminLeases.update': { params: { id: 2 }, body: { graceDays: 6 } },
    // Lease 2 already ends on this day: the same end again changes nothing.
    'adminLeases.end': { params: { id: 2 }, query: { endDate: '2026-02-28' } },
    'adminAudit.entries': {},
    'adminMessages.messages': {},
    'adminReservations.list': {},
    'adminReservations.get': { params: { id: made.landlordReservation } },
    'adminReservations.create': {
      body: {
        propertyId: 2003,
        dateFrom: day(400),
        dateTo: day(402),
        name: 'Matt Rix',
        email: uniqueEmail('matrix'),
      },
    },
    'adminReservations.update': { params: { id: made.matrixReservation }, body: { totalPrice: 123 } },
    'adminReservations.cancel': { params: { id: made.matrixReservation } },
    'adminRates.get': { params: { propertyId: 2001 } },
    'adminRates.set': {
      params: { propertyId: 2003 },
      body: { dateFrom: day(30), dateTo: day(31), rate: '99' },
    },
    'adminRates.clear': { params: { propertyId: 2003 }, query: { dateFrom: day(30), dateTo: day(31) } },
    'adminCoupons.list': {},
    'adminCoupons.create': { body: { code: unique('M').replace(/\W/g, ''), type: 'abs', value: 5 } },
    'adminCoupons.get': { params: { code: 'MATRIX' } },
    'adminCoupons.update': { params: { code: 'MATRIX' }, body: { value: 6 } },
    'adminCoupons.deactivate': { params: { code: 'MATRIX' } },
    'adminInvoices.list': {},
    'adminInvoices.get': { params: { id: made.landlordInvoice } },
    'adminInvoices.create': {
      body: { description: 'RENT', dueDate: day(30), tenantId: 1, propertyId: 2003 },
    },
    'adminInvoices.update': { params: { id: made.matrixInvoice }, body: { description: 'SERVICE' } },
    'adminInvoices.cancel': { params: { id: made.matrixInvoice } },
    'adminExpenses.list': {},
    'adminExpenses.get': { params: { id: made.landlordExpense } },
    'adminExpenses.create': { body: { description: 'SERVICE', paytoId: 'matrix', dueDate: day(30) } },
    'adminExpenses.update': { params: { id: made.matrixExpense }, body: { paytoId: 'matrix-2' } },
    'adminExpenses.cancel': { params: { id: made.matrixExpense } },
    'adminWebhooks.subscriptions': {},
    'adminWebhooks.createSubscription': {
      body: { url: 'http://127.0.0.1:9/matrix', events: ['invoice.paid'] },
    },
    'adminWebhooks.subscription': { params: { id: 999999 } },
    'adminWebhooks.updateSubscription': { params: { id: 999999 }, body: { active: 0 } },
    'adminWebhooks.deleteSubscription': { params: { id: 999999 } },
    'adminWebhooks.deliveries': {},
    'adminWebhooks.replay': { params: { id: 'msg_0000000000000000000000_1' } },
    'adminHousekeeping.list': {},
    'adminHousekeeping.get': { params: { id: 1 } },
    'adminHousekeeping.create': { body: { propertyId: 2003, requestTitle: 'Matrix clean' } },
    'adminHousekeeping.update': { params: { id: 1 }, body: { requestStatus: 2 } },
    'adminHousekeeping.archive': { params: { id: 1 } },
    'accounting.oauthStart': {},
    'accounting.oauthCallback': { query: { state: 'matrix-state', code: 'matrix-code' } },
    'accounting.connection': {},
    'accounting.disconnect': {},
    'accounting.getMapping': {},
    'accounting.putMapping': { body: { classes: true } },
    'accounting.sync': { query: { status: 'failed' } },
    // Not connected in this file: super_admin's answer is the 409, and nothing is queued.
    'accounting.resync': { body: { failed: true } },
    // A missing document: super_admin's answer is the 404, and nothing is written.
    'adminPayments.invoice': { params: { id: 999_999 }, body: { amount: 1, method: 'cash', date: day(0) } },
    'adminPayments.expense': { params: { id: 999_999 }, body: { amount: 1, method: 'cash', date: day(0) } },
    'adminReports.income': { query: { dateFrom: day(-30), dateTo: day(0) } },
    'adminReports.occupancy': { query: { dateFrom: day(-30), dateTo: day(0) } },
    // Landlord 2's statement: the matrix's landlord reads their own (another landlord's is a 403, adminReports tests).
    'adminReports.ownerStatement': { query: { month: day(0).slice(0, 7), landlord: 2 } },
    'adminReports.ownerStatementPdf': { query: { month: day(0).slice(0, 7), landlord: 2 } },
    'adminIcal.listFeeds': {},
    'adminIcal.createFeed': {
      body: { propertyId: 2003, url: `http://127.0.0.1:9/${unique('matrix')}.ics`, name: 'Matrix feed' },
    },
    'adminIcal.getFeed': { params: { id: 999999 } },
    'adminIcal.deleteFeed': { params: { id: 999999 } },
    'adminIcal.syncFeed': { params: { id: 999999 } },
    'adminIcal.getExport': { params: { propertyId: 2001 } },
    'adminIcal.rotateExport': { params: { propertyId: 2003 } },
    'adminIcal.listConflicts': {},
  };
  const sample = samples[route.id];
  if (!sample) throw new Error(`no sample request for admin route ${route.id}: add one to the matrix`);
  return sample;
}

function pathOf(route: RouteContract, params: Sample['params'] = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: no sample value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

function send(client: Client, route: RouteContract, sample: Sample): Promise<ApiResponse> {
  return client.request(route.method, pathOf(route, sample.params), {
    ...(sample.query ? { query: sample.query } : {}),
    ...(sample.body !== undefined ? { body: sample.body } : {}),
  });
}

/** What the route's contract says a caller gets: 401, 403, or anything but those. */
function expected(route: AdminRoute, caller: Caller): 401 | 403 | 'allowed' {
  const role = ROLE_OF[caller];
  if (!role) return 401;
  return route.auth.roles.includes(role) ? 'allowed' : 403;
}

/** A date `n` days after today (the fixture's site time zone is UTC). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Records the samples aim at, made in beforeAll (the fixture has no reservations or coupons). */
const made = {
  landlordReservation: 0,
  otherLandlordReservation: 0,
  matrixReservation: 0,
  // Invoices and expenses on 2001 (landlord), 2002 (other landlord) and 2003 (written by the samples).
  landlordInvoice: 0,
  otherLandlordInvoice: 0,
  matrixInvoice: 0,
  landlordExpense: 0,
  otherLandlordExpense: 0,
  matrixExpense: 0,
  // iCal feeds on 2001 (landlord) and 2002 (other landlord); their URLs are never fetched here.
  landlordFeed: 0,
  otherLandlordFeed: 0,
  // Applications for 11 (landlord) and a listed LTR property of the other landlord.
  landlordApplication: 0,
  otherLandlordApplication: 0,
};

/** An iCal feed on a property, as super_admin; its id. */
async function icalFeedOn(admin: Client, propertyId: number): Promise<number> {
  const res = await admin.post('/API/adminIcal/V1/feeds.json', {
    propertyId,
    url: `http://127.0.0.1:9/${unique('matrix-owned')}.ics`,
    name: 'Matrix owned feed',
  });
  if (res.status !== 201) throw new Error(`iCal feed create failed: ${res.status} ${res.text}`);
  return res.body.feedId as number;
}

/** An invoice or expense on a property, as super_admin; its id. */
async function moneyDocumentOn(
  admin: Client,
  kind: 'invoice' | 'expense',
  propertyId: number,
): Promise<number> {
  const res =
    kind === 'invoice'
      ? await admin.post('/API/adminInvoices/V1/invoices.json', {
          description: 'RENT',
          dueDate: day(30),
          tenantId: 1,
          propertyId,
          lineItems: [{ description: 'Rent', amount: 10 }],
        })
      : await admin.post('/API/adminExpenses/V1/expenses.json', {
          description: 'SERVICE',
          paytoId: 'matrix',
          dueDate: day(30),
          propertyId,
        });
  if (res.status !== 201) throw new Error(`${kind} create failed: ${res.status} ${res.text}`);
  return (kind === 'invoice' ? res.body.invoiceId : res.body.expenseId) as number;
}

async function reservationOn(admin: Client, propertyId: number, from: number): Promise<number> {
  const res = await admin.post('/API/adminReservations/V1/reservations.json', {
    propertyId,
    dateFrom: day(from),
    dateTo: day(from + 1),
    name: 'Matrix Guest',
    email: uniqueEmail('matrix'),
  });
  if (res.status !== 201) throw new Error(`reservation create failed: ${res.status} ${res.text}`);
  return res.body.reservationId as number;
}

const clients = new Map<Caller, Client>();

beforeAll(async () => {
  const admin = await signedIn('super');
  made.landlordReservation = await reservationOn(admin, 2001, 500);
  made.otherLandlordReservation = await reservationOn(admin, 2002, 500);
  made.matrixReservation = await reservationOn(admin, 2003, 500);
  made.landlordInvoice = await moneyDocumentOn(admin, 'invoice', 2001);
  made.otherLandlordInvoice = await moneyDocumentOn(admin, 'invoice', 2002);
  made.matrixInvoice = await moneyDocumentOn(admin, 'invoice', 2003);
  made.landlordExpense = await moneyDocumentOn(admin, 'expense', 2001);
  made.otherLandlordExpense = await moneyDocumentOn(admin, 'expense', 2002);
  made.matrixExpense = await moneyDocumentOn(admin, 'expense', 2003);
  made.landlordFeed = await icalFeedOn(admin, 2001);
  made.otherLandlordFeed = await icalFeedOn(admin, 2002);
  const coupon = await admin.post('/API/adminCoupons/V1/coupons.json', {
    code: 'MATRIX',
    type: 'percent',
    value: 10,
  });
  if (coupon.status !== 201) throw new Error(`coupon create failed: ${coupon.status} ${coupon.text}`);
  const applicant = (await signedInTenant()).client;
  const applyFor = async (propertyId: number) => {
    const res = await applicant.post('/API/leaseApplications/V1/apply.json', { propertyId });
    if (res.status !== 200) throw new Error(`apply failed: ${res.status} ${res.text}`);
    return res.body.applicationId as number;
  };
  made.landlordApplication = await applyFor(11);
  // The fixture's 12 is not listed: a listed LTR property of the other landlord takes the application.
  const listed = await admin.post(
    '/API/adminProperties/V1/properties.json',
    ltrPropertyBody({ landlord: 5, onWebsite: 1 }),
  );
  if (listed.status !== 201) throw new Error(`property create failed: ${listed.status} ${listed.text}`);
  made.otherLandlordApplication = await applyFor(listed.body.propertyId as number);
  clients.set('no session', new Client());
  clients.set('tenant', (await signedInTenant()).client);
  for (const who of ['housekeeper', 'landlord', 'svcRep', 'super', 'otherLandlord'] as const)
    clients.set(who, await signedIn(who));
});

function client(caller: Caller): Client {
  const found = clients.get(caller);
  if (!found) throw new Error(`no client for ${caller}`);
  return found;
}

describe('authorization matrix: every admin route × caller', () => {
  it('answers 401 without an admin session, 403 for a role outside the route’s roles, neither inside', async () => {
    const statuses = new Map<number, number>();
    /** Allowed callers whose answer was not a success (a 404 out of a landlord's reach, a refused write). */
    const notSuccess: string[] = [];
    let requests = 0;
    const started = Date.now();
    for (const route of ADMIN_ROUTES) {
      const sample = sampleFor(route);
      const check = async (caller: Caller) => {
        const res = await send(client(caller), route, sample);
        const want = expected(route, caller);
        const where = `${route.id} (${route.method} ${route.path}) as ${caller}: ${res.status} ${res.text.slice(0, 200)}`;
        if (want === 'allowed') {
          expect([401, 403], where).not.toContain(res.status);
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 300) notSuccess.push(`${route.id} as ${caller}: ${res.status}`);
        } else {
          expect(res.status, where).toBe(want);
          expect(problem(res).status, where).toBe(want);
        }
        requests++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      };
      // The refused callers together, then the allowed ones (whose writes may change the record; only
      // super_admin writes, so the allowed callers of one route never race each other's writes).
      await Promise.all(CALLERS.filter((c) => expected(route, c) !== 'allowed').map(check));
      await Promise.all(CALLERS.filter((c) => expected(route, c) === 'allowed').map(check));
    }
    expect(ADMIN_ROUTES.length).toBeGreaterThan(50);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.info(
      `authz matrix: ${ADMIN_ROUTES.length} admin routes × ${CALLERS.length} callers = ${requests} requests ` +
        `(${byStatus.join(', ')}) in ${Date.now() - started} ms; allowed but not 2xx: ${notSuccess.join('; ')}`,
    );
    // 690 requests: about 26 s on a busy 2-core machine.
  }, 120_000);
});

/**
 * Landlord-scoped single-record routes: a landlord's own record and another landlord's (fixture: landlord 2
 * owns properties 2001, 2003, 11 and tenant 1's lease; landlord 5 owns 2002, 2004, 12 and tenant 2's lease).
 */
const OWNED: Record<string, { landlord: number; otherLandlord: number }> = {
  'adminProperties.get': { landlord: 2001, otherLandlord: 2002 },
  'adminTenants.get': { landlord: 1, otherLandlord: 2 },
  // Reservations on 2001 and 2002, made in beforeAll (ids known only then).
  get 'adminReservations.get'() {
    return { landlord: made.landlordReservation, otherLandlord: made.otherLandlordReservation };
  },
  // Invoices and expenses on 2001 and 2002, made in beforeAll.
  get 'adminInvoices.get'() {
    return { landlord: made.landlordInvoice, otherLandlord: made.otherLandlordInvoice };
  },
  get 'adminExpenses.get'() {
    return { landlord: made.landlordExpense, otherLandlord: made.otherLandlordExpense };
  },
  // iCal feeds on 2001 and 2002, made in beforeAll.
  get 'adminIcal.getFeed'() {
    return { landlord: made.landlordFeed, otherLandlord: made.otherLandlordFeed };
  },
  // The fixture's leases: 1 on 11 (landlord), 2 on 12 (other landlord).
  'adminLeases.get': { landlord: 1, otherLandlord: 2 },
  'adminLeases.ledger': { landlord: 1, otherLandlord: 2 },
  // Applications of the landlord's and the other landlord's properties, made in beforeAll.
  get 'adminApplications.get'() {
    return { landlord: made.landlordApplication, otherLandlord: made.otherLandlordApplication };
  },
};

describe('authorization matrix: a landlord’s own records and another landlord’s', () => {
  const scoped = ADMIN_ROUTES.filter((r) => r.auth.roles.includes('landlord') && r.path.includes('{id}'));

  it('knows every landlord-scoped single-record route of the registry', () => {
    expect(scoped.map((r) => r.id).sort()).toEqual(Object.keys(OWNED).sort());
  });

  it.each(
    scoped.flatMap((route) =>
      (['landlord', 'otherLandlord'] as const).map((who) => ({ route, who, id: route.id })),
    ),
  )('$id as $who: own → 200, the other landlord’s → the 404 of a missing id', async ({ route, who }) => {
    const ids = OWNED[route.id];
    if (!ids) throw new Error(`declare the own and other records of ${route.id}`);
    const other = who === 'landlord' ? 'otherLandlord' : 'landlord';
    for (const path of [route.path, ...(route.aliasPaths ?? [])]) {
      const at = { ...route, path };
      const own = await send(client(who), at, { params: { id: ids[who] } });
      expect(own.status, `${path} own`).toBe(200);
      const missing = await send(client(who), at, { params: { id: 999_999 } });
      expect(missing.status).toBe(404);
      const foreign = await send(client(who), at, { params: { id: ids[other] } });
      expect(foreign.status, `${path} other's: ${foreign.text}`).toBe(404);
      expect(problem(foreign).title).toBe(problem(missing).title);
      expect(problem(foreign).detail).toBe(problem(missing).detail.replace('999999', String(ids[other])));
    }
  });

  it('a landlord filtering applications by another landlord’s property gets the answer of a missing one', async () => {
    const list = ADMIN_ROUTES.find((r) => r.id === 'adminApplications.list');
    if (!list) throw new Error('adminApplications.list is not registered');
    const landlord = client('landlord');
    const foreign = await send(landlord, list, { query: { propertyId: 12 } });
    const missing = await send(landlord, list, { query: { propertyId: 999_999 } });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual(missing.body);
    expect((await send(landlord, list, { query: { propertyId: 11 } })).status).toBe(200);
  });
});

/** Routes of a tenant session (tenantPortal, leaseApplications apply, publicAuth me …). */
const TENANT_ROUTES = ROUTES.filter((r) => r.auth.kind === 'tenant');

/**
 * A request that passes each tenant route's validation: ids 1, the fixture's LTR property 12 for apply, a
 * well-formed claim token (no claim of the tenant's: its 404).
 */
const tenantSample = (route: RouteContract): Sample => ({
  ...(route.params ? { params: { id: 1 } } : {}),
  ...(route.id === 'leaseApplications.apply' ? { body: { propertyId: 12 } } : {}),
  ...(route.id === 'publicAuth.claimBookings' ? { query: { token: 'T'.repeat(43) } } : {}),
});

describe('authorization matrix: every tenant-session route × caller', () => {
  it('answers 401 without a tenant session (an admin session is none), neither 401 nor 403 to a tenant', async () => {
    const found: string[] = [];
    for (const route of TENANT_ROUTES) {
      const sample = tenantSample(route);
      for (const caller of CALLERS) {
        const res = await send(client(caller), route, sample);
        const where = `${route.id} (${route.method} ${route.path}) as ${caller}: ${res.status} ${res.text.slice(0, 200)}`;
        if (caller === 'tenant') {
          expect([401, 403], where).not.toContain(res.status);
          expect(res.status, where).toBeLessThan(500);
        } else expect(res.status, where).toBe(401);
      }
      found.push(route.id);
    }
    expect(found).toEqual(
      expect.arrayContaining(['tenantPortal.lease', 'tenantPortal.autopayOff', 'publicAuth.claimBookings']),
    );
  }, 60_000);
});
