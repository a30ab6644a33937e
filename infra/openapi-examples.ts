/**
 * The "Try it out" values of the local docs page, by operation id (the route id): requests that work against
 * the demo store (infra/local/fixtures/demo.json, docs/fixtures.md) as `npm start` loads it. Ids are the demo
 * records'; stays are about a month ahead, computed when the document is built (GET /openapi.json); creates
 * make records the later examples use where the demo store has none (webhook subscription 1, iCal feed 1).
 * infra/openapi-examples.test.ts checks that every operation with parameters or a body has one that its own
 * schemas accept, and test/docs-examples.test.ts sends them all to a fresh `npm start`.
 * The two logins come from the fixture itself (infra/local/docs.ts, DemoLogins).
 *
 * Kept out of the groups' routes.ts: these are facts of the demo store, not of the contract.
 */
import type { OperationExample } from './openapi.js';

export interface ExampleContext {
  /** When the document is built: stays and reports are relative to it. */
  now: Date;
  /** The runtime's own origin, e.g. http://localhost:3000 (a feed URL the local runtime may fetch). */
  origin: string;
}

/**
 * What the docs page tells the reader beside an example (the operation's description): a value only another
 * answer carries, a session or a record an earlier example makes.
 */
export const EXAMPLE_NOTES: Readonly<Record<string, string>> = {
  'payment.createIntent':
    'Run GET /API/payment-csrf.php first: its cookie is kept by the browser, and its token goes into Authorize → paymentCsrf (the X-CSRF-Token header) or the body as payment_csrf. Card payments need STRIPE_SECRET_KEY (docs/payments.md): without it this answers 503.',
  'publicAuth.activate': 'The hash is in the activation e-mail of the register example (the mail page).',
  'ical.export': 'The token is in the answer of GET /API/adminIcal/V1/export/{propertyId}.json.',
  'adminWebhooks.replay':
    'A delivery id (msg_…) from GET /API/adminWebhooks/V1/deliveries.json, once an event reached the subscription.',
  'accounting.oauthCallback':
    'The accounting provider redirects here with state, code and realmId after oauth-start.php (open that in the browser).',
  'payment.webhook':
    'Stripe signs its calls (Stripe-Signature): the docs page cannot, so this answers 401 (503 while STRIPE_WEBHOOK_SECRET is not set).',
  'channel.webhook':
    'The channel manager signs its calls over the raw body (docs/channel.md): the docs page cannot, so this answers 401.',
  'publicBooking.book':
    'As the demo tenant: run Tenant authentication → login first. A guest without a session also answers the CAPTCHA (captcha.json: captcha and captcha_sum).',
  'adminWebhooks.subscription': 'Subscription 1 is the one the create example makes on the demo store.',
  'adminWebhooks.updateSubscription': 'Subscription 1 is the one the create example makes on the demo store.',
  'adminWebhooks.deleteSubscription': 'Subscription 1 is the one the create example makes on the demo store.',
  'adminHousekeeping.get':
    'Request 1 is the first one made: by the create example, or the turnover of a booking.',
  'adminHousekeeping.update':
    'Request 1 is the first one made: by the create example, or the turnover of a booking.',
  'adminHousekeeping.archive':
    'Request 1 is the first one made: by the create example, or the turnover of a booking.',
  'adminIcal.getFeed': 'Feed 1 is the one the create example makes on the demo store.',
  'adminIcal.syncFeed': 'Feed 1 is the one the create example makes on the demo store.',
  'adminIcal.deleteFeed': 'Feed 1 is the one the create example makes on the demo store.',
  'adminIcal.createFeed':
    'The URL is this runtime’s own feed of property 2002: put the token of GET /API/adminIcal/V1/export/2002.json in it, or any calendar URL of yours.',
};

const dayOf = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The admin examples, by group. */
function adminExamples(day: (n: number) => string, origin: string): Record<string, OperationExample> {
  const page = { page: 1, limit: 20 };
  return {
    'adminProperties.list': { query: { type: 'vr', includeArchived: '0', ...page } },
    'adminProperties.get': { params: { id: '2001' } },
    'adminProperties.create': {
      body: {
        type: 'vr',
        propertyName: 'Sea Glass Cottage',
        propertyDesc: 'Two rooms by the pier',
        propertyRate: '180.00',
        housekeepingFee: '40.00',
        minNights: 2,
        landlord: 2,
      },
    },
    'adminProperties.update': { params: { id: '2003' }, body: { propertyRate: '150.00', onWebsite: 0 } },
    // An LTR property: VR ones with future stays are refused (409) until their stays are cancelled.
    'adminProperties.archive': { params: { id: '102' } },

    'adminContent.createPages': {
      body: {
        pageTitle: 'Getting Here',
        pageUrl: 'getting-here',
        pageContent: '<p>Take exit 420.</p>',
        isActive: 1,
      },
    },
    'adminContent.updatePages': { params: { id: '1' }, body: { pageDesc: 'Who we are and how we work' } },
    'adminContent.deletePages': { params: { id: '2' } },
    'adminContent.createReviews': {
      body: {
        reviewTitle: 'Great harbor views',
        reviewText: 'Quiet loft, close to everything.',
        r1: 5,
        r2: 4,
        propertyId: 2002,
        tenantFirstName: 'Alex',
        tenantLastName: 'Harbor',
        dateCreated: day(-7),
      },
    },
    'adminContent.updateReviews': { params: { id: '1' }, body: { isActive: 1 } },
    'adminContent.deleteReviews': { params: { id: '1' } },
    'adminContent.createSliders': {
      body: {
        sliderUrl: 'slides/harbor.jpg',
        sliderHeader: 'Stay by the marina',
        sliderOrder: 2,
        isActive: 1,
      },
    },
    'adminContent.updateSliders': { params: { id: '1' }, body: { sliderButtonText: 'See all houses' } },
    'adminContent.deleteSliders': { params: { id: '1' } },
    'adminContent.createMenus': {
      body: {
        menuTitle: 'Guides',
        menuUrl: '/guides',
        menuFor: 1,
        menuOrder: 3,
        children: [{ title: 'Beaches', url: '/beaches' }],
      },
    },
    'adminContent.updateMenus': { params: { id: '1' }, body: { menuOrder: 1 } },
    'adminContent.deleteMenus': { params: { id: '2' } },
    'adminContent.createLinks': {
      body: { linkTitle: 'Terms', linkUrl: '/terms', linkGroup: 'footer', linkOrder: 2 },
    },
    'adminContent.updateLinks': { params: { id: '1' }, body: { linkTitle: 'Privacy policy' } },
    'adminContent.deleteLinks': { params: { id: '2' } },
    'adminContent.createFaqs': {
      body: { faqQuestion: 'Is there parking?', faqAnswer: '<p>Yes, one space per house.</p>', faqOrder: 3 },
    },
    'adminContent.updateFaqs': { params: { id: '1' }, body: { faqOrder: 1 } },
    'adminContent.deleteFaqs': { params: { id: '2' } },
    'adminContent.createEvents': {
      body: {
        eventTitle: 'Sandcastle Day',
        eventUrl: 'sandcastle-day',
        eventDateStart: day(45),
        eventDateEnd: day(45),
      },
    },
    'adminContent.updateEvents': { params: { id: '1' }, body: { eventCategory: 'Festivals' } },
    'adminContent.deleteEvents': { params: { id: '1' } },
    'adminContent.createBlogCategories': { body: { categoryName: 'Events', isActive: 1 } },
    'adminContent.updateBlogCategories': { params: { id: '2' }, body: { categoryName: 'News and updates' } },
    'adminContent.deleteBlogCategories': { params: { id: '2' } },
    'adminContent.createBlogPosts': {
      body: {
        postTitle: 'Spring on the coast',
        postUrl: 'spring-on-the-coast',
        postCategory: 1,
        postContent: '<p>…</p>',
      },
    },
    'adminContent.updateBlogPosts': { params: { id: '1' }, body: { postDesc: 'Where locals go' } },
    'adminContent.deleteBlogPosts': { params: { id: '1' } },
    'adminContent.createAttractionCategories': {
      body: { categoryName: 'Museums', categoryDesc: 'Rainy days' },
    },
    'adminContent.updateAttractionCategories': {
      params: { id: '2' },
      body: { categoryDesc: 'Where to eat well' },
    },
    'adminContent.deleteAttractionCategories': { params: { id: '2' } },
    'adminContent.createAttractions': {
      body: { attractionTitle: 'Maritime Museum', attractionUrl: 'maritime-museum', categoryId: 1 },
    },
    'adminContent.updateAttractions': { params: { id: '1' }, body: { attractionDesc: 'A calm, sandy cove' } },
    'adminContent.deleteAttractions': { params: { id: '2' } },
    'adminContent.putContent': { body: { indexSlogan: 'Beach houses and homes by the sea' } },

    'adminLeads.messages': { query: page },
    'adminLeads.leads': { query: page },
    'adminLeads.subscribers': { query: page },
    'adminSettings.update': { body: { contactPhone: '+1 910 555 0199', vrCheckInTime: '15:00' } },

    'adminTenants.list': { query: { isActive: '1', ...page } },
    'adminTenants.get': { params: { id: '1' } },
    'adminTenants.create': {
      body: {
        tenantEmail: 'pat.renter@example.com',
        tenantFirstName: 'Pat',
        tenantLastName: 'Renter',
        password: 'a-good-password',
        isActive: 1,
      },
    },
    // isActive 1 also undoes the DELETE example (which deactivates the demo tenant).
    'adminTenants.update': { params: { id: '1' }, body: { tenantFirstName: 'Terry', isActive: 1 } },
    'adminTenants.deactivate': { params: { id: '1' } },
    'adminApplications.list': { query: { propertyId: 102, ...page } },
    'adminAudit.entries': { query: { dateFrom: day(-7), dateTo: day(0), ...page } },

    'adminReservations.list': { query: { propertyId: 2001, dateFrom: day(0), dateTo: day(60), ...page } },
    'adminReservations.get': { params: { id: '1' } },
    'adminReservations.create': {
      body: {
        propertyId: 2002,
        dateFrom: day(60),
        dateTo: day(63),
        name: 'Walk-in Guest',
        email: 'walk.in@example.com',
        totalPrice: '540.00',
      },
    },
    // Reservation 2 is pending ("0"): confirm it.
    'adminReservations.update': { params: { id: '2' }, body: { status: '1' } },
    'adminReservations.cancel': { params: { id: '5' } },
    'adminRates.get': { params: { propertyId: '2001' }, query: { dateFrom: day(0), dateTo: day(30) } },
    'adminRates.set': {
      params: { propertyId: '2001' },
      body: { dateFrom: day(60), dateTo: day(66), rate: '275.00' },
    },
    'adminRates.clear': { params: { propertyId: '2001' }, query: { dateFrom: day(60), dateTo: day(66) } },
    'adminCoupons.create': {
      body: { code: 'SUMMER20', type: 'percent', value: 20, validTo: day(90), minNights: 2 },
    },
    'adminCoupons.get': { params: { code: 'WELCOME10' } },
    'adminCoupons.update': { params: { code: 'DUNEONLY15' }, body: { maxUses: 25 } },
    'adminCoupons.deactivate': { params: { code: 'STAY50' } },

    'adminInvoices.list': { query: { tenantId: 1, ...page } },
    'adminInvoices.get': { params: { id: '2' } },
    'adminInvoices.create': {
      body: {
        description: 'RENT',
        dueDate: day(14),
        tenantId: 1,
        propertyId: 101,
        lineItems: [{ description: 'Monthly rent', amount: '1450.00', quantity: 1 }],
      },
    },
    // Invoice 4 is a draft: it may still change, and be cancelled.
    'adminInvoices.update': { params: { id: '4' }, body: { dueDate: day(21) } },
    'adminInvoices.cancel': { params: { id: '4' } },
    'adminExpenses.list': { query: { propertyId: 2001, ...page } },
    'adminExpenses.get': { params: { id: '1' } },
    'adminExpenses.create': {
      body: {
        description: 'SERVICE',
        paytoId: 'Ace Plumbing',
        dueDate: day(14),
        propertyId: 101,
        lineItems: [{ description: 'Replace the water heater', amount: '850.00' }],
      },
    },
    'adminExpenses.update': { params: { id: '3' }, body: { dueDate: day(30) } },
    'adminExpenses.cancel': { params: { id: '3' } },
    'adminPayments.invoice': {
      params: { id: '3' },
      body: { amount: '10.00', method: 'check', date: day(0), reference: 'check 1042' },
    },
    'adminPayments.expense': {
      params: { id: '2' },
      body: { amount: '-10.00', method: 'check', date: day(0), reference: 'credit from Ace Plumbing' },
    },

    'adminWebhooks.createSubscription': {
      body: { url: 'https://localhost/hooks', events: ['reservation.created', 'housekeeping.created'] },
    },
    'adminWebhooks.subscription': { params: { id: '1' } },
    'adminWebhooks.updateSubscription': {
      params: { id: '1' },
      body: { events: ['reservation.created', 'reservation.cancelled', 'housekeeping.created'], active: 1 },
    },
    'adminWebhooks.deleteSubscription': { params: { id: '1' } },
    'adminWebhooks.deliveries': { query: { subscriptionId: '1', ...page } },
    'adminWebhooks.replay': { params: { id: 'msg_2f1c9a7d3b5e4f60_1' } },

    'adminReports.income': { query: { dateFrom: day(-30), dateTo: day(0) } },
    'adminReports.occupancy': { query: { dateFrom: day(0), dateTo: day(30), propertyId: 2001 } },
    'adminReports.ownerStatement': { query: { month: day(0).slice(0, 7), landlord: 2 } },
    'adminHousekeeping.list': { query: { propertyId: 2001, ...page } },
    'adminHousekeeping.get': { params: { id: '1' } },
    'adminHousekeeping.create': {
      body: {
        propertyId: 2001,
        requestTitle: 'Replace the deck light bulbs',
        requestDate: day(2),
        assignedTo: 4,
      },
    },
    'adminHousekeeping.update': { params: { id: '1' }, body: { requestStatus: 1 } },
    'adminHousekeeping.archive': { params: { id: '1' } },
    'accounting.oauthCallback': {
      query: { state: 'the-state-of-oauth-start', code: 'the-code', realmId: 'local-realm-1' },
    },

    'adminIcal.listFeeds': { query: { propertyId: 2001 } },
    // The runtime's own export of Harbor Loft: a feed the local runtime may fetch (loopback is allowed locally).
    'adminIcal.createFeed': {
      body: {
        propertyId: 2001,
        url: `${origin}/API/ical/V1/2002.ics?token=the-token-of-adminIcal-getExport-2002`,
        name: 'Harbor Loft calendar',
      },
    },
    'adminIcal.getFeed': { params: { id: '1' } },
    'adminIcal.deleteFeed': { params: { id: '1' } },
    'adminIcal.syncFeed': { params: { id: '1' } },
    'adminIcal.getExport': { params: { propertyId: '2001' } },
    'adminIcal.rotateExport': { params: { propertyId: '2002' } },
    'adminIcal.listConflicts': { query: { status: 'open' } },
  };
}

/** Every operation's example but the two logins (DemoLogins), with its note where it has one. */
export function demoExamples(context: ExampleContext): Record<string, OperationExample> {
  const examples = baseExamples(context);
  for (const [id, note] of Object.entries(EXAMPLE_NOTES)) examples[id] = { ...examples[id], note };
  return examples;
}

function baseExamples({ now, origin }: ExampleContext): Record<string, OperationExample> {
  const day = (n: number) => dayOf(now, n);
  const stay = { propertyId: 2001, dateFrom: day(30), dateTo: day(33) };
  return {
    'vrProperties.list': { query: { beds: 2, page: 1, limit: 5 } },
    'vrProperties.get': { params: { id: '2001' } },
    'vrProperties.propertyImages': { params: { propertyId: '2001' } },
    'ltrProperties.list': { query: { search: 'oak', page: 1, limit: 5 } },
    'ltrProperties.get': { params: { id: '101' } },
    'ltrProperties.propertyImages': { params: { propertyId: '101' } },
    'siteContent.contentByKey': { params: { key: 'indexHeader' } },
    'sitePages.page': { params: { slug: 'about-us' } },
    'siteReviews.reviews': { query: { propertyId: 2001, limit: 5 } },
    'siteEvents.events': { query: { limit: 10 } },
    'siteEvents.event': { params: { id: '1' } },
    'networkBlog.networkBlogPost': { params: { id: '1' } },
    'networkBlog.networkBlogByCat': { params: { categoryId: '1' } },
    'siteAttractions.attractions': { query: { category: 1, limit: 10 } },
    'siteAttractions.attraction': { params: { id: '1' } },
    'siteContact.message': {
      body: {
        senderName: 'Gina Guest',
        senderEmail: 'gina.guest@example.com',
        messageSubject: 'A week in July',
        messageContent: 'Is Dune House free for a family of five in July?',
      },
    },
    'siteContact.subscribe': { body: { email: 'gina.guest@example.com', name: 'Gina Guest' } },

    'publicBooking.availability': {
      params: { propertyId: '2001' },
      query: { dateFrom: stay.dateFrom, dateTo: stay.dateTo },
    },
    'publicBooking.calendar': { params: { propertyId: '2001' }, query: { months: 2 } },
    'publicBooking.quote': { body: { ...stay, adults: 2, children: 1, couponCode: 'WELCOME10' } },
    'publicBooking.validateCoupon': { body: { propertyId: 2001, couponCode: 'DUNEONLY15' } },
    // As the demo tenant (log in first): a guest without a session also answers the CAPTCHA (captcha.json).
    'publicBooking.book': {
      body: {
        ...stay,
        adults: 2,
        couponCode: 'WELCOME10',
        name: 'Terry Tenant',
        email: 'demo-tenant@example.com',
      },
    },
    'publicAuth.register': {
      body: {
        tenantFirstName: 'Gus',
        tenantLastName: 'Guest',
        tenantEmail: 'gus.guest@example.com',
        password: 'a-good-password',
        password2: 'a-good-password',
        // The hidden honeypot of the sign-up form: a person leaves it empty (a bot fills it and gets a 400).
        isEmpty: '',
      },
    },
    'publicAuth.activate': {
      query: { tenantEmail: 'gus.guest@example.com', hash: 'the-hash-of-the-activation-e-mail' },
    },
    'leaseApplications.apply': { body: { propertyId: 102 } },
    // Invoice 3 is the demo tenant's unpaid one (the card payment page's).
    'payment.createIntent': {
      body: {
        invoiceId: 3,
        tenantId: 1,
        fname: 'Terry',
        lname: 'Tenant',
        email: 'demo-tenant@example.com',
        country: 'US',
      },
    },
    'payment.webhook': {
      body: {
        id: 'evt_demo_1',
        type: 'payment_intent.succeeded',
        // The intent itself goes in `object`; its fields are Stripe's (the schema names none of them).
        data: { object: {} },
      },
    },
    'channel.webhook': {
      body: {
        event: 'reservation.created',
        reservation: {
          channel: 'airbnb',
          channelReservationId: 'HM4KX2P9',
          propertyId: 2002,
          dateFrom: day(70),
          dateTo: day(73),
          guestName: 'Chris Channel',
          guestEmail: 'chris.channel@example.com',
          totalPrice: '610.00',
        },
      },
    },
    'ical.export': { params: { propertyId: '2001' }, query: { token: 'the-token-of-adminIcal-getExport' } },
    ...adminExamples(day, origin),
  };
}
