/**
 * The "Send API Request" values of the local docs page, by operation id (the route id): requests that work against
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
import { adminExamples } from './openapi-examples-admin.js';

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
  'tenantPortal.invoice': 'As the demo tenant: run Tenant authentication → login first.',
  'tenantPortal.invoices': 'As the demo tenant: run Tenant authentication → login first.',
  'tenantPortal.reservations': 'As the demo tenant: run Tenant authentication → login first.',
  'tenantPortal.autopaySetup':
    'As the demo tenant (log in first). Confirm the SetupIntent with Stripe.js on a page of yours; on `npm start` the Stripe stand-in confirms it at POST /v1/setup_intents/{id}/confirm with `client_secret` and `payment_method=pm_card_visa`.',
  'publicAuth.activate': 'The hash is in the activation e-mail of the register example (the mail page).',
  'publicAuth.passwordResetConfirm':
    'The token is in the reset e-mail of the passwordReset example (the mail page, or the link to /reset-password in it).',
  'publicAuth.claimBookings':
    'The token is in the "We found … bookings" e-mail an activation or a reset sends when the address booked without signing in; sign in with the password (login) first.',
  'ical.export': 'The token is in the answer of GET /API/adminIcal/V1/export/{propertyId}.json.',
  'adminWebhooks.replay':
    'A delivery id (msg_…) from GET /API/adminWebhooks/V1/deliveries.json, once an event reached the subscription.',
  'accounting.resync':
    'Needs the connection: run oauth-start.php and the callback first (the local stand-in company). since starts a back-fill; {recordType, recordId} or {failed: true} push one record or the failed ones again.',
  'accounting.oauthCallback':
    'The accounting provider redirects here with state, code and realmId: open the authorizeUrl of oauth-start.php (or oauth-start.php itself) in the browser and Allow.',
  'payment.webhook':
    'Stripe signs its calls (Stripe-Signature): the docs page cannot, so this answers 401 (503 while STRIPE_WEBHOOK_SECRET is not set).',
  'channel.webhook':
    'The channel manager signs its calls over the raw body (docs/channel.md): the docs page cannot. While the integration is off (the demo store: channelEnabled 0) the endpoint is not there (404); once on, an unsigned call is a 401.',
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
    'publicAuth.passwordReset': { body: { email: 'demo-tenant@example.com' } },
    'publicAuth.passwordResetConfirm': {
      body: {
        email: 'demo-tenant@example.com',
        token: 'the-token-of-the-reset-e-mail',
        password: 'a-new-good-password',
      },
    },
    'publicAuth.claimBookings': { query: { token: 'the-token-of-the-claim-e-mail' } },
    'leaseApplications.apply': { body: { propertyId: 102 } },
    // As the demo tenant (log in first): invoice 1 is its lease's security deposit, paid by bank transfer.
    'tenantPortal.invoices': { query: { status: 0, page: 1, limit: 20 } },
    'tenantPortal.invoice': { params: { id: '1' } },
    'tenantPortal.reservations': { query: { page: 1, limit: 20 } },
    // The autopay writes take no fields.
    'tenantPortal.autopaySetup': { body: {} },
    'tenantPortal.autopayOff': { body: {} },
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
