/**
 * The QuickBooks sync when QuickBooks says no (docs/accounting.md "Tokens", "Failures"), over HTTP against the
 * local stand-ins: an access token that expires in the middle of a batch is refreshed once and the batch goes
 * on, and one about to expire is refreshed before it is used; a revoked refresh token marks the connection as needing consent, tells the super admins, and loses
 * nothing (what changed meanwhile is pushed after the new consent); a validation fault on one invoice fails only
 * that one, with QuickBooks' words, and it goes once the company takes it and an admin resyncs it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  acceptAgain,
  CONNECTION,
  type ConnectionView,
  connectAccounting,
  entitiesOf,
  expireAccessTokens,
  RESYNC,
  refreshes,
  refuseDocument,
  revokeTokens,
  SYNC,
  syncSettled,
} from './support/accounting.js';
import { siteDay } from './support/booking.js';
import { createTenant } from './support/builders.js';
import { type Client, latestMailTo, problem, signedIn } from './support/client.js';
import { jobsCaughtUp, runJob } from './support/jobs.js';
import { rawTable, TABLE } from './support/table.js';

const SUPER_MAIL = 'sue.super@example.test';
let admin: Client;
let tenantId: number;

beforeAll(async () => {
  admin = await signedIn('super');
  tenantId = (await createTenant({ isActive: 1 })).tenantId;
  // The consent notice goes to every super admin with an address: the fixture's has none.
  await rawTable.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { PK: 'ADMIN#1', SK: 'ADMIN' },
      UpdateExpression: 'SET adminEmail = :mail',
      ExpressionAttributeValues: { ':mail': SUPER_MAIL },
    }),
  );
  await connectAccounting(admin);
});

/** A RENT invoice of the file's tenant with two lines; its id. */
async function newInvoice(amount = '100.00'): Promise<number> {
  const res = await admin.post('/API/adminInvoices/V1/invoices.json', {
    description: 'RENT',
    dueDate: siteDay(30),
    tenantId,
    propertyId: 2001,
    lineItems: [
      { description: 'Rent', amount },
      { description: 'Parking', amount: '15.50', quantity: 2 },
    ],
  });
  expect(res.status, res.text).toBe(201);
  return Number((res.body.invoice as { invoiceId: number }).invoiceId);
}

const docNumbers = async () => (await entitiesOf('Invoice')).map((i) => Number(i.DocNumber));

interface SyncRow {
  recordId: string;
  status: string;
  error: { code: string; message: string } | null;
}

async function syncStateOf(invoiceId: number): Promise<SyncRow | undefined> {
  const res = await admin.get<{ items: SyncRow[] }>(SYNC, {
    query: { recordType: 'invoice', recordId: String(invoiceId) },
  });
  return res.body.items[0];
}

describe('the QuickBooks sync when QuickBooks says no', () => {
  it('refreshes an access token that expires in the middle of a batch once, and the batch goes on', async () => {
    const first = await newInvoice();
    await jobsCaughtUp();
    await syncSettled(admin);
    const batch = await Promise.all(Array.from({ length: 8 }, (_, i) => newInvoice(`${100 + i}.00`)));
    await jobsCaughtUp();
    const before = await refreshes();
    // A few requests into the batch, QuickBooks stops taking the access token (4 workers have calls under way).
    await expireAccessTokens(3);
    const connection = await syncSettled(admin);
    expect(connection).toMatchObject({ waiting: 0, failed: 0, needsConsent: false });
    expect(await refreshes()).toBe(before + 1);
    expect((await docNumbers()).sort()).toEqual([first, ...batch].sort());
  });

  it('refreshes an access token with under 5 minutes left before it uses it (the stand-in still takes it)', async () => {
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: 'INTEGRATION#accounting', SK: 'TOKENS' },
        UpdateExpression: 'SET accessExpiresAt = :soon',
        ExpressionAttributeValues: { ':soon': new Date(Date.now() + 60_000).toISOString() },
      }),
    );
    const before = await refreshes();
    const invoiceId = await newInvoice();
    await jobsCaughtUp();
    await syncSettled(admin);
    expect(await refreshes()).toBe(before + 1);
    expect(await docNumbers()).toContain(invoiceId);
    const connection = await admin.get<{ expiresAt: string }>(CONNECTION);
    expect(Date.parse(connection.body.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('marks the connection as needing consent when the refresh token is revoked, and loses nothing', async () => {
    await revokeTokens();
    const before = await newInvoice();
    await jobsCaughtUp();
    await runJob('accountingSync');
    const stopped = (await admin.get<ConnectionView & { consentError: string }>(CONNECTION)).body;
    expect(stopped).toMatchObject({ connected: true, needsConsent: true });
    expect(stopped.waiting).toBeGreaterThan(0);
    expect(stopped.consentError).toMatch(/invalid_grant/);
    const notice = await latestMailTo(SUPER_MAIL);
    expect(notice.subject).toMatch(/QuickBooks|accounting/i);
    expect(notice.body.text).toContain('/API/accounting/oauth-start.php');

    // Changes keep coming while the connection waits for its consent; no run pushes them.
    const during = await newInvoice();
    await jobsCaughtUp();
    await runJob('accountingSync');
    expect(await docNumbers()).not.toContain(before);
    expect(await docNumbers()).not.toContain(during);
    expect((await syncStateOf(during))?.status).toBe('pending');

    // A new consent to the same company: everything waiting goes.
    await connectAccounting(admin);
    const connection = await syncSettled(admin);
    expect(connection).toMatchObject({ needsConsent: false, waiting: 0, failed: 0 });
    expect(await docNumbers()).toEqual(expect.arrayContaining([before, during]));
  });

  it('fails only the invoice QuickBooks refuses, with its reason; it goes after the fix and a resync', async () => {
    const [ok, refused, alsoOk] = [await newInvoice(), await newInvoice('200.00'), await newInvoice()];
    await refuseDocument('Invoice', refused, 'The books are closed for this period');
    await jobsCaughtUp();
    const connection = await syncSettled(admin, (c) => c.waiting === 0);
    expect(connection.failed).toBe(1);
    expect(await syncStateOf(refused)).toMatchObject({
      status: 'failed',
      error: { code: '6000', message: expect.stringContaining('The books are closed for this period') },
    });
    for (const id of [ok, alsoOk]) expect((await syncStateOf(id))?.status).toBe('synced');
    expect(await docNumbers()).not.toContain(refused);

    // Later changes of other records are not held up by it.
    const later = await newInvoice();
    await jobsCaughtUp();
    await syncSettled(admin);
    expect((await syncStateOf(later))?.status).toBe('synced');
    expect((await syncStateOf(refused))?.status).toBe('failed');

    // The company's bookkeeper fixes it; an admin sends the failed records again.
    await acceptAgain();
    const resync = await admin.post(RESYNC, { failed: true });
    expect(resync.status, resync.text).toBe(200);
    expect(resync.body).toMatchObject({ success: true, queued: 1 });
    expect(await syncSettled(admin)).toMatchObject({ waiting: 0, failed: 0 });
    expect(await syncStateOf(refused)).toMatchObject({ status: 'synced', error: null });
    expect((await docNumbers()).filter((n) => n === refused)).toHaveLength(1);
  });

  it('resyncs one record named by a numeric recordId, as every other id is sent (a fraction is a 400)', async () => {
    const refused = await newInvoice('300.00');
    await refuseDocument('Invoice', refused, 'Not this one');
    await jobsCaughtUp();
    await syncSettled(admin);
    expect((await syncStateOf(refused))?.status).toBe('failed');
    await acceptAgain();
    const bad = await admin.post(RESYNC, { recordType: 'invoice', recordId: 1.5 });
    expect(bad.status).toBe(400);
    expect(problem(bad).errors?.[0]?.field).toBe('recordId');
    const res = await admin.post(RESYNC, { recordType: 'invoice', recordId: refused });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, queued: 1 });
    expect(await syncSettled(admin)).toMatchObject({ waiting: 0, failed: 0 });
    expect(await syncStateOf(refused)).toMatchObject({ status: 'synced', recordId: String(refused) });
  });
});
