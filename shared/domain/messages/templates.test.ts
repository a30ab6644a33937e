/**
 * The message templates (docs/messages.md): each kind rendered from sample records, checked in as text and
 * HTML under rendered/ (so a reviewer reads every mail as sent), plus the rules every kind keeps: values
 * escaped in HTML, a visitor's text never a link, amounts in the site currency with two decimals, dates in
 * the site's time zone.
 */
import { describe, expect, it } from 'vitest';
import { day, moment, money } from './format.js';
import type { RenderedMail } from './layout.js';
import { SAMPLE_CONFIRMATION, SAMPLE_PROPERTY, SAMPLE_SITE, SAMPLE_STAY, SAMPLES } from './samples.js';
import { bookingConfirmation } from './templates/booking-confirmation.js';
import { bookingPaid } from './templates/booking-paid.js';
import { cancellation } from './templates/cancellation.js';
import { holdExpired } from './templates/hold-expired.js';
import { paymentReceipt } from './templates/payment-receipt.js';
import { preArrival } from './templates/pre-arrival.js';
import { defang } from './visitor-text.js';

const site = SAMPLE_SITE;
const stay = SAMPLE_STAY;
const property = SAMPLE_PROPERTY;
const confirmation = SAMPLE_CONFIRMATION;

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
    bookingPaid(site, {
      stay: evil,
      property,
      price: confirmation.price,
      paid: confirmation.price.total,
      payment: { paymentId: 1, amount: 5, method: 'card', date: '2027-07-01', reference: null },
      cancellationPolicy: '',
    }),
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
