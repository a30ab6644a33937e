/**
 * The admin operations' "Send API Request" values on the demo store (infra/openapi-examples.ts has the rest and the
 * rules they follow): the demo super admin's calls, by group. `day(n)` is the date n days from when the
 * document is built; `origin` the runtime's own.
 */
import type { OperationExample } from './openapi.js';

/** The admin examples, by group. */
export function adminExamples(day: (n: number) => string, origin: string): Record<string, OperationExample> {
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
    'adminApplications.get': { params: { id: '1' } },
    // The demo tenant's application for Maple Court House (leaseApplications.apply's example, sent before).
    'adminApplications.decide': {
      params: { id: '1' },
      body: {
        decision: 'approve',
        note: 'Welcome! Keys are at the office.',
        lease: { startDate: day(30), endDate: day(394), rent: '1650.00', deposit: '1650.00', dueDay: 1 },
      },
    },
    'adminLeases.list': { query: { status: 'active', ...page } },
    'adminLeases.get': { params: { id: '1' } },
    // After the approved application's lease on Maple Court House (day 30 to day 394).
    'adminLeases.create': {
      body: {
        tenantId: 1,
        propertyId: 102,
        startDate: day(400),
        endDate: day(764),
        rent: '1700.00',
        deposit: '0',
        dueDay: 5,
        graceDays: 3,
        lateFee: { flat: '50.00', percent: 0, daily: '5.00', maxPerMonth: '150.00' },
        issueDaysBefore: 14,
      },
    },
    'adminLeases.update': { params: { id: '1' }, body: { rent: '1275.00', lateFee: { daily: '2.50' } } },
    'adminLeases.end': { params: { id: '1' }, query: { endDate: day(60) } },
    'adminLeases.ledger': { params: { id: '1' } },
    // Yesterday in UTC (a back-dated run): the demo site's today (New York) may be a day behind UTC's, and a day
    // after the site's today is a 400.
    'adminLeases.rentRun': { body: { date: day(-1) } },
    'adminAudit.entries': { query: { dateFrom: day(-7), dateTo: day(0), ...page } },
    'adminMessages.messages': { query: { template: 'bookingConfirmation', status: 'sent', ...page } },

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
      body: { couponCode: 'SUMMER20', type: 'percent', value: 20, validTo: day(90), minNights: 2 },
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
    'adminReports.ownerStatementPdf': { query: { month: day(0).slice(0, 7), landlord: 2 } },
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
    // resync needs the connection the callback example makes.
    'accounting.putMapping': {
      body: {
        tax: { item: 'Sales tax', account: { name: 'Taxes Payable', type: 'Other Current Liability' } },
      },
    },
    'accounting.sync': { query: { recordType: 'invoice', status: 'synced', ...page } },
    'accounting.resync': { body: { since: day(-30) } },

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
