/**
 * Messages to people (docs/messages.md) over HTTP against the local runtime: a booking's confirmation at the
 * local SES once however often its change is delivered, receipts, cancellations (once), an expired hold, the
 * pre-arrival mail with the property's check-in instructions (never public), the landlord's monthly statement
 * with its PDF, a kind turned off (skipped), SES refusing (failed after its tries, the booking untouched), and
 * the message log's filters and roles.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../shared/domain/settings.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { Client, MAIL_URL, signedIn } from './support/client.js';
import { stopLocalMail } from './support/file-runtime.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { invoicePartition, journalImbalance } from './support/payments.js';
import { readPdf } from './support/pdf-text.js';
import { rawTable, TABLE } from './support/table.js';

/** A change item's key (shared/db/keys.ts `keys.change`). */
const changeKey = (changeId: string) => ({ PK: `CHANGE#${changeId}`, SK: 'CHANGE' });

useLocalTable();
const { handler: outbox } = await import('../functions/adminMessages/outbox-consumer.js');
const { sendDueMessages } = await import('../functions/adminMessages/mail-sender.js');
const { sendPreArrivals } = await import('../functions/adminMessages/pre-arrival.js');
const { sendOwnerStatements } = await import('../functions/adminMessages/owner-statements.js');
const { expireHolds } = await import('../functions/publicBooking/hold-expiry.js');

const MESSAGES = '/API/adminMessages/V1/messages.json';
const SETTINGS = '/API/adminSettings/V1/settings.json';
const RESERVATIONS = '/API/adminReservations/V1/reservations';
const admin = await signedIn('super');

afterAll(async () => {
  await admin.put(SETTINGS, {
    messagesOff: [],
    cancellationPolicy: '',
    preArrivalDays: 2,
    ownerStatementDay: 3,
  });
});

interface Message {
  messageId: string;
  kind: string;
  to: string;
  recordType: string;
  recordId: string;
  subject: string;
  status: string;
  attempts: number;
  sesMessageId: string | null;
  sentAt: string | null;
  lastError: string | null;
}

interface StoredMail {
  messageId: string;
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  attachments?: { filename: string; contentType: string; content: string }[];
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  // The jobs queue their messages; the runtime's drain sends the due ones.
  await jobsCaughtUp();
  const { emails } = (await (await fetch(`${MAIL_URL}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.some((t) => t.toLowerCase() === address.toLowerCase()));
}

async function messages(query: Record<string, string | number>): Promise<Message[]> {
  await jobsCaughtUp();
  const res = await admin.get<{ items: Message[] }>(MESSAGES, { query });
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

const about = (recordType: string, recordId: number | string) =>
  messages({ recordType, recordId: String(recordId) });

interface Booked {
  reservationId: number;
  invoiceId: number | null;
  paymentUrl: string | null;
  holdUntil: string | null;
  quote: { total: number; lineItems: { label: string; amount: number }[] };
}

async function book(propertyId: number, from: number, to: number, extra: Record<string, unknown> = {}) {
  const body = guestBody(propertyId, siteDay(from), siteDay(to), extra);
  const res = await guestBook(body);
  expect(res.status, res.text).toBe(200);
  return { ...(res.body as unknown as Booked), email: String(body.email) };
}

/** The change item of a reservation's create, as the stream carries it. */
async function createdChange(reservationId: number): Promise<Record<string, unknown>> {
  const changes = (await changesOf('reservation', reservationId)) as unknown as Record<string, unknown>[];
  const created = changes.find((c) => c.event === 'reservation.created');
  if (!created) throw new Error(`no reservation.created change of ${reservationId}`);
  return created;
}

const streamOf = (item: Record<string, unknown>, sequence: string): DynamoDBStreamEvent => ({
  Records: [
    {
      eventID: sequence,
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: sequence,
        NewImage: marshall(item, { removeUndefinedValues: true }) as never,
      },
    },
  ],
});

describe('a booking’s confirmation', () => {
  it('mails the guest once: stay, every price line, total, amount due, the payment link and the hold', async () => {
    await admin.put(SETTINGS, { cancellationPolicy: 'Free cancellation until 14 days before arrival.' });
    const propertyId = await createVrProperty({ propertyRate: '100', housekeepingFee: '40' });
    const booked = await book(propertyId, 30, 33, { adults: 2, children: 1 });
    const [message] = await about('reservation', booked.reservationId);
    expect(message).toMatchObject({
      kind: 'bookingConfirmation',
      to: booked.email,
      status: 'sent',
      attempts: 1,
      sesMessageId: expect.any(String),
      sentAt: expect.any(String),
      lastError: null,
    });
    const [mail, ...more] = await mailsTo(booked.email);
    expect(more).toEqual([]);
    expect(mail?.messageId).toBe(message?.sesMessageId);
    const text = mail?.body.text ?? '';
    expect(mail?.subject).toMatch(new RegExp(`^Complete your booking at .+ \\(#${booked.reservationId}\\)$`));
    expect(text).toContain(`#${booked.reservationId}`);
    expect(text).toMatch(/Guests:\s+2 adults, 1 child/);
    for (const line of booked.quote.lineItems) expect(text).toMatch(new RegExp(`${line.label}:\\s+\\$`));
    expect(text).toMatch(new RegExp(`Total:\\s+\\$${booked.quote.total.toFixed(2)}`));
    expect(text).toMatch(new RegExp(`Amount due:\\s+\\$${booked.quote.total.toFixed(2)}`));
    expect(text).toContain(booked.paymentUrl as string);
    expect(text).toContain('held for you until');
    expect(text).toContain('Free cancellation until 14 days before arrival.');
  });

  it('sends nothing twice: the stream record delivered again, and two runs of the job at once', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '90' }), 40, 42);
    await jobsCaughtUp();
    const change = await createdChange(booked.reservationId);
    // The same record again, twice at once (a redelivery while a second reader runs).
    await Promise.all([outbox(streamOf(change, '1')), outbox(streamOf(change, '2'))]);
    // A change the runtime never saw, delivered to two runs at once: one of them sends.
    const unseen = { ...change, changeId: `zz${Date.now().toString(36)}race` };
    const runs = await Promise.all([outbox(streamOf(unseen, '3')), outbox(streamOf(unseen, '4'))]);
    expect(runs.every((r) => r.batchItemFailures.length === 0)).toBe(true);
    // The mail sender renders a queued message from its cause, read back by id: the change must exist.
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...change, ...changeKey(unseen.changeId), changeId: unseen.changeId },
      }),
    );
    const logged = await about('reservation', booked.reservationId);
    expect(logged.map((m) => m.messageId).sort()).toEqual(
      [`bookingConfirmation.chg_${change.changeId}`, `bookingConfirmation.chg_${unseen.changeId}`].sort(),
    );
    expect(logged.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
    expect(await mailsTo(booked.email)).toHaveLength(2);
  });

  it('a guest’s name reaches the HTML escaped and its URL defanged', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '80' }), 44, 45, {
      name: '<b>Eve</b> http://evil.example/x',
    });
    await jobsCaughtUp();
    const [mail] = await mailsTo(booked.email);
    expect(mail?.body.html).toContain('&lt;b&gt;Eve&lt;/b&gt; http[:]//evil[.]example/x');
    expect(mail?.body.html).not.toContain('<b>Eve');
    expect(mail?.body.html).not.toContain('evil.example');
    expect(mail?.body.text).not.toContain('evil.example');
  });

  it('a kind turned off sends nothing and is logged skipped', async () => {
    await admin.put(SETTINGS, { messagesOff: ['bookingConfirmation'] });
    try {
      const booked = await book(await createVrProperty({ propertyRate: '70' }), 46, 47);
      const [message] = await about('reservation', booked.reservationId);
      expect(message).toMatchObject({
        kind: 'bookingConfirmation',
        status: 'skipped',
        attempts: 0,
        sesMessageId: null,
      });
      expect(await mailsTo(booked.email)).toEqual([]);
    } finally {
      await admin.put(SETTINGS, { messagesOff: [] });
    }
  });
});

describe('SES refusing', () => {
  it('leaves the message failed after its tries, and nothing else of the booking is affected', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100' });
    const startAgain = await stopLocalMail();
    let booked: Awaited<ReturnType<typeof book>>;
    try {
      booked = await book(propertyId, 50, 52);
      const [first] = await about('reservation', booked.reservationId);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, sesMessageId: null });
      expect(first?.lastError).toEqual(expect.any(String));
      // The sweep as it runs later: 2 min, 10 min, 1 h and 3 h after (each past the previous try's backoff).
      for (const minutes of [2, 10, 60, 180]) {
        const at = new Date(Date.now() + minutes * 60_000);
        await sendDueMessages(() => at, { metrics: false });
      }
      const [last] = await about('reservation', booked.reservationId);
      expect(last).toMatchObject({ status: 'failed', attempts: 5, sesMessageId: null, sentAt: null });
      // Nothing more to try.
      const later = await sendDueMessages(() => new Date(Date.now() + 86_400_000), { metrics: false });
      expect(later.sent + later.failedTries).toBe(0);
    } finally {
      await startAgain();
    }
    const stay = await admin.get<{ status: string; holdUntil: string | null }>(
      `${RESERVATIONS}/${booked.reservationId}.json`,
    );
    expect(stay.body).toMatchObject({ status: '0', holdUntil: booked.holdUntil });
    const invoice = await admin.get<{ status: number; amountDue: number }>(
      `/API/adminInvoices/V1/invoices/${booked.invoiceId}.json`,
    );
    expect(invoice.body).toMatchObject({ status: 0, amountDue: booked.quote.total });
  });
});

describe('a held booking paid in full', () => {
  /** The guest pays on the payment page of the booking's link: the intent, then the card at the stand-in. */
  async function payByCard(booked: Booked) {
    const link = new URL(String(booked.paymentUrl));
    const page = new Client();
    const csrf = await page.get<{ payment_csrf: string }>('/API/payment-csrf.php');
    const intent = await page.post<{ paymentIntentId: string; clientSecret: string }>(
      '/API/payment-create-intent.php',
      {
        invoiceId: booked.invoiceId,
        token: link.searchParams.get('token'),
        payment_csrf: csrf.body.payment_csrf,
      },
    );
    expect(intent.status, intent.text).toBe(200);
    const paid = await fetch(`${link.origin}/v1/payment_intents/${intent.body.paymentIntentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_local_stand_in',
        client_secret: intent.body.clientSecret,
        payment_method: 'pm_card_visa',
        return_url: `${link.origin}${link.pathname}`,
      }),
    });
    expect(paid.status).toBe(200);
  }

  const payByCheck = async (booked: Booked) => {
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${booked.invoiceId}/payments.json`, {
      amount: booked.quote.total,
      method: 'check',
      date: siteDay(0),
      reference: 'chk 2002',
    });
    expect(paid.status, paid.text).toBe(201);
  };

  for (const [how, pay, method, from] of [
    ['by card (the Stripe webhook)', payByCard, 'Card', 74],
    ['recorded by staff', payByCheck, 'Check', 78],
  ] as const)
    it(`${how}: one mail says the booking is confirmed, with the stay and the receipt; no separate receipt`, async () => {
      const booked = await book(await createVrProperty({ propertyRate: '100' }), from, from + 2);
      expect(booked.holdUntil).toEqual(expect.any(String));
      // The guest pays after the hold's mail went out (a mail composed later tells the booking as it is then).
      await jobsCaughtUp();
      await pay(booked);
      await jobsCaughtUp();

      const mails = await mailsTo(booked.email);
      expect(mails.map((m) => m.subject)).toEqual([
        expect.stringMatching(new RegExp(`^Complete your booking at .+ \\(#${booked.reservationId}\\)$`)),
        expect.stringMatching(new RegExp(`^Your booking at .+ is confirmed \\(#${booked.reservationId}\\)$`)),
      ]);
      const text = mails[1]?.body.text ?? '';
      expect(text).toContain('Your booking is confirmed.');
      expect(text).toMatch(new RegExp(`Booking:\\s+#${booked.reservationId}`));
      expect(text).toMatch(/Check-in:\s+\w+day, /);
      expect(text).toMatch(new RegExp(`Method:\\s+${method}`));
      expect(text).toMatch(
        new RegExp(
          `Amount:\\s+\\$${booked.quote.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        ),
      );
      expect(text).toMatch(/Amount due:\s+\$0\.00/);
      const logged = await about('reservation', booked.reservationId);
      expect(logged.map((m) => m.kind).sort()).toEqual(['bookingConfirmation', 'bookingPaid']);
      expect((await messages({ template: 'paymentReceipt', to: booked.email })).length).toBe(0);

      // The books stay whole: the invoice's entries balance, and paid is its payments.
      const { header, payments, journal } = await invoicePartition(Number(booked.invoiceId));
      expect(journalImbalance(journal)).toBe(0);
      const paidCents = payments.reduce((sum, p) => sum + Number(p.amountCents), 0);
      expect(header).toMatchObject({ status: 1, paidCents, totalCents: paidCents });
    });

  it('a hold paid in full before its first mail was composed (the job behind): one "confirmed" mail, the hold mail logged skipped', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 86, 88);
    await jobsCaughtUp();
    await payByCheck(booked);
    await jobsCaughtUp();
    // The booking's change reaches the message job only now (a change it had not seen: a new id).
    const change = await createdChange(booked.reservationId);
    const late = { ...change, changeId: `zz${Date.now().toString(36)}late` };
    await rawTable.send(new PutCommand({ TableName: TABLE, Item: { ...late, ...changeKey(late.changeId) } }));
    const run = await outbox(streamOf(late, '5'));
    expect(run.batchItemFailures).toEqual([]);
    const logged = await about('reservation', booked.reservationId);
    expect(logged.find((m) => m.messageId === `bookingConfirmation.chg_${late.changeId}`)).toMatchObject({
      status: 'skipped',
      attempts: 0,
      sesMessageId: null,
      lastError: 'the hold was paid in full first: the bookingPaid mail confirms it',
    });
    const subjects = (await mailsTo(booked.email)).map((m) => m.subject);
    expect(subjects.filter((subject) => / is confirmed /.test(subject))).toHaveLength(1);
  });
});

describe('receipts, cancellations and holds', () => {
  it('a recorded payment mails its receipt with what is still due', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 60, 62);
    const paid = await admin.post<{ paymentId: number }>(
      `/API/adminPayments/V1/invoices/${booked.invoiceId}/payments.json`,
      { amount: 50, method: 'check', date: siteDay(0), reference: 'chk 1001' },
    );
    expect(paid.status, paid.text).toBe(201);
    const [receipt] = await about('payment', paid.body.paymentId);
    expect(receipt).toMatchObject({ kind: 'paymentReceipt', to: booked.email, status: 'sent' });
    const mail = (await mailsTo(booked.email)).find((m) => m.subject.startsWith('Receipt'));
    expect(mail?.subject).toBe(`Receipt: $50.00 paid on invoice #${booked.invoiceId}`);
    expect(mail?.body.text).toMatch(/Method:\s+Check/);
    expect(mail?.body.text).toMatch(new RegExp(`Still due:\\s+\\$${(booked.quote.total - 50).toFixed(2)}`));
  });

  it('a cancellation done twice (the second a 409) mails once', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 64, 66);
    const first = await admin.delete(`${RESERVATIONS}/${booked.reservationId}.json`);
    expect(first.status, first.text).toBe(200);
    expect((await admin.delete(`${RESERVATIONS}/${booked.reservationId}.json`)).status).toBe(409);
    const logged = await about('reservation', booked.reservationId);
    expect(logged.filter((m) => m.kind === 'cancellation')).toHaveLength(1);
    const cancelled = (await mailsTo(booked.email)).filter((m) => m.subject.includes('is cancelled'));
    expect(cancelled).toHaveLength(1);
  });

  it('a guest booking mails once: by default a hold that runs out unpaid sends nothing more (logged skipped)', async () => {
    // The site's settings as a new store has them.
    await admin.put(SETTINGS, { messagesOff: DEFAULT_SETTINGS.messagesOff });
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 64, 66);
    expect((await expireHolds(new Date(Date.now() + 25 * 3_600_000))).expired).toContain(
      booked.reservationId,
    );
    const logged = await about('reservation', booked.reservationId);
    expect(logged.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['bookingConfirmation', 'sent'],
      ['holdExpired', 'skipped'],
    ]);
    const mails = await mailsTo(booked.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Complete your booking at .+ \(#\d+\)$/),
    ]);
    // What the one mail says instead: until when the dates are held, and that they are released after.
    expect(mails[0]?.body.text).toMatch(/held for you until .+ after that the nights are released/s);
  });

  it('a site that turns holdExpired on mails the guest that the nights are released', async () => {
    await admin.put(SETTINGS, { messagesOff: [] });
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 68, 70);
    expect((await expireHolds(new Date(Date.now() + 25 * 3_600_000))).expired).toContain(
      booked.reservationId,
    );
    const logged = await about('reservation', booked.reservationId);
    expect(logged.map((m) => m.kind).sort()).toEqual(['bookingConfirmation', 'holdExpired']);
    const mail = (await mailsTo(booked.email)).find((m) => m.subject.includes('was not completed'));
    expect(mail?.body.text).toContain('its nights were released. Nothing was charged.');
  });

  it('a stay staff cancel that a channel or calendar brought is not mailed', async () => {
    // A channel's and an iCal calendar's guests booked elsewhere: the triggers leave them out (unit-tested in
    // shared/domain/messages/triggers.test.ts); here an admin block, which has no guest at all.
    const propertyId = await createVrProperty({ propertyRate: '100' });
    const block = await admin.post<{ reservationId: number }>(`${RESERVATIONS}.json`, {
      propertyId,
      dateFrom: siteDay(72),
      dateTo: siteDay(74),
      adminBlock: '1',
    });
    expect(block.status, block.text).toBe(201);
    expect((await admin.delete(`${RESERVATIONS}/${block.body.reservationId}.json`)).status).toBe(200);
    expect(await about('reservation', block.body.reservationId)).toEqual([]);
  });
});

describe('pre-arrival', () => {
  it('mails a confirmed guest the check-in instructions once, preArrivalDays ahead; never a hold', async () => {
    const instructions = 'Key box left of the door, code 4711.';
    const propertyId = await createVrProperty({ propertyRate: '100', checkInInstructions: instructions });
    const email = `arrival-${Date.now()}@example.test`;
    const staffBooked = await admin.post<{ reservationId: number }>(`${RESERVATIONS}.json`, {
      propertyId,
      dateFrom: siteDay(2),
      dateTo: siteDay(4),
      name: 'Ari Arrival',
      email,
    });
    expect(staffBooked.status, staffBooked.text).toBe(201);
    const held = await book(propertyId, 1, 2);
    const later = await book(propertyId, 5, 6);
    const run = await sendPreArrivals(() => new Date());
    expect(run.started.map((m) => m.recordId)).toContain(String(staffBooked.body.reservationId));
    expect(run.started.map((m) => m.recordId)).not.toContain(String(held.reservationId));
    expect(run.started.map((m) => m.recordId)).not.toContain(String(later.reservationId));
    expect((await sendPreArrivals(() => new Date())).started).toEqual([]);
    const mail = (await mailsTo(email)).find((m) => m.subject.startsWith('Your stay at'));
    expect(mail?.body.text).toContain(instructions);
    // Staff booked it for the guest: confirmed by mail too.
    const kinds = (await about('reservation', staffBooked.body.reservationId)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['bookingConfirmation', 'preArrival']);
  });

  it('keeps check-in instructions out of the public catalog and the iCal export', async () => {
    const secret = `door code ${Date.now()}`;
    const propertyId = await createVrProperty({ propertyRate: '100', checkInInstructions: secret });
    const adminView = await admin.get<{ checkInInstructions: string }>(
      `/API/adminProperties/V1/properties/${propertyId}.json`,
    );
    expect(adminView.body.checkInInstructions).toBe(secret);
    const open = await new Client().get(`/API/vrProperties/V1/vrProperties/${propertyId}.json`);
    expect(open.status).toBe(200);
    expect(open.text).not.toContain(secret);
    expect(open.text).not.toContain('checkInInstructions');
    const exported = await admin.get<{ url: string }>(`/API/adminIcal/V1/export/${propertyId}.json`);
    expect(exported.status, exported.text).toBe(200);
    const feed = await fetch(exported.body.url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).not.toContain(secret);
  });
});

describe('the owner statement', () => {
  it('mails each landlord the last month’s statement once, with its PDF: the same figures as the JSON', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', landlord: 2 });
    const booked = await book(propertyId, 80, 81);
    await admin.post(`/API/adminPayments/V1/invoices/${booked.invoiceId}/payments.json`, {
      amount: booked.quote.total,
      method: 'cash',
      date: siteDay(0),
    });
    const month = siteDay(0).slice(0, 7);
    const [year, m] = month.split('-').map(Number) as [number, number];
    const nextMonth = (day: number) =>
      new Date(Date.UTC(m === 12 ? year + 1 : year, m === 12 ? 0 : m, day, 12));
    expect((await sendOwnerStatements(() => nextMonth(2))).month).toBeNull();
    const run = await sendOwnerStatements(() => nextMonth(3));
    expect(run.month).toBe(month);
    expect(run.started.map((s) => s.to)).toContain('lou.landlord@example.test');
    expect((await sendOwnerStatements(() => nextMonth(9))).started).toEqual([]);
    // Queued on the 3rd of next month: the sender of that day sends it, its clock running on from there. On a
    // busy run the local SES may throttle a send (on the real 3rd the runtime mails its own statements too): the
    // message then waits a moment of that clock, so the sender runs again until it went.
    const startedAt = Date.now();
    const senderClock = () => new Date(nextMonth(3).getTime() + (Date.now() - startedAt));
    const statementSent = async () =>
      (await mailsTo('lou.landlord@example.test')).some((m) => m.attachments?.length);
    for (let round = 0; round < 30 && !(await statementSent()); round++) {
      await sendDueMessages(senderClock, { metrics: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const json = await admin.get<{
      totals: {
        income: number;
        expenses: number;
        managementFee: number;
        payouts: number;
        closingBalance: number;
        occupancyTax: { collected: number };
      };
    }>('/API/adminReports/V1/ownerStatement.json', { query: { month, landlord: 2 } });
    expect(json.status, json.text).toBe(200);
    // The landlord's statement, among whatever else the file's bookings mailed the landlord.
    const statements = (await mailsTo('lou.landlord@example.test')).filter((m) => m.attachments?.length);
    const landlordLog = (await messages({ to: 'lou.landlord@example.test' })).map((m) => [
      m.kind,
      m.status,
      m.lastError,
    ]);
    expect(statements, `the landlord's messages: ${JSON.stringify(landlordLog)}`).toHaveLength(1);
    const [mail] = statements;
    const [attachment] = mail?.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `owner-statement-2-${month}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = await readPdf(Buffer.from(attachment?.content ?? '', 'base64'));
    const drawn = pdf.pages.flat();
    const amount = (n: number) =>
      n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const { totals } = json.body;
    for (const total of [
      totals.income,
      totals.expenses,
      totals.managementFee,
      totals.payouts,
      totals.closingBalance,
    ])
      expect(drawn).toContain(amount(total));
    // The stay's money: income, and the site's tax in it held apart (never income).
    expect(totals.occupancyTax.collected).toBeGreaterThan(0);
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(totals.income) + cents(totals.occupancyTax.collected)).toBeGreaterThanOrEqual(
      cents(booked.quote.total),
    );
    // The month was closed before the mail: its fee is charged (10 % of the income, the site's default).
    expect(totals.managementFee).toBeGreaterThan(0);
    expect(mail?.body.text).toMatch(new RegExp(`Closing balance:\\s+\\$${amount(totals.closingBalance)}`));
    const [logged] = await messages({ recordType: 'landlord', recordId: '2', template: 'ownerStatement' });
    expect(logged).toMatchObject({ status: 'sent', to: 'lou.landlord@example.test' });
  });
});

describe('the message log', () => {
  it('filters by address, template and status; pages; landlords and housekeepers may not read it', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 90, 91);
    const mine = await messages({ to: booked.email.toUpperCase() });
    expect(mine.map((m) => m.kind)).toEqual(['bookingConfirmation']);
    expect(await messages({ to: booked.email, template: 'paymentReceipt' })).toEqual([]);
    const sent = await admin.get<{ items: Message[]; total: number; page: number; limit: number }>(MESSAGES, {
      query: { status: 'sent', limit: 2, page: 1 },
    });
    expect(sent.body.items).toHaveLength(2);
    expect(sent.body.total).toBeGreaterThan(2);
    expect(sent.body.items.every((m) => m.status === 'sent')).toBe(true);
    expect((await (await signedIn('svcRep')).get(MESSAGES)).status).toBe(200);
    expect((await (await signedIn('landlord')).get(MESSAGES)).status).toBe(403);
    expect((await (await signedIn('housekeeper')).get(MESSAGES)).status).toBe(403);
    expect((await admin.get(MESSAGES, { query: { recordId: '3' } })).status).toBe(400);
    expect((await admin.get(MESSAGES, { query: { template: 'postcard' } })).status).toBe(400);
    expect((await admin.get(MESSAGES, { query: { status: 'lost' } })).status).toBe(400);
  });
});
