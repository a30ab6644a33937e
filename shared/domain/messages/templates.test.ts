/**
 * The message templates (docs/messages.md): each kind rendered from sample records, checked in as text and
 * HTML under rendered/ (so a reviewer reads every mail as sent), plus the rules every kind keeps: values
 * escaped in HTML, a visitor's text never a link, amounts in the site currency with two decimals, dates in
 * the site's time zone.
 */
import { describe, expect, it } from 'vitest';
import type { OwnerStatement } from '../reports/owner-statement.js';
import { day, type MailSite, moment, money } from './format.js';
import type { RenderedMail } from './layout.js';
import { activation } from './templates/activation.js';
import { applicationDecision } from './templates/application-decision.js';
import { type BookingConfirmation, bookingConfirmation } from './templates/booking-confirmation.js';
import { cancellation } from './templates/cancellation.js';
import { holdExpired } from './templates/hold-expired.js';
import { ownerStatementMail } from './templates/owner-statement.js';
import { paymentReceipt } from './templates/payment-receipt.js';
import { preArrival } from './templates/pre-arrival.js';
import type { PropertyFacts, StayFacts } from './templates/stay.js';
import { defang } from './visitor-text.js';

const site: MailSite = {
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

const stay: StayFacts = {
  reservationId: 1042,
  guestName: 'Rita Gomez',
  dateFrom: '2027-08-01',
  dateTo: '2027-08-05',
  nights: 4,
  guests: { adults: 2, children: 1, pets: 0 },
};
const property: PropertyFacts = { name: 'Dune Cottage', address: '12 Beach Ave', location: 'Cape May' };
const policy = 'Free cancellation up to 14 days before check-in.\nAfter that, the first night is kept.';

const confirmation: BookingConfirmation = {
  stay,
  property,
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
  cancellationPolicy: policy,
};

const statement: OwnerStatement = {
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

/** One sample of every kind, as the mail page and rendered/ show them. */
const SAMPLES: Readonly<Record<string, RenderedMail>> = {
  'booking-confirmation': bookingConfirmation(site, confirmation),
  'booking-confirmation-paid': bookingConfirmation(site, {
    ...confirmation,
    amountDue: 0,
    paymentUrl: null,
    holdUntil: null,
  }),
  'hold-expired': holdExpired(site, { stay, property }),
  'payment-receipt': paymentReceipt(site, {
    payerName: 'Rita',
    payment: { paymentId: 301, amount: 500, method: 'card', date: '2027-07-01', reference: 'pi_3Abc' },
    invoice: { invoiceId: 77, description: 'BOOKING', total: 1018.6, paid: 500 },
    amountDue: 518.6,
    propertyName: 'Dune Cottage',
  }),
  cancellation: cancellation(site, { stay, property, cancellationPolicy: policy }),
  'pre-arrival': preArrival(site, {
    stay,
    property,
    checkInInstructions: 'The key box is left of the door; code 4711.\nParking: the gravel space in front.',
  }),
  'owner-statement': ownerStatementMail(site, statement),
  'application-approved': applicationDecision(site, {
    firstName: 'Rita',
    applicationId: 12,
    propertyName: 'Elm Street 4B',
    note: 'Keys are at the office from 9 am.',
    lease: { startDate: '2027-09-01', endDate: '', rent: 1850, deposit: 1850, dueDay: 1 },
  }),
  'application-declined': applicationDecision(site, {
    firstName: 'Rita',
    applicationId: 13,
    propertyName: 'Elm Street 4B',
    note: '',
    lease: null,
  }),
  activation: activation(site, {
    firstName: 'Rita',
    link: 'https://www.seaside.example/activate?h=x',
    hours: 48,
  }),
};

describe('every kind, as sent', () => {
  for (const [name, mail] of Object.entries(SAMPLES)) {
    it(`${name}: text and HTML match rendered/${name}.*`, async () => {
      await expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchFileSnapshot(`rendered/${name}.txt`);
      await expect(mail.html).toMatchFileSnapshot(`rendered/${name}.html`);
    });
  }
});

describe('what every kind keeps', () => {
  const hostile = '<b>Eve</b> http://evil.example/x';
  const evil = { ...stay, guestName: hostile };
  const mails = [
    bookingConfirmation(site, { ...confirmation, stay: evil }),
    holdExpired(site, { stay: evil, property }),
    cancellation(site, { stay: evil, property, cancellationPolicy: '' }),
    preArrival(site, { stay: evil, property, checkInInstructions: '' }),
    paymentReceipt(site, {
      payerName: hostile,
      payment: { paymentId: 1, amount: 5, method: 'cash', date: '2027-07-01', reference: null },
      invoice: { invoiceId: 1, description: 'RENT', total: 5, paid: 5 },
      amountDue: 0,
      propertyName: null,
    }),
  ];

  it('a guest name reaches the HTML escaped and its URL defanged, and is never a link in either part', () => {
    for (const mail of mails) {
      expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; http[:]//evil[.]example/x');
      expect(mail.html).not.toContain('<b>Eve');
      expect(mail.html).not.toContain('evil.example');
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).toContain('http[:]//evil[.]example/x');
    }
  });

  it('escapes every value in HTML, the site’s and staff’s text too', () => {
    const mail = preArrival(
      { ...site, name: 'A & B <Rentals>' },
      {
        stay,
        property: { ...property, name: '"Dune" <Cottage>' },
        checkInInstructions: '<script>x</script>',
      },
    );
    expect(mail.html).toContain('A &amp; B &lt;Rentals&gt;');
    expect(mail.html).toContain('&quot;Dune&quot; &lt;Cottage&gt;');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('keeps a subject on one line', () => {
    const mail = holdExpired(site, { stay, property: { ...property, name: 'Dune\r\nBcc: x@y.example' } });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('writes amounts in the site currency with two decimals, in the site locale', () => {
    expect(money(site, 1018.6)).toBe('$1,018.60');
    expect(money(site, 5)).toBe('$5.00');
    expect(money({ currency: 'EUR', locale: 'de-DE' }, 1234.5)).toBe('1.234,50\u00a0€');
    expect(money({ currency: 'JPY', locale: 'en-US' }, 1200)).toBe('¥1,200.00');
    expect(money({ currency: 'USD', locale: 'xx-not-a-locale' }, 3)).toBe('$3.00');
  });

  it('writes a stay’s days as they are, and a moment in the site’s time zone', () => {
    expect(day(site, '2027-08-01')).toBe('Sunday, August 1, 2027');
    // 18:30 UTC is 14:30 in New York in summer (EDT) and 19:30 in Berlin.
    expect(moment(site, '2027-07-02T18:30:00.000Z')).toBe('July 2, 2027 at 2:30 PM EDT');
    expect(moment({ ...site, timeZone: 'Europe/Berlin' }, '2027-07-02T18:30:00.000Z')).toMatch(
      /^July 2, 2027 at 8:30 PM GMT\+2$/,
    );
  });

  it('a confirmation lists every price line, the total and what is due, with the link and the hold', () => {
    const mail = SAMPLES['booking-confirmation'] as RenderedMail;
    for (const line of ['Nights', 'Cleaning fee', 'Booking fee', 'Tax'])
      expect(mail.text).toMatch(new RegExp(`${line}:\\s+\\$`));
    expect(mail.text).toMatch(/Total:\s+\$1,018\.60/);
    expect(mail.text).toMatch(/Amount due:\s+\$1,018\.60/);
    expect(mail.text).toContain('https://www.seaside.example/pay?invoiceId=77&token=abc');
    expect(mail.html).toContain('href="https://www.seaside.example/pay?invoiceId=77&amp;token=abc"');
    expect(mail.text).toContain('held for you until July 2, 2027 at 2:30 PM EDT');
    expect(mail.text).toContain('Free cancellation up to 14 days');
    expect(mail.subject).toBe('Complete your booking at Dune Cottage (#1042)');
  });

  it('a stay staff booked without an invoice says its total and nothing about paying', () => {
    const mail = bookingConfirmation(site, {
      ...confirmation,
      price: { lines: [], total: 600 },
      amountDue: null,
      paymentUrl: null,
      holdUntil: null,
      cancellationPolicy: '',
    });
    expect(mail.text).toMatch(/Total:\s+\$600\.00/);
    expect(mail.text).not.toMatch(/Amount due|Pay |paid/);
    expect(mail.subject).toBe('Your booking at Dune Cottage is confirmed (#1042)');
  });
});

describe('visitor text', () => {
  it('brackets what would make a name a link: scheme, dots between word characters, @', () => {
    expect(defang('http://evil.example')).toBe('http[:]//evil[.]example');
    expect(defang('www.evil.example/x')).toBe('www[.]evil[.]example/x');
    expect(defang('mallory@evil.example')).toBe('mallory[at]evil[.]example');
    expect(defang('evil。example')).toBe('evil[.]example');
    expect(defang('javascript: //x')).toBe('javascript[:] //x');
  });

  it('leaves ordinary names alone', () => {
    for (const name of ['Rita', 'J. Smith', "O'Brien", 'Zoë-Ann', 'Dr.', '李 小龍'])
      expect(defang(name)).toBe(name);
  });
});
