/**
 * The password reset (DESIGN.md "Identity and sessions", docs/tenants.md "Password reset"): the same 202 for
 * every address, a single-use link mailed by the message job to an account's address only, valid an hour and
 * stored hashed; the confirmation sets the password under the registration's rules, ends every session, is
 * audited and mails "your password was changed"; the limits per IP and per address.
 */
import { describe, expect, it } from 'vitest';
import { AUTH, askForReset, confirmReset, mailsTo, resetLinkOf } from './support/account-links.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import {
  createTenant,
  createVrProperty,
  registeredTenant,
  tenantSession,
  uniqueEmail,
} from './support/builders.js';
import { changesOf } from './support/changes.js';
import { Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';

useLocalTable();
const { accountTokenPart, readAccountToken } = await import('../shared/data/account-tokens-repo.js');
const { commit } = await import('../shared/db/transaction.js');
const { tenantIdByEmail } = await import('../shared/data/tenants-repo.js');

const NEW_PASSWORD = 'a-brand-new-password';
const SETTINGS = '/API/adminSettings/V1/settings.json';

async function idOf(email: string): Promise<number> {
  const id = await tenantIdByEmail(email);
  if (id === undefined) throw new Error(`no account of ${email}`);
  return id;
}

async function messagesTo(address: string) {
  await jobsCaughtUp();
  const res = await (await signedIn('super')).get<{ items: { kind: string }[] }>(
    '/API/adminMessages/V1/messages.json',
    { query: { to: address } },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((m) => m.kind);
}

describe('asking for a reset', () => {
  it('answers the same 202 for an activated, an unactivated, an admin-made, a guest-only and an unknown address; only accounts are mailed', {
    // Five addresses, a booking and a drain of the message jobs per address: over 30 s on a busy machine.
    timeout: 120_000,
  }, async () => {
    const activated = (await registeredTenant()).email;
    const unactivated = uniqueEmail('unactivated');
    const registered = await new Client().post(`${AUTH}/register.json`, {
      tenantFirstName: 'Una',
      tenantLastName: 'Activated',
      tenantEmail: unactivated,
      password: 'a-good-password',
      password2: 'a-good-password',
    });
    expect(registered.status, registered.text).toBe(200);
    const adminMade = (await createTenant({ isActive: 1 })).tenantEmail;
    const guestOnly = uniqueEmail('guest-only');
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const booked = await guestBook(guestBody(propertyId, siteDay(40), siteDay(41), { email: guestOnly }));
    expect(booked.status, booked.text).toBe(200);
    const unknown = uniqueEmail('unknown');

    const answers: Awaited<ReturnType<typeof askForReset>>[] = [];
    for (const email of [activated, unactivated, adminMade, guestOnly, unknown])
      answers.push(await askForReset(email));
    for (const res of answers) {
      expect(res.status, res.text).toBe(202);
      expect(res.body).toEqual({ success: true });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    for (const email of [activated, unactivated, adminMade]) {
      const link = await resetLinkOf(email);
      expect(link.email).toBe(email);
      expect(await messagesTo(email)).toContain('passwordReset');
    }
    // No mail at all to the unknown address, and nothing in the message log; the guest record's address has its
    // booking confirmation only (a guest record has no password to reset).
    expect(await messagesTo(unknown)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(await messagesTo(guestOnly)).toEqual(['bookingConfirmation']);
  });

  it('counts the mail toward the address’s mails of the day: over them nothing is sent, and the answer is the same 202', async () => {
    const admin = await signedIn('super');
    const { email } = await registeredTenant();
    // The activation link was this address's one mail of the day.
    expect((await admin.put(SETTINGS, { mailsPerAddressPerDay: 1 })).status).toBe(200);
    try {
      const res = await askForReset(email);
      expect(res.status, res.text).toBe(202);
      expect(res.body).toEqual({ success: true });
      expect(await messagesTo(email)).not.toContain('passwordReset');
    } finally {
      expect((await admin.put(SETTINGS, { mailsPerAddressPerDay: 10 })).status).toBe(200);
    }
  });

  it('keeps only the token’s SHA-256 and its sealed copy, with an expiry an hour after the request', async () => {
    const { email } = await registeredTenant();
    const before = Math.floor(Date.now() / 1000);
    expect((await askForReset(email)).status).toBe(202);
    const { token } = await resetLinkOf(email);
    const stored = await readAccountToken('passwordReset', await idOf(email));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(stored?.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
  });

  it('is a 400 naming the field for a missing or malformed address', async () => {
    for (const body of [{}, { email: 'not-an-address' }, { email: 5 }]) {
      const res = await new Client().post(`${AUTH}/passwordReset.json`, body);
      expect(res.status, res.text).toBe(400);
      expect(problem(res).errors?.map((e) => e.field)).toEqual(['email']);
    }
  });
});

describe('the reset link', () => {
  it('sets the password: every session ends, the old password fails, the new one signs in; audited, and the change is mailed', async () => {
    const tenant = await registeredTenant();
    const session = await tenantSession(tenant);
    expect((await session.get(`${AUTH}/me.json`)).status).toBe(200);
    await askForReset(tenant.email);
    const link = await resetLinkOf(tenant.email);

    const res = await confirmReset(link, NEW_PASSWORD);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await session.get(`${AUTH}/me.json`)).status).toBe(401);
    const old = await new Client().post(`${AUTH}/login.json`, tenant);
    expect(old.status).toBe(401);
    expect((await tenantSession({ email: tenant.email, password: NEW_PASSWORD })).cookies.size).toBe(1);

    const tenantId = await idOf(tenant.email);
    const reset = (await changesOf('tenant', tenantId)).find((c) => c.action === 'passwordReset');
    expect(reset?.actor).toBe(`tenant:${tenantId}`);
    expect(reset?.fields.find((f) => f.field === 'passwordHash')).toMatchObject({ old: '***', new: '***' });
    const kinds = await messagesTo(tenant.email);
    expect(kinds).toContain('passwordChanged');
    const changed = (await mailsTo(tenant.email)).find((m) => /password was changed/.test(m.subject));
    expect(changed?.body.text).toMatch(/Every device that was signed in is signed out/);
    expect(changed?.body.text).not.toMatch(/token=/);
  });

  it('works once: the same link again is a 400, and a second request replaces the first link', async () => {
    const tenant = await registeredTenant();
    await askForReset(tenant.email);
    const first = await resetLinkOf(tenant.email);
    await askForReset(tenant.email);
    const second = await resetLinkOf(tenant.email);
    expect(second.token).not.toBe(first.token);

    const replaced = await confirmReset(first, NEW_PASSWORD);
    expect(replaced.status, replaced.text).toBe(400);
    expect(problem(replaced).detail).toMatch(/invalid, expired or already used/);
    expect((await confirmReset(second, NEW_PASSWORD)).status).toBe(200);
    const again = await confirmReset(second, 'yet-another-password');
    expect(again.status, again.text).toBe(400);
    // The password is the one the link set, not the refused one.
    expect((await tenantSession({ email: tenant.email, password: NEW_PASSWORD })).cookies.size).toBe(1);
  });

  it('stops working when it expires: a token stored with an expiry in the past is refused', async () => {
    const tenant = await registeredTenant();
    const tenantId = await idOf(tenant.email);
    const token = 'E'.repeat(43);
    const now = new Date();
    const expired = Math.floor(now.getTime() / 1000) - 1;
    await commit([await accountTokenPart('passwordReset', tenantId, token, expired, now)]);
    const res = await confirmReset({ email: tenant.email, token }, NEW_PASSWORD);
    expect(res.status, res.text).toBe(400);
    // The same token with an expiry ahead works: only the expiry refused it.
    await commit([await accountTokenPart('passwordReset', tenantId, token, expired + 60, now)]);
    expect((await confirmReset({ email: tenant.email, token }, NEW_PASSWORD)).status).toBe(200);
  });

  it('is a 400 for a wrong token, another account’s token or an unknown address; the password keeps the registration’s rules', async () => {
    const tenant = await registeredTenant();
    const other = await registeredTenant();
    await askForReset(other.email);
    const othersLink = await resetLinkOf(other.email);
    for (const link of [
      { email: tenant.email, token: 'W'.repeat(43) },
      { email: tenant.email, token: othersLink.token },
      { email: uniqueEmail('nobody'), token: othersLink.token },
      { email: tenant.email, token: 'short' },
    ]) {
      const res = await confirmReset(link, NEW_PASSWORD);
      expect(res.status, `${link.email} ${link.token}: ${res.text}`).toBe(400);
    }
    await askForReset(tenant.email);
    const link = await resetLinkOf(tenant.email);
    const short = await confirmReset(link, 'short');
    expect(short.status).toBe(400);
    expect(problem(short).errors?.map((e) => e.field)).toEqual(['password']);
    // A refused password uses up nothing: the link still sets a good one.
    expect((await confirmReset(link, NEW_PASSWORD)).status).toBe(200);
    expect((await confirmReset(othersLink, NEW_PASSWORD)).status).toBe(200);
  });

  it('activates an account registered and never activated (the link proves the mailbox); an account staff deactivated stays inactive', async () => {
    const email = uniqueEmail('never-activated');
    const registered = await new Client().post(`${AUTH}/register.json`, {
      tenantFirstName: 'Nev',
      tenantLastName: 'Active',
      tenantEmail: email,
      password: 'a-strangers-password',
      password2: 'a-strangers-password',
    });
    expect(registered.status).toBe(200);
    const activation = (await mailsTo(email))
      .at(-1)
      ?.body.text?.match(/https?:\/\/\S+activate\.json\?\S+/)?.[0];
    await askForReset(email);
    expect((await confirmReset(await resetLinkOf(email), NEW_PASSWORD)).status).toBe(200);
    expect((await tenantSession({ email, password: NEW_PASSWORD })).cookies.size).toBe(1);
    // Its activation link stopped working with it.
    const url = new URL(String(activation));
    expect((await new Client().get(`${url.pathname}${url.search}`)).status).toBe(400);

    const deactivated = await createTenant({ isActive: 1 });
    const admin = await signedIn('super');
    const off = await admin.delete(`/API/adminTenants/V1/tenants/${deactivated.tenantId}.json`);
    expect(off.status, off.text).toBe(200);
    await askForReset(deactivated.tenantEmail);
    expect((await confirmReset(await resetLinkOf(deactivated.tenantEmail), NEW_PASSWORD)).status).toBe(200);
    const login = await new Client().post(`${AUTH}/login.json`, {
      email: deactivated.tenantEmail,
      password: NEW_PASSWORD,
    });
    expect(login.status).toBe(403);
  });
});

describe('the limits', () => {
  it('10 requests an hour per IP, whatever the addresses (known or not), then 429 with Retry-After', async () => {
    const client = new Client();
    for (let i = 1; i <= 10; i++)
      expect((await askForReset(uniqueEmail(`ip-${i}`), client)).status, `request ${i}`).toBe(202);
    const refused = await askForReset((await registeredTenant()).email, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(problem(refused).detail).toMatch(/password reset requests from this address/);
  });

  it('3 requests an hour per address from any IPs, alike for an account and an unknown address', async () => {
    const known = (await registeredTenant()).email;
    const unknown = uniqueEmail('limit-unknown');
    for (const email of [known, unknown]) {
      for (let i = 1; i <= 3; i++)
        expect((await askForReset(email)).status, `${email} request ${i}`).toBe(202);
      const refused = await askForReset(email.toUpperCase());
      expect(refused.status, email).toBe(429);
      expect(problem(refused).detail).toMatch(/for this e-mail address/);
    }
    // Three requests, three reset mails recorded (each link replacing the one before); none for the unknown one.
    expect((await messagesTo(known)).filter((kind) => kind === 'passwordReset')).toHaveLength(3);
    expect(await messagesTo(unknown)).toEqual([]);
  });

  it('10 confirmations an hour per IP, then 429', async () => {
    const client = new Client();
    const email = uniqueEmail('confirm-limit');
    for (let i = 1; i <= 10; i++)
      expect((await confirmReset({ email, token: 'Q'.repeat(43) }, NEW_PASSWORD, client)).status).toBe(400);
    expect((await confirmReset({ email, token: 'Q'.repeat(43) }, NEW_PASSWORD, client)).status).toBe(429);
  });
});
