/**
 * The Stripe webhook over HTTP (functions/paymentWebhook; docs/payments.md): intents made by the payment
 * script through the real SDK against the fake Stripe, events signed with the SDK's test header helper.
 * Every event type and status; repeats and races (the same event twice at once, two event ids for one
 * intent, a payment racing a cancel) never count money twice nor leave a paid invoice cancelled; card money
 * the books cannot take is kept as an anomaly, announced, and changes no money (a payment beyond the amount due
 * is settled for the due and the rest refunded: test/payments.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { type ChangeItem, changesOf } from './support/changes.js';
import { Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import {
  createIntent,
  deliver,
  invoicePartition,
  journalImbalance,
  plantInvoice,
  storedIntent,
  useFakeStripe,
  WEBHOOK_PATH,
} from './support/payments.js';

const fake = await useFakeStripe();
useLocalTable();
const { commit } = await import('../shared/db/transaction.js');
const { unpaidInvoiceCancelParts } = await import(
  '../shared/workflows/money-document/unpaid-invoice-cancel.js'
);
/** A cancel of the unpaid invoice as a reservation's cancel makes it (read, then conditioned on what it read). */
const cancelUnpaidInvoice = async (invoiceId: number) =>
  commit(await unpaidInvoiceCancelParts(invoiceId, { actor: 'admin:1', requestId: 'race' }, new Date()));

/** An unpaid invoice with its intent made by the payment script. */
async function invoiceWithIntent(totalCents = 12_550) {
  const { invoiceId } = await plantInvoice({ totalCents });
  const res = await createIntent({ invoiceId });
  expect(res.status).toBe(200);
  return { invoiceId, intentId: String(res.body.paymentIntentId) };
}

const succeededEvent = (intentId: string) => fake.event('payment_intent.succeeded', fake.succeed(intentId));
const outcomeOf = (res: { body: Record<string, unknown> }) => res.body.outcome;
const eventsOf = (changes: ChangeItem[]) =>
  changes.map((c) => (c as ChangeItem & { event?: string }).event).filter(Boolean);

describe('payment_intent events', () => {
  it('processing → 3; again (another event) leaves it', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    const res = await deliver(fake.event('payment_intent.processing', fake.intent(intentId)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, outcome: 'processing' });
    expect((await invoicePartition(invoiceId)).header?.status).toBe(3);
    const again = await deliver(fake.event('payment_intent.processing', fake.intent(intentId)));
    expect(outcomeOf(again)).toBe('unchanged');
  });

  it('processing names the intent in flight: the admin cancel and void are 409s until the payment lands', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    expect(outcomeOf(await deliver(fake.event('payment_intent.processing', fake.intent(intentId))))).toBe(
      'processing',
    );
    expect((await invoicePartition(invoiceId)).header).toMatchObject({
      status: 3,
      processingIntentId: intentId,
    });
    const admin = await signedIn('super');
    const path = `/API/adminInvoices/V1/invoices/${invoiceId}.json`;
    const refused = await admin.delete(path);
    expect(refused.status).toBe(409);
    expect(problem(refused).detail).toContain('card payment processing');
    expect((await admin.put(path, { status: 7 })).status).toBe(409);
    expect((await invoicePartition(invoiceId)).header).toMatchObject({ status: 3, paidCents: 0 });
    expect(outcomeOf(await deliver(succeededEvent(intentId)))).toBe('settled');
    expect((await invoicePartition(invoiceId)).header).toMatchObject({ status: 1, paidCents: 12_550 });
  });

  it('succeeded → one settled card payment by system:stripe, the journal entry, 1 when fully paid, announced', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    await deliver(fake.event('payment_intent.processing', fake.intent(intentId)));
    const res = await deliver(succeededEvent(intentId));
    expect(res.status).toBe(200);
    expect(outcomeOf(res)).toBe('settled');
    const { header, payments, journal } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 1, paidCents: 12_550, refundedCents: 0 });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amountCents: 12_550,
      method: 'card',
      reference: intentId,
      direction: 'in',
      actor: 'system:stripe',
    });
    expect(journal.length).toBeGreaterThan(0);
    expect(journalImbalance(journal)).toBe(0);
    expect(await storedIntent(intentId)).toMatchObject({ settledCents: 12_550 });
    const changes = [...(await changesOf('payment')), ...(await changesOf('invoice', invoiceId))].filter(
      (c) => c.actor === 'system:stripe',
    );
    expect(eventsOf(changes)).toEqual(expect.arrayContaining(['payment.succeeded', 'invoice.paid']));
  });

  it('a part payment leaves the invoice unpaid with the amount paid', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent(20_000);
    const intent = { ...fake.succeed(intentId), amount_received: 5_000 };
    expect(outcomeOf(await deliver(fake.event('payment_intent.succeeded', intent)))).toBe('settled');
    expect((await invoicePartition(invoiceId)).header).toMatchObject({ status: 0, paidCents: 5_000 });
  });

  it('an event delivered twice acts once; another event id for a settled intent changes nothing', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    const event = succeededEvent(intentId);
    expect(outcomeOf(await deliver(event))).toBe('settled');
    const repeat = await deliver(event);
    expect(repeat.status).toBe(200);
    expect(outcomeOf(repeat)).toBe('duplicate');
    expect(outcomeOf(await deliver(succeededEvent(intentId)))).toBe('alreadySettled');
    const { header, payments } = await invoicePartition(invoiceId);
    expect(payments).toHaveLength(1);
    expect(header?.paidCents).toBe(12_550);
  });

  it('the same event racing itself, and two event ids racing for one intent, settle once', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    const event = succeededEvent(intentId);
    const other = succeededEvent(intentId);
    const answers = await Promise.all([event, event, other, event, other].map((e) => deliver(e)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = answers.map(outcomeOf);
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect(outcomes.every((o) => ['settled', 'duplicate', 'alreadySettled'].includes(String(o)))).toBe(true);
    const { header, payments, journal } = await invoicePartition(invoiceId);
    expect(payments).toHaveLength(1);
    expect(header).toMatchObject({ status: 1, paidCents: 12_550 });
    expect(journalImbalance(journal)).toBe(0);
  });

  it('a payment racing a cancel never leaves a paid invoice cancelled, nor counts twice', async () => {
    for (let round = 0; round < 4; round++) {
      const { invoiceId, intentId } = await invoiceWithIntent();
      const event = succeededEvent(intentId);
      const cancel = cancelUnpaidInvoice(invoiceId).then(
        () => 'cancelled',
        () => 'kept',
      );
      const [delivered] = await Promise.all([deliver(event), cancel]);
      expect(delivered.status).toBe(200);
      const { header, payments, journal } = await invoicePartition(invoiceId);
      // Whichever landed first, the card money is a fact: the invoice ends paid, with one payment.
      expect(header).toMatchObject({ status: 1, paidCents: 12_550 });
      expect(payments).toHaveLength(1);
      expect(journalImbalance(journal)).toBe(0);
    }
  });
});

describe('charge.refunded', () => {
  it('records what is new since the last refund; 2 when fully refunded; a stale total changes nothing', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    await deliver(succeededEvent(intentId));
    const part = await deliver(fake.event('charge.refunded', fake.charge(intentId, 5_000)));
    expect(outcomeOf(part)).toBe('refunded');
    expect((await invoicePartition(invoiceId)).header).toMatchObject({
      status: 1,
      paidCents: 7_550,
      refundedCents: 5_000,
    });
    expect(outcomeOf(await deliver(fake.event('charge.refunded', fake.charge(intentId, 5_000))))).toBe(
      'refundAlreadyRecorded',
    );
    const full = fake.event('charge.refunded', fake.charge(intentId, 12_550));
    const [first, second] = await Promise.all([deliver(full), deliver(full)]);
    expect([outcomeOf(first), outcomeOf(second)].sort()).toEqual(['duplicate', 'refunded']);
    const { header, payments, journal } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 2, paidCents: 0, refundedCents: 12_550 });
    expect(payments.map((p) => p.amountCents)).toEqual([12_550, -5_000, -7_550]);
    expect(journalImbalance(journal)).toBe(0);
    expect(eventsOf(await changesOf('invoice', invoiceId))).toContain('invoice.refunded');
  });

  it('is a 409 while the payment it refunds is not recorded (Stripe delivers it again)', async () => {
    const { intentId } = await invoiceWithIntent();
    fake.succeed(intentId);
    const res = await deliver(fake.event('charge.refunded', fake.charge(intentId, 100)));
    expect(res.status).toBe(409);
  });
});

describe('anomalies: card money the books cannot take changes no money', () => {
  const admin = () => signedIn('super');
  const invoicePath = (invoiceId: number) => `/API/adminInvoices/V1/invoices/${invoiceId}.json`;
  type Shown = { anomalies?: Record<string, unknown>[]; paidComputed: number; status: number };

  it('a refund beyond what the charge paid (finding 8) is kept on the invoice, shown to staff and announced; 200, once', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent(12_550);
    expect(outcomeOf(await deliver(succeededEvent(intentId)))).toBe('settled');
    // Would have left paidComputed at 125.50 − 10085.49 = −9959.99.
    const bogus = fake.event('charge.refunded', fake.charge(intentId, 1_008_549));
    const res = await deliver(bogus);
    expect(res.status).toBe(200);
    expect(outcomeOf(res)).toBe('anomaly:refundBeyondCharge');
    const { header, payments, journal } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 1, paidCents: 12_550, refundedCents: 0 });
    expect(payments).toHaveLength(1);
    expect(journalImbalance(journal)).toBe(0);
    expect(header?.anomalies).toEqual([
      expect.objectContaining({
        kind: 'refundBeyondCharge',
        eventId: bogus.id,
        eventType: 'charge.refunded',
        paymentIntentId: intentId,
        chargeId: `ch_${intentId.slice(3)}`,
        amountCents: 1_008_549,
        currency: 'usd',
        detail: expect.stringContaining('1008549'),
        at: expect.any(String),
      }),
    ]);
    const shown = (await (await admin()).get<Shown>(invoicePath(invoiceId))).body;
    expect(shown.paidComputed).toBe(125.5);
    expect(shown.anomalies).toEqual([
      expect.objectContaining({ kind: 'refundBeyondCharge', amount: 10_085.49, currency: 'USD' }),
    ]);
    expect(eventsOf(await changesOf('invoice', invoiceId))).toContain('payment.anomaly');
    expect(outcomeOf(await deliver(bogus))).toBe('duplicate');
    expect((await invoicePartition(invoiceId)).header?.anomalies).toHaveLength(1);
    // The figure could not be right about the charge: a real refund afterwards is still counted in full.
    expect(outcomeOf(await deliver(fake.event('charge.refunded', fake.charge(intentId, 12_550))))).toBe(
      'refunded',
    );
    expect((await invoicePartition(invoiceId)).header).toMatchObject({ status: 2, paidCents: 0 });
  });

  it('a refund that would take the invoice below 0 paid (already refunded by hand) is kept; its total still counts', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent(12_550);
    expect(outcomeOf(await deliver(succeededEvent(intentId)))).toBe('settled');
    const byHand = await (await admin()).post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: -125.5,
      method: 'check',
      date: siteDay(0),
    });
    expect(byHand.status, byHand.text).toBe(201);
    const res = await deliver(fake.event('charge.refunded', fake.charge(intentId, 5_000)));
    expect(outcomeOf(res)).toBe('anomaly:overRefund');
    const { header, payments } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 2, paidCents: 0, refundedCents: 12_550 });
    expect(payments.map((p) => p.amountCents)).toEqual([12_550, -12_550]);
    expect(header?.anomalies).toEqual([expect.objectContaining({ kind: 'overRefund', amountCents: 5_000 })]);
    // Stripe's running total moved with it: the next refund event counts only what is new (another anomaly).
    expect(await storedIntent(intentId)).toMatchObject({ refundedCents: 5_000 });
    const more = await deliver(fake.event('charge.refunded', fake.charge(intentId, 7_000)));
    expect(outcomeOf(more)).toBe('anomaly:overRefund');
    expect((await invoicePartition(invoiceId)).header?.anomalies).toEqual([
      expect.objectContaining({ amountCents: 5_000 }),
      expect.objectContaining({ amountCents: 2_000 }),
    ]);
  });

  it('a card payment for a booking cancelled before it arrived is kept: the booking stays cancelled, nothing is booked; its refund too', async () => {
    const propertyId = await createVrProperty({ units: 1, propertyRate: '150' });
    const booked = await guestBook(guestBody(propertyId, siteDay(40), siteDay(42)));
    expect(booked.status, booked.text).toBe(200);
    const { reservationId, invoiceId, paymentUrl } = booked.body as {
      reservationId: number;
      invoiceId: number;
      paymentUrl: string;
    };
    const token = new URL(paymentUrl).searchParams.get('token');
    const made = await createIntent({ invoiceId, token });
    expect(made.status, made.text).toBe(200);
    const intentId = String(made.body.paymentIntentId);
    const staff = await admin();
    expect((await staff.delete(`/API/adminReservations/V1/reservations/${reservationId}.json`)).status).toBe(
      200,
    );

    const res = await deliver(succeededEvent(intentId));
    expect(res.status).toBe(200);
    expect(outcomeOf(res)).toBe('anomaly:bookingCancelled');
    const { header, payments } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 5, paidCents: 0 });
    expect(payments).toHaveLength(0);
    expect(header?.anomalies).toEqual([
      expect.objectContaining({ kind: 'bookingCancelled', paymentIntentId: intentId, chargeId: null }),
    ]);
    const reservation = await staff.get(`/API/adminReservations/V1/reservations/${reservationId}.json`);
    expect(reservation.body).toMatchObject({ status: '3' });
    expect(outcomeOf(await deliver(succeededEvent(intentId)))).toBe('anomalyAlreadyKept');
    // The money is settled in Stripe: refunded there; the books never held it.
    const refund = await deliver(
      fake.event('charge.refunded', fake.charge(intentId, fake.intent(intentId).amount)),
    );
    expect(outcomeOf(refund)).toBe('anomaly:refundOfAnomaly');
    const after = (await invoicePartition(invoiceId)).header;
    expect(after).toMatchObject({ status: 5, paidCents: 0, refundedCents: 0 });
    expect((after?.anomalies as { kind: string }[] | undefined)?.map((a) => a.kind)).toEqual([
      'bookingCancelled',
      'refundOfAnomaly',
    ]);
  });

  it('a payment in another currency, or beyond its own intent, is kept', async () => {
    const dashboardIntent = (invoiceId: number, fields: Record<string, unknown>) => {
      const event = fake.event('payment_intent.succeeded', {});
      event.data.object = {
        id: `pi_dashboard${Math.random().toString(36).slice(2, 10)}`,
        object: 'payment_intent',
        amount: 1_000,
        amount_received: 1_000,
        currency: 'usd',
        metadata: { invoiceId: String(invoiceId) },
        ...fields,
      };
      return event;
    };
    // More than is due is no anomaly any more: the due is settled, the rest refunded (test/payments.test.ts).
    const { invoiceId } = await plantInvoice({ totalCents: 12_550 });
    expect(outcomeOf(await deliver(dashboardIntent(invoiceId, { currency: 'eur' })))).toBe(
      'anomaly:currencyMismatch',
    );
    expect(outcomeOf(await deliver(dashboardIntent(invoiceId, { amount_received: 2_000 })))).toBe(
      'anomaly:receivedMoreThanIntent',
    );
    const { header, payments } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 0, paidCents: 0 });
    expect(payments).toHaveLength(0);
    expect((header?.anomalies as { kind: string }[] | undefined)?.map((a) => a.kind)).toEqual([
      'currencyMismatch',
      'receivedMoreThanIntent',
    ]);
  });

  it('payment.anomaly reaches subscribers with the invoice as the admin API shows it, anomalies included', async () => {
    const { Receiver } = await import('./webhook-receiver.js');
    const receiver = await Receiver.start();
    // The anomalies of the tests before are announced already: only this test's reaches the receiver.
    await jobsCaughtUp();
    try {
      const staff = await admin();
      const sub = await staff.post('/API/adminWebhooks/V1/subscriptions.json', {
        url: receiver.url,
        events: ['payment.anomaly'],
      });
      expect(sub.status, sub.text).toBe(201);
      receiver.secret = (sub.body as { secret: string }).secret;
      const { invoiceId, intentId } = await invoiceWithIntent(12_550);
      await deliver(succeededEvent(intentId));
      await deliver(fake.event('charge.refunded', fake.charge(intentId, 99_999)));
      await jobsCaughtUp();
      const [delivery] = await receiver.waitFor(1);
      const payload = JSON.parse(delivery?.body ?? '{}') as {
        type: string;
        data: Shown & { invoiceId: number };
        previous?: Record<string, unknown>;
      };
      expect(payload.type).toBe('payment.anomaly');
      expect(payload.data).toMatchObject({ invoiceId, status: 1, paidComputed: 125.5 });
      expect(payload.data.anomalies).toEqual([expect.objectContaining({ kind: 'refundBeyondCharge' })]);
      expect(payload.previous).toMatchObject({ anomalies: null });
      expect(receiver.payloadProblems).toEqual([]);
      await staff.delete(
        `/API/adminWebhooks/V1/subscriptions/${(sub.body as { subscriptionId: number }).subscriptionId}.json`,
      );
    } finally {
      await receiver.stop();
    }
  });
});

describe('disputes, other events, unknown invoices', () => {
  it('charge.dispute.* is recorded on the invoice and announced, the status unchanged', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    await deliver(succeededEvent(intentId));
    const res = await deliver(fake.event('charge.dispute.created', fake.dispute(intentId)));
    expect(outcomeOf(res)).toBe('disputeRecorded');
    const closed = await deliver(fake.event('charge.dispute.closed', fake.dispute(intentId, 'won')));
    expect(outcomeOf(closed)).toBe('disputeRecorded');
    const { header } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 1, paidCents: 12_550, dispute: { status: 'won' } });
    expect(eventsOf(await changesOf('invoice', invoiceId))).toContain('invoice.disputed');
  });

  it('answers 200 to event types it does not handle, and to events of unknown invoices (recorded)', async () => {
    const ignored = await deliver(fake.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(ignored.status).toBe(200);
    expect(outcomeOf(ignored)).toBe('ignored');
    const stranger = { ...fake.event('payment_intent.succeeded', {}) };
    stranger.data.object = {
      id: 'pi_elsewhere',
      object: 'payment_intent',
      amount_received: 999,
      currency: 'usd',
      metadata: { invoiceId: '2000000000' },
    };
    const unknown = await deliver(stranger);
    expect(unknown.status).toBe(200);
    expect(outcomeOf(unknown)).toBe('unknownInvoice');
    expect(outcomeOf(await deliver(stranger))).toBe('duplicate');
  });

  it('answers 400 for a signed body that is not a Stripe event or whose object lacks what it needs', async () => {
    expect((await deliver({ hello: 'world' })).status).toBe(400);
    const { intentId } = await invoiceWithIntent();
    const bad = fake.event('payment_intent.succeeded', { id: intentId, currency: 'usd' });
    const res = await deliver(bad);
    expect(res.status).toBe(400);
    expect(problem(res).errors?.[0]?.field).toBe('data.object.amount_received');
  });
});

describe('signatures', () => {
  const event = () => fake.event('customer.created', { id: 'cus_2', object: 'customer' });

  it('refuses a forged or missing signature (401) and a malformed one (400)', async () => {
    expect((await deliver(event(), { secret: 'whsec_forged' })).status).toBe(401);
    const raw = JSON.stringify(event());
    expect((await new Client().post(WEBHOOK_PATH, undefined, { rawBody: raw })).status).toBe(401);
    const malformed = await new Client().post(WEBHOOK_PATH, undefined, {
      rawBody: raw,
      headers: { 'stripe-signature': 'v1=nothex' },
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses a stale signature and a replay of a captured delivery after the tolerance (401)', async () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    const stale = await deliver(event(), { timestamp: old });
    expect(stale.status).toBe(401);
    expect(problem(stale).detail).toMatch(/tolerance/);
  });

  it('a replay within the tolerance is the same event id: it changes nothing', async () => {
    const { invoiceId, intentId } = await invoiceWithIntent();
    const captured = succeededEvent(intentId);
    const rawBody = JSON.stringify(captured);
    const at = Math.floor(Date.now() / 1000);
    expect(outcomeOf(await deliver(captured, { rawBody, timestamp: at }))).toBe('settled');
    expect(outcomeOf(await deliver(captured, { rawBody, timestamp: at }))).toBe('duplicate');
    expect((await invoicePartition(invoiceId)).payments).toHaveLength(1);
  });

  it('a Function URL (payload 2.0) event reaches the same pipeline', async () => {
    const { handler } = await import('../functions/paymentWebhook/handler.js');
    const { StripeStandIn } = await import('../infra/local/stripe-stand-in.js');
    const body = JSON.stringify(event());
    const v2 = (signature: string) => ({
      version: '2.0',
      rawPath: '/',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      body,
      isBase64Encoded: false,
      requestContext: { requestId: 'fn-url-1', http: { method: 'POST', sourceIp: '203.0.113.9', path: '/' } },
    });
    const context = { getRemainingTimeInMillis: () => 10_000, functionName: 'test' };
    const ok = await handler(
      v2(StripeStandIn.signature(body, 'whsec_test_payments_secret')) as never,
      context as never,
    );
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ outcome: 'ignored' });
    const forged = await handler(
      v2(StripeStandIn.signature(body, 'whsec_forged')) as never,
      context as never,
    );
    expect(forged.statusCode).toBe(401);
  });
});
