/**
 * Sample records of every message kind: the rendered mails checked in under rendered/ (templates.test.ts) and
 * the samples the local runtime mails to its mail page on a first start with the demo data
 * (infra/local/mail-samples.ts), so a reviewer and a developer read every kind as it is sent.
 */
import type { OwnerStatement } from '../reports/owner-statement.js';
import type { MailSite } from './format.js';
import type { RenderedMail } from './layout.js';
import { accountingConsent } from './templates/accounting-consent.js';
import { activation } from './templates/activation.js';
import { applicationDecision } from './templates/application-decision.js';
import { autopayFailed } from './templates/autopay-failed.js';
import { type BookingConfirmation, bookingConfirmation } from './templates/booking-confirmation.js';
import { cancellation } from './templates/cancellation.js';
import { holdExpired } from './templates/hold-expired.js';
import { invoiceIssued } from './templates/invoice-issued.js';
import { ownerStatementMail } from './templates/owner-statement.js';
import { paymentReceipt } from './templates/payment-receipt.js';
import { preArrival } from './templates/pre-arrival.js';
import type { PropertyFacts, StayFacts } from './templates/stay.js';

export const SAMPLE_SITE: MailSite = {
  name: 'Seaside Rentals',
  siteUrl: 'https://www.seaside.example',
  address: '1 Harbour Road, Cape May, NJ',
  email: 'stay@seaside.example',
  phone: '+1 609 555 0100',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'America/New_York',
  checkInTime: '16:00',
  checkOutTime: '10:00',
};

export const SAMPLE_STAY: StayFacts = {
  reservationId: 1042,
  guestName: 'Rita Gomez',
  dateFrom: '2027-08-01',
  dateTo: '2027-08-05',
  nights: 4,
  guests: { adults: 2, children: 1, pets: 0 },
};
export const SAMPLE_PROPERTY: PropertyFacts = {
  name: 'Dune Cottage',
  address: '12 Beach Ave',
  location: 'Cape May',
};
export const SAMPLE_POLICY =
  'Free cancellation up to 14 days before check-in.\nAfter that, the first night is kept.';

export const SAMPLE_CONFIRMATION: BookingConfirmation = {
  stay: SAMPLE_STAY,
  property: SAMPLE_PROPERTY,
  price: {
    lines: [
      { label: 'Nights', amount: 800 },
      { label: 'Cleaning fee', amount: 120 },
      { label: 'Booking fee', amount: 25 },
      { label: 'Tax', amount: 73.6 },
    ],
    total: 1018.6,
  },
  amountDue: 1018.6,
  paymentUrl: 'https://www.seaside.example/pay?invoiceId=77&token=abc',
  holdUntil: '2027-07-02T18:30:00.000Z',
  cancellationPolicy: SAMPLE_POLICY,
};

export const SAMPLE_STATEMENT: OwnerStatement = {
  month: '2027-06',
  dateFrom: '2027-06-01',
  dateTo: '2027-06-30',
  landlord: 2,
  landlordName: 'Lee Landlord',
  items: [
    {
      propertyId: 3,
      name: 'Dune Cottage',
      type: 'vr',
      income: 4200,
      expenses: 310.5,
      net: 3889.5,
      transactions: 6,
    },
    {
      propertyId: 5,
      name: 'Elm Street 4B',
      type: 'ltr',
      income: 1850,
      expenses: 0,
      net: 1850,
      transactions: 2,
    },
  ],
  totals: { income: 6050, expenses: 310.5, net: 5739.5 },
};

/** One sample of every kind, as rendered/ and the local mail page show them. */
export const SAMPLES: Readonly<Record<string, RenderedMail>> = {
  'booking-confirmation': bookingConfirmation(SAMPLE_SITE, SAMPLE_CONFIRMATION),
  'booking-confirmation-paid': bookingConfirmation(SAMPLE_SITE, {
    ...SAMPLE_CONFIRMATION,
    amountDue: 0,
    paymentUrl: null,
    holdUntil: null,
  }),
  'hold-expired': holdExpired(SAMPLE_SITE, { stay: SAMPLE_STAY, property: SAMPLE_PROPERTY }),
  'payment-receipt': paymentReceipt(SAMPLE_SITE, {
    payerName: 'Rita',
    payment: { paymentId: 301, amount: 500, method: 'card', date: '2027-07-01', reference: 'pi_3Abc' },
    invoice: { invoiceId: 77, description: 'BOOKING', total: 1018.6, paid: 500 },
    amountDue: 518.6,
    propertyName: 'Dune Cottage',
  }),
  cancellation: cancellation(SAMPLE_SITE, {
    stay: SAMPLE_STAY,
    property: SAMPLE_PROPERTY,
    cancellationPolicy: SAMPLE_POLICY,
  }),
  'pre-arrival': preArrival(SAMPLE_SITE, {
    stay: SAMPLE_STAY,
    property: SAMPLE_PROPERTY,
    checkInInstructions: 'The key box is left of the door; code 4711.\nParking: the gravel space in front.',
  }),
  'owner-statement': ownerStatementMail(SAMPLE_SITE, SAMPLE_STATEMENT),
  'application-approved': applicationDecision(SAMPLE_SITE, {
    firstName: 'Rita',
    applicationId: 12,
    propertyName: 'Elm Street 4B',
    note: 'Keys are at the office from 9 am.',
    lease: { startDate: '2027-09-01', endDate: '', rent: 1850, deposit: 1850, dueDay: 1 },
  }),
  'application-declined': applicationDecision(SAMPLE_SITE, {
    firstName: 'Rita',
    applicationId: 13,
    propertyName: 'Elm Street 4B',
    note: '',
    lease: null,
  }),
  'invoice-issued': invoiceIssued(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 210,
    kind: 'rent',
    propertyName: 'Elm Street 4B',
    lines: [{ label: 'Rent 2027-10 (17 of 31 days)', amount: 1014.52 }],
    total: 1014.52,
    amountDue: 1014.52,
    dueDate: '2027-10-15',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=210&token=abc',
  }),
  'late-fee-posted': invoiceIssued(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 233,
    kind: 'lateFee',
    propertyName: 'Elm Street 4B',
    lines: [{ label: 'Late fee 2027-11 (rent invoice #221, through 2027-11-07)', amount: 50 }],
    total: 50,
    amountDue: 50,
    dueDate: '2027-11-07',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=233&token=def',
  }),
  'rent-reminder': invoiceIssued(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 240,
    kind: 'reminder',
    propertyName: 'Elm Street 4B',
    lines: [{ label: 'Rent 2027-12', amount: 1850 }],
    total: 1850,
    amountDue: 1850,
    dueDate: '2027-12-01',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=240&token=jkl',
  }),
  'autopay-failed': autopayFailed(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 221,
    propertyName: 'Elm Street 4B',
    amountDue: 1850,
    dueDate: '2027-11-01',
    reason: 'Your card was declined.',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=221&token=ghi',
  }),
  activation: activation(SAMPLE_SITE, {
    firstName: 'Rita',
    link: 'https://www.seaside.example/activate?h=x',
    hours: 48,
  }),
  'accounting-consent': accountingConsent(SAMPLE_SITE, {
    reason: 'QuickBooks answered invalid_grant to the refresh token',
    since: '2027-08-01T20:00:00Z',
    connectUrl: 'https://api.seaside.example/API/accounting/oauth-start.php',
  }),
};
