/**
 * Sample records of every message kind: the rendered mails checked in under rendered/ (templates.test.ts) and
 * the samples the local runtime mails to its mail page on a first start with the demo data
 * (infra/local/mail-samples.ts), so a reviewer and a developer read every kind as it is sent.
 */
import { invoiceTitle, lateFeeLineWords, rentLineWords } from '../money-document/words.js';
import {
  type DocumentFacts,
  type OwnerStatement,
  ownerStatement,
  type StatementEntry,
} from '../reports/owner-statement.js';
import type { MailSite } from './format.js';
import type { RenderedMail } from './layout.js';
import { accountingConsent } from './templates/accounting-consent.js';
import { activation } from './templates/activation.js';
import { applicationDecision } from './templates/application-decision.js';
import { autopayFailed } from './templates/autopay-failed.js';
import { autopayOn } from './templates/autopay-on.js';
import { type BookingConfirmation, bookingConfirmation } from './templates/booking-confirmation.js';
import { bookingPaid } from './templates/booking-paid.js';
import { cancellation } from './templates/cancellation.js';
import { guestClaim } from './templates/guest-claim.js';
import { holdExpired } from './templates/hold-expired.js';
import { invoiceIssued } from './templates/invoice-issued.js';
import { overpaymentRefund } from './templates/overpayment-refund.js';
import { ownerStatementMail } from './templates/owner-statement.js';
import { passwordChanged } from './templates/password-changed.js';
import { passwordReset } from './templates/password-reset.js';
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

/** A journal entry of the sample statement: `cash` into the business (negative: out), or a charge to the owner. */
const sampleEntry = (
  entryId: number,
  date: string,
  documentType: 'invoice' | 'expense',
  documentId: number,
  propertyId: number,
  move: { cash: number } | { charge: number },
  split: Pick<StatementEntry, 'taxShareCents' | 'depositCents'> = {},
): StatementEntry => {
  const [account, cents] = 'cash' in move ? ['cash', move.cash] : ['receivable', move.charge];
  const other = 'cash' in move ? (documentType === 'invoice' ? 'receivable' : 'payable') : 'revenue';
  const debit = (a: string, c: number) => ({
    account: a,
    debitCents: Math.max(c, 0),
    creditCents: Math.max(-c, 0),
  });
  return {
    entryId,
    kind: 'sample',
    date,
    documentType,
    documentId,
    propertyId,
    lines: [debit(account, cents), debit(other, -cents)],
    ...split,
  };
};

/** The sample late fee's days: the first late day of the sample November rent. */
const FIRST_LATE_DAY = { from: '2027-11-07', through: '2027-11-07', first: true } as const;

const SAMPLE_DOCUMENTS: Readonly<Record<string, DocumentFacts>> = {
  'invoice#77': { documentKind: 'BOOKING', firstLine: '4 nights', party: 'Rita Gomez' },
  'invoice#81': {
    documentKind: 'RENT',
    firstLine: rentLineWords('2027-06', 30, 30),
    party: 'Tom Tenant',
    title: invoiceTitle({ description: 'RENT', period: '2027-06' }),
  },
  'invoice#82': { documentKind: 'DEPOSIT', firstLine: 'Security deposit', party: 'Tom Tenant' },
  'expense#12': { documentKind: 'HOUSEKEEPING', firstLine: 'Turnover cleaning', party: 'Hana Housekeeper' },
  'expense#13': { documentKind: 'SERVICE', firstLine: 'Pool service', party: 'Blue Pools' },
  'expense#14': { documentKind: 'OWNER', firstLine: 'Owner distribution May 2027', party: 'Lee Landlord' },
  'invoice#90': {
    documentKind: 'OWNER',
    firstLine: 'Management fee June 2027: 10% of income collected 3,840.00',
    party: 'Lee Landlord',
  },
  'invoice#91': {
    documentKind: 'OWNER',
    firstLine: 'Management fee June 2027: 8% of income collected 1,850.00',
    party: 'Lee Landlord',
  },
};

/** The sample statement, computed by the statement's own rules from sample journal entries. */
export const SAMPLE_STATEMENT: OwnerStatement = ownerStatement(
  {
    month: '2027-06',
    dateFrom: '2027-06-01',
    dateTo: '2027-06-30',
    statementDate: '2027-07-03',
    landlord: 2,
    landlordName: 'Lee Landlord',
    landlordAddress: '7 Quay Street\nWilmington, NC 28401',
  },
  [
    {
      property: { propertyId: 3, propertyName: 'Dune Cottage', type: 'vr', isArchived: 0 },
      feePercent: 10,
      feeCharged: true,
      feeRows: [
        {
          kind: 'fee',
          month: '2027-06',
          baseCents: 3_840_00,
          feeCents: 384_00,
          percent: 10,
          monthIncomeCents: 3_840_00,
          minimumCents: 0,
          invoiceId: 90,
        },
      ],
      openingBalanceCents: 3_050_00,
      openingHeld: { depositCents: 0, taxCents: 210_00 },
      reserveCents: 500_00,
      unpaidBills: [
        {
          documentType: 'expense',
          documentId: 15,
          date: '2027-06-28',
          dueDate: '2027-07-28',
          description: 'Pool service (service expense 15)',
          party: 'Blue Pools',
          dueCents: 90_00,
        },
      ],
      entries: [
        sampleEntry(1, '2027-06-02', 'invoice', 77, 3, { cash: 4_200_00 }, { taxShareCents: 280_00 }),
        sampleEntry(2, '2027-06-05', 'expense', 14, 3, { cash: -3_050_00 }),
        sampleEntry(3, '2027-06-09', 'expense', 12, 3, { cash: -180_00 }),
        sampleEntry(4, '2027-06-20', 'invoice', 77, 3, { cash: -100_00 }, { taxShareCents: -20_00 }),
        sampleEntry(5, '2027-06-24', 'expense', 13, 3, { cash: -130_50 }),
        sampleEntry(6, '2027-06-30', 'invoice', 90, 3, { charge: 384_00 }),
      ],
    },
    {
      property: { propertyId: 5, propertyName: 'Elm Street 4B', type: 'ltr', isArchived: 0 },
      feePercent: 8,
      feeCharged: true,
      feeRows: [
        {
          kind: 'fee',
          month: '2027-06',
          baseCents: 1_850_00,
          feeCents: 148_00,
          percent: 8,
          monthIncomeCents: 1_850_00,
          minimumCents: 0,
          invoiceId: 91,
        },
      ],
      openingBalanceCents: 0,
      unpaidRent: [],
      entries: [
        sampleEntry(7, '2027-06-01', 'invoice', 81, 5, { cash: 1_850_00 }),
        sampleEntry(9, '2027-06-01', 'invoice', 82, 5, { cash: 1_850_00 }, { depositCents: 1_850_00 }),
        sampleEntry(8, '2027-06-30', 'invoice', 91, 5, { charge: 148_00 }),
      ],
    },
  ],
  (entry) => SAMPLE_DOCUMENTS[`${entry.documentType}#${entry.documentId}`],
);

/** One sample of every kind, as rendered/ and the local mail page show them. */
export const SAMPLES: Readonly<Record<string, RenderedMail>> = {
  'booking-confirmation': bookingConfirmation(SAMPLE_SITE, SAMPLE_CONFIRMATION),
  'booking-confirmation-paid': bookingConfirmation(SAMPLE_SITE, {
    ...SAMPLE_CONFIRMATION,
    amountDue: 0,
    paymentUrl: null,
    holdUntil: null,
  }),
  'booking-paid': bookingPaid(SAMPLE_SITE, {
    stay: SAMPLE_STAY,
    property: SAMPLE_PROPERTY,
    price: SAMPLE_CONFIRMATION.price,
    paid: 1018.6,
    payment: { paymentId: 302, amount: 1018.6, method: 'card', date: '2027-07-01', reference: 'pi_3Abc' },
    cancellationPolicy: SAMPLE_POLICY,
  }),
  'hold-expired': holdExpired(SAMPLE_SITE, { stay: SAMPLE_STAY, property: SAMPLE_PROPERTY }),
  'payment-receipt': paymentReceipt(SAMPLE_SITE, {
    payerName: 'Rita',
    payment: { paymentId: 301, amount: 500, method: 'card', date: '2027-07-01', reference: 'pi_3Abc' },
    invoice: {
      invoiceId: 77,
      description: invoiceTitle({ description: 'BOOKING' }),
      total: 1018.6,
      paid: 500,
    },
    amountDue: 518.6,
    propertyName: 'Dune Cottage',
  }),
  'overpayment-refund': overpaymentRefund(SAMPLE_SITE, {
    payerName: 'Tom',
    date: '2027-07-02',
    received: 200,
    applied: 100,
    refunded: 100,
    invoice: { invoiceId: 78, description: invoiceTitle({ description: 'RENT', period: '2027-07' }) },
    amountDue: 0,
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
    title: invoiceTitle({ description: 'RENT', period: '2027-10' }),
    kind: 'rent',
    propertyName: 'Elm Street 4B',
    lines: [{ label: rentLineWords('2027-10', 17, 31), amount: 1014.52 }],
    total: 1014.52,
    amountDue: 1014.52,
    dueDate: '2027-10-15',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=210&token=abc',
  }),
  'late-fee-posted': invoiceIssued(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 233,
    title: invoiceTitle({
      description: 'ADJUSTMENT',
      period: '2027-11',
      lateFeeOf: 221,
      lateFeeDays: FIRST_LATE_DAY,
    }),
    kind: 'lateFee',
    propertyName: 'Elm Street 4B',
    lines: [{ label: lateFeeLineWords('2027-11', FIRST_LATE_DAY), amount: 50 }],
    total: 50,
    amountDue: 50,
    dueDate: '2027-11-07',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=233&token=def',
  }),
  'rent-reminder': invoiceIssued(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 240,
    title: invoiceTitle({ description: 'RENT', period: '2027-12' }),
    kind: 'reminder',
    propertyName: 'Elm Street 4B',
    lines: [{ label: rentLineWords('2027-12', 31, 31), amount: 1850 }],
    total: 1850,
    amountDue: 1850,
    dueDate: '2027-12-01',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=240&token=jkl',
  }),
  'autopay-failed': autopayFailed(SAMPLE_SITE, {
    firstName: 'Tom',
    invoiceId: 221,
    title: invoiceTitle({ description: 'RENT', period: '2027-11' }),
    propertyName: 'Elm Street 4B',
    amountDue: 1850,
    dueDate: '2027-11-01',
    reason: 'Your card was declined.',
    paymentUrl: 'https://www.seaside.example/pay?invoiceId=221&token=ghi',
  }),
  'autopay-on': autopayOn(SAMPLE_SITE, {
    firstName: 'Tom',
    brand: 'visa',
    last4: '4242',
    willCharge: [
      {
        invoiceId: 240,
        title: invoiceTitle({ description: 'RENT', period: '2027-12' }),
        dueDate: '2027-12-01',
        amountDue: 1850,
      },
    ],
    willNotCharge: [
      {
        invoiceId: 221,
        title: invoiceTitle({ description: 'RENT', period: '2027-11' }),
        dueDate: '2027-11-01',
        amountDue: 1850,
        paymentUrl: 'https://www.seaside.example/pay?invoiceId=221&token=ghi',
      },
      {
        invoiceId: 233,
        title: invoiceTitle({
          description: 'ADJUSTMENT',
          period: '2027-11',
          lateFeeOf: 221,
          lateFeeDays: FIRST_LATE_DAY,
        }),
        dueDate: '2027-11-07',
        amountDue: 75,
        paymentUrl: 'https://www.seaside.example/pay?invoiceId=233&token=def',
      },
    ],
  }),
  activation: activation(SAMPLE_SITE, {
    firstName: 'Rita',
    link: 'https://www.seaside.example/activate?h=x',
    hours: 48,
    resetLink: 'https://www.seaside.example/reset-password?email=rita%40example.com',
  }),
  'password-reset': passwordReset(SAMPLE_SITE, {
    firstName: 'Rita',
    link: 'https://www.seaside.example/reset-password?email=rita%40example.com&token=abc',
    minutes: 60,
  }),
  'password-changed': passwordChanged(SAMPLE_SITE, {
    firstName: 'Rita',
    at: '2027-07-01T14:05:00.000Z',
    resetLink: 'https://www.seaside.example/reset-password?email=rita%40example.com',
  }),
  'guest-claim': guestClaim(SAMPLE_SITE, {
    firstName: 'Rita',
    bookings: 2,
    link: 'https://www.seaside.example/API/publicAuth/V1/claimBookings.json?token=abc',
    days: 7,
    resetLink: 'https://www.seaside.example/reset-password?email=rita%40example.com',
  }),
  'accounting-consent': accountingConsent(SAMPLE_SITE, {
    reason: 'QuickBooks answered invalid_grant to the refresh token',
    since: '2027-08-01T20:00:00Z',
    connectUrl: 'https://api.seaside.example/API/accounting/oauth-start.php',
  }),
};
