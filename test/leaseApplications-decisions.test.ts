/**
 * Application decisions over HTTP (docs/leases.md "Application decisions"): an admin reads one application and
 * approves it with lease terms (the lease, its deposit invoice, the tenant's me.json) or declines it with a
 * note; a decided application is a 409, two decisions at once leave one; the applicant is mailed either way
 * (the message log after the jobs caught up); the landlord scope of the single read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createLtrProperty, signedInTenant } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { type Client, latestMailTo, problem, signedIn } from './support/client.js';
import { jobsCaughtUp } from './support/jobs.js';

const APPS = '/API/adminApplications/V1/applications';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let admin: Client;

beforeAll(async () => {
  admin = await signedIn('super');
});

/** A fresh applicant's application for a new listed LTR property (landlord 2 unless given). */
async function application(property: Record<string, unknown> = {}) {
  const propertyId = await createLtrProperty({ onWebsite: 1, landlord: 2, ...property });
  const { tenant, client } = await signedInTenant();
  const applied = await client.post('/API/leaseApplications/V1/apply.json', { propertyId });
  expect(applied.status, applied.text).toBe(200);
  return {
    propertyId,
    tenant,
    client,
    applicationId: (applied.body as { applicationId: number }).applicationId,
  };
}

const decide = (id: number, body: Record<string, unknown>) => admin.post(`${APPS}/${id}/decision.json`, body);

async function messagesAbout(applicationId: number) {
  await jobsCaughtUp();
  const res = await admin.get<{ items: { kind: string; to: string; status: string; subject: string }[] }>(
    '/API/adminMessages/V1/messages.json',
    { query: { recordType: 'application', recordId: applicationId } },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

describe('approve', () => {
  it('makes the lease from the terms for the application’s tenant and property, mails the applicant, shows in me.json', async () => {
    const { propertyId, tenant, client, applicationId } = await application();
    const open = await admin.get(`${APPS}/${applicationId}.json`);
    expect(open.body).toMatchObject({ applicationId, status: 'open', tenantId: tenant.tenantId, propertyId });

    const res = await decide(applicationId, {
      decision: 'approve',
      note: 'Welcome!',
      lease: { startDate: day(-1), rent: '1000', deposit: 500, dueDay: 3 },
    });
    expect(res.status, res.text).toBe(201);
    const leaseId = res.body.leaseId as number;
    expect(res.body.application).toMatchObject({ status: 'approved', leaseId, decisionNote: 'Welcome!' });

    const lease = await admin.get(`/API/adminLeases/V1/leases/${leaseId}.json`);
    expect(lease.body).toMatchObject({
      tenantId: tenant.tenantId,
      propertyId,
      applicationId,
      rent: 1000,
      deposit: 500,
      dueDay: 3,
      status: 'active',
      depositInvoiceId: expect.any(Number),
    });
    const decided = await admin.get(`${APPS}/${applicationId}.json`);
    expect(decided.body).toMatchObject({ status: 'approved', leaseId, decidedAt: expect.any(String) });
    expect((await client.get('/API/publicAuth/V1/me.json')).body).toMatchObject({ propertyId, leaseId });
    const [change] = await changesOf('application', applicationId).then((c) => c.slice(-1));
    expect(change).toMatchObject({ action: 'approved', event: 'application.decided' });

    const again = await decide(applicationId, { decision: 'decline' });
    expect(again.status).toBe(409);
    expect(problem(again).detail).toContain('decided already');

    const messages = await messagesAbout(applicationId);
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'applicationDecision', to: tenant.tenantEmail, status: 'sent' }),
    ]);
    const mail = await latestMailTo(tenant.tenantEmail, 5000, messages[0]?.subject);
    expect(mail.body.text).toContain('is approved');
    expect(mail.body.text).toContain('Welcome!');
    expect(mail.body.text).toMatch(/Monthly rent:\s+\$1,000\.00/);
  });

  it('refuses an approval without terms or with bad ones (400), and one that overlaps a lease (409): still open', async () => {
    const { propertyId, applicationId } = await application();
    expect((await decide(applicationId, { decision: 'approve' })).status).toBe(400);
    expect(
      (await decide(applicationId, { decision: 'approve', lease: { startDate: day(1), dueDay: 29 } })).status,
    ).toBe(400);
    expect((await decide(applicationId, { decision: 'decline', lease: { startDate: day(1) } })).status).toBe(
      400,
    );
    expect((await decide(applicationId, { decision: 'maybe' })).status).toBe(400);
    const other = await signedInTenant();
    const taken = await admin.post('/API/adminLeases/V1/leases.json', {
      tenantId: other.tenant.tenantId,
      propertyId,
      startDate: day(0),
    });
    expect(taken.status, taken.text).toBe(201);
    const overlap = await decide(applicationId, { decision: 'approve', lease: { startDate: day(10) } });
    expect(overlap.status, overlap.text).toBe(409);
    expect((await admin.get(`${APPS}/${applicationId}.json`)).body).toMatchObject({ status: 'open' });
    expect((await decide(999_999, { decision: 'decline' })).status).toBe(404);
  });
});

describe('decline', () => {
  it('closes the application with its note, mails the applicant, and lets the tenant apply again', async () => {
    const { propertyId, tenant, client, applicationId } = await application();
    const res = await decide(applicationId, { decision: 'decline', note: 'We chose another applicant.' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      leaseId: null,
      application: { status: 'declined', decisionNote: 'We chose another applicant.', leaseId: null },
    });
    expect((await decide(applicationId, { decision: 'decline' })).status).toBe(409);
    const listed = await admin.get<{ total: number }>('/API/adminLeases/V1/leases.json', {
      query: { propertyId },
    });
    expect(listed.body.total).toBe(0);
    const again = await client.post('/API/leaseApplications/V1/apply.json', { propertyId });
    expect(again.body).not.toHaveProperty('alreadyApplied');
    expect(again.body.applicationId).not.toBe(applicationId);

    const messages = await messagesAbout(applicationId);
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'applicationDecision', to: tenant.tenantEmail, status: 'sent' }),
    ]);
    const mail = await latestMailTo(tenant.tenantEmail, 5000, messages[0]?.subject);
    expect(mail.body.text).toContain('was not approved');
    expect(mail.body.text).toContain('We chose another applicant.');
  });

  it('two decisions at once: one is recorded, the other is a 409', async () => {
    const { propertyId, applicationId } = await application();
    const answers = await Promise.all([
      decide(applicationId, { decision: 'approve', lease: { startDate: day(3) } }),
      decide(applicationId, { decision: 'decline' }),
    ]);
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([201, 409]);
    const status = (await admin.get(`${APPS}/${applicationId}.json`)).body.status;
    const leases = await admin.get<{ total: number }>('/API/adminLeases/V1/leases.json', {
      query: { propertyId },
    });
    expect(leases.body.total).toBe(status === 'approved' ? 1 : 0);
    expect(await messagesAbout(applicationId)).toHaveLength(1);
  });
});

describe('landlord scope', () => {
  it('a landlord reads its own properties’ applications; another landlord’s is the 404 of a missing one', async () => {
    const landlord = await signedIn('landlord');
    const own = await application({ landlord: 2 });
    const foreign = await application({ landlord: 5 });
    expect((await landlord.get(`${APPS}/${own.applicationId}.json`)).status).toBe(200);
    const res = await landlord.get(`${APPS}/${foreign.applicationId}.json`);
    expect(res.status).toBe(404);
    expect(problem(res).detail).toBe(`Application ${foreign.applicationId} not found`);
    expect(
      (await landlord.post(`${APPS}/${own.applicationId}/decision.json`, { decision: 'decline' })).status,
    ).toBe(403);
  });
});
