/**
 * Helpers of the card payment tests (test/payments*.test.ts, test/paymentWebhook*.test.ts): a Stripe stand-in
 * of this file's own (infra/local/stripe-stand-in.ts, the local runtime's) wired into this file's runtime, a payment page's client with its CSRF cookie and token, and invoices planted
 * in the file's table.
 */
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect } from 'vitest';
import { HANDLED_STRIPE_EVENTS } from '../../functions/registry.js';
import { StripeStandIn, startStripeStandIn } from '../../infra/local/stripe-stand-in.js';
import { API_URL, type ApiResponse, Client } from './client.js';
import { rawTable, TABLE } from './table.js';

export const CSRF_PATH = '/API/payment-csrf.php';
export const INTENT_PATH = '/API/payment-create-intent.php';
export const WEBHOOK_PATH = '/API/payment-webhook.php';
export const WEBHOOK_SECRET = 'whsec_test_payments_secret';

/**
 * Starts a Stripe stand-in for this test file on its own port (so a test can read its intents and make it
 * fail) and points the handlers at it (they read STRIPE_* per request, and run in this worker); a confirmed
 * payment is announced to this file's webhook. Stopped after the file.
 */
export async function useFakeStripe(): Promise<StripeStandIn> {
  // Subscribed to what the cloud's endpoint is (npm run stripe:webhook): Stripe sends nothing else.
  const fake = await startStripeStandIn({
    url: `${API_URL}${WEBHOOK_PATH}`,
    secret: WEBHOOK_SECRET,
    events: HANDLED_STRIPE_EVENTS,
  });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_payments',
    STRIPE_API_URL: fake.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  afterAll(() => fake.stop());
  return fake;
}

/** A payment page: a fresh client (own IP) holding the CSRF cookie, and the token to send back. */
export async function paymentPage(): Promise<{ client: Client; token: string }> {
  const client = new Client();
  const res = await client.get<{ payment_csrf: string }>(CSRF_PATH);
  if (res.status !== 200) throw new Error(`payment-csrf.php answered ${res.status}`);
  return { client, token: res.body.payment_csrf };
}

/**
 * POST payment-create-intent.php from a payment page, the CSRF token in the body as the spec has it, and the
 * planted invoice's payment-link token as the page takes it from its link (unless the body names one).
 */
export async function createIntent(
  body: Record<string, unknown>,
  page?: { client: Client; token: string },
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const { client, token } = page ?? (await paymentPage());
  const linkToken = 'token' in body ? {} : payTokenOf(Number(body.invoiceId));
  return client.post(INTENT_PATH, { ...body, ...linkToken, payment_csrf: token }, { headers });
}

const plantedTokens = new Map<number, string>();

/** The payment-link token planted with an invoice, as `{token}` (nothing for an invoice planted without one). */
export const payTokenOf = (invoiceId: number): { token?: string } => {
  const token = plantedTokens.get(invoiceId);
  return token === undefined ? {} : { token };
};

let plantedIds = 900_000;

export interface PlantedInvoice {
  invoiceId: number;
  totalCents: number;
  /** Its payment link's token (DESIGN.md "The payment link"). */
  payToken: string;
}

/** An invoice header written straight into the table (no lines or journal: the payment script reads the header). */
export async function plantInvoice(
  fields: { totalCents?: number; status?: number; paidCents?: number; tenantId?: number | null } = {},
): Promise<PlantedInvoice> {
  const invoiceId = ++plantedIds + Math.floor(Math.random() * 1000) * 1000;
  const totalCents = fields.totalCents ?? 12_550;
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `INVOICE#${invoiceId}`,
        SK: 'INVOICE',
        entity: 'invoice',
        invoiceId,
        description: 'RENT',
        tenantId: fields.tenantId === undefined ? 7 : fields.tenantId,
        adminId: null,
        propertyId: null,
        reservationId: null,
        invoiceDate: '2027-01-05',
        dueDate: '2027-01-20',
        tax: 0,
        tax2: 0,
        status: fields.status ?? 0,
        subtotalCents: totalCents,
        taxCents: 0,
        totalCents,
        paidCents: fields.paidCents ?? 0,
        refundedCents: 0,
        dateCreated: '2027-01-05T10:00:00.000Z',
        version: 1,
      },
    }),
  );
  const payToken = randomBytes(32).toString('base64url');
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `INVOICE#${invoiceId}`,
        SK: 'PAYTOKEN',
        entity: 'payToken',
        invoiceId,
        tokenHash: createHash('sha256').update(payToken).digest('hex'),
        tokenSealed: 'not sealed in this test',
        createdAt: '2027-01-05T10:00:00.000Z',
      },
    }),
  );
  plantedTokens.set(invoiceId, payToken);
  return { invoiceId, totalCents, payToken };
}

/** The I8 item of an intent, as stored. */
export async function storedIntent(paymentIntentId: string) {
  const { Item } = await rawTable.send(
    new GetCommand({ TableName: TABLE, Key: { PK: `INTENT#${paymentIntentId}`, SK: 'INTENT' } }),
  );
  return Item;
}

/** POST payment-webhook.php as Stripe would: the event's JSON signed with the SDK's test header helper. */
export function deliver(
  event: object,
  options: { timestamp?: number; secret?: string; client?: Client; rawBody?: string } = {},
): Promise<ApiResponse> {
  const rawBody = options.rawBody ?? JSON.stringify(event);
  const signature = StripeStandIn.signature(rawBody, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  return (options.client ?? new Client()).post(WEBHOOK_PATH, undefined, {
    rawBody,
    headers: { 'stripe-signature': signature },
  });
}

/** An invoice's whole partition: header, payments and journal entries. */
export async function invoicePartition(invoiceId: number) {
  const { Items = [] } = await rawTable.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `INVOICE#${invoiceId}` },
      ConsistentRead: true,
    }),
  );
  const sk = (i: Record<string, unknown>) => String(i.SK);
  return {
    header: Items.find((i) => i.SK === 'INVOICE'),
    payments: Items.filter((i) => sk(i).startsWith('PAYMENT#')),
    journal: Items.filter((i) => sk(i).startsWith('JOURNAL#')),
  };
}

/** Debits less credits over every journal line of the entries (0 when the journal balances). */
export const journalImbalance = (entries: Record<string, unknown>[]) =>
  entries
    .flatMap((e) => e.lines as { debitCents: number; creditCents: number }[])
    .reduce((sum, line) => sum + line.debitCents - line.creditCents, 0);

/**
 * The books of these invoices are whole: each journal entry of each balances (debits = credits), and what the
 * header says is paid is its settled payments less its refunds (refunds are payments of a negative amount).
 */
export async function expectBooksWhole(invoiceIds: readonly number[]): Promise<void> {
  for (const invoiceId of invoiceIds) {
    const { header, payments, journal } = await invoicePartition(invoiceId);
    for (const entry of journal)
      expect(journalImbalance([entry]), `invoice ${invoiceId} entry ${String(entry.SK)}`).toBe(0);
    const settled = payments.reduce((sum, p) => sum + Number(p.amountCents), 0);
    expect(Number(header?.paidCents ?? 0), `invoice ${invoiceId}: paid = payments − refunds`).toBe(settled);
  }
}

/**
 * Confirms a SetupIntent at the stand-in as Stripe.js would from the tenant's page: the publishable key, its
 * client secret and where to come back after a redirect (Stripe wants one while its methods may redirect).
 */
export async function confirmSetup(stripe: StripeStandIn, clientSecret: string, card: string) {
  const id = clientSecret.split('_secret_')[0];
  const res = await fetch(`${stripe.url}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: 'pk_test_local_stand_in',
      client_secret: clientSecret,
      payment_method: card,
      return_url: 'https://site.example/portal',
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Autopay on for the signed-in tenant with a test card: POST autopay.json, confirm, the webhook saves it. */
export async function autopayOn(stripe: StripeStandIn, tenant: Client, card = 'pm_card_visa') {
  const setup = await tenant.post('/API/tenantPortal/V1/autopay.json');
  expect(setup.status, setup.text).toBe(200);
  const confirmed = await confirmSetup(stripe, String(setup.body.clientSecret), card);
  expect(confirmed.status).toBe(200);
  return setup;
}
