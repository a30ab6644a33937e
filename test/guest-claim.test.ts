/**
 * A guest record's stays join an account only through the claim link (DESIGN.md "Identity and sessions",
 * docs/tenants.md "Claiming a guest record's stays"): mailed to the address when its account is activated or its
 * password reset, opened while signed in to that account with its password. The stranger's case end to end:
 * someone registers another person's address first; the owner takes the account back with a reset and then
 * claims the stays, while the stranger can claim nothing. The books of the moved invoices stay whole.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH,
  askForReset,
  CLAIM_LINK,
  confirmReset,
  mailedLink,
  mailsTo,
  openClaim,
  resetLinkOf,
} from './support/account-links.js';
import { guestBody, guestBook, siteDay, stayTenantId } from './support/booking.js';
import { createVrProperty, registeredTenant, tenantSession, uniqueEmail } from './support/builders.js';
import { type ApiResponse, Client, problem, signedIn } from './support/client.js';
import { jobsCaughtUp } from './support/jobs.js';
import { expectBooksWhole } from './support/payments.js';

const PORTAL = '/API/tenantPortal/V1';
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let nextNight = 30;
/** A fresh one-night stay, so no two bookings of this file meet. */
function oneNight() {
  const from = siteDay(nextNight);
  nextNight += 2;
  return { from, to: siteDay(nextNight - 1) };
}

async function bookAsGuest(propertyId: number, email: string): Promise<ApiResponse> {
  const { from, to } = oneNight();
  const res = await guestBook(guestBody(propertyId, from, to, { email, name: 'Olive Owner' }));
  expect(res.status, res.text).toBe(200);
  // Its confirmation is sent before anything else mails the address, so "the newest mail" is what comes next.
  await jobsCaughtUp();
  return res;
}

async function portalOf(client: Client) {
  const [stays, invoices] = await Promise.all([
    client.get(`${PORTAL}/reservations.json`),
    client.get(`${PORTAL}/invoices.json`),
  ]);
  expect(stays.status, stays.text).toBe(200);
  expect(invoices.status, invoices.text).toBe(200);
  return {
    reservations: (stays.body.items as { reservationId: number }[]).map((r) => r.reservationId).sort(),
    invoices: (invoices.body.items as { invoiceId: number }[]).map((i) => i.invoiceId).sort(),
  };
}

async function adminTenant(tenantId: number) {
  const res = await (await signedIn('super')).get(`/API/adminTenants/V1/tenants/${tenantId}.json`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const register = (email: string, password: string, firstName = 'Stan') =>
  new Client().post(`${AUTH}/register.json`, {
    tenantFirstName: firstName,
    tenantLastName: 'Registrant',
    tenantEmail: email,
    password,
    password2: password,
  });

/** The newest activation mail to the address and its link. */
async function activationOf(email: string): Promise<{ link: URL; text: string }> {
  const link = await mailedLink(email, /https?:\/\/\S+activate\.json\?\S+/g);
  const mail = (await mailsTo(email)).findLast((m) => m.body.text?.includes(link.search));
  return { link, text: mail?.body.text ?? '' };
}

const sorted = (ids: unknown[]) => ids.map(Number).sort();

describe('a stranger registers the address of someone who booked as a guest', () => {
  it('the owner resets the password through the mailed link, signs in and claims the stays; the stranger claims nothing', {
    // Four accounts, two resets' worth of mail and a drain of the message jobs after each mail: over 30 s on a
    // busy machine.
    timeout: 120_000,
  }, async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const email = uniqueEmail('owner');
    const first = await bookAsGuest(propertyId, email);
    const second = await bookAsGuest(propertyId, email);
    const guestId = await stayTenantId(first.body.reservationId);
    const stays = sorted([first.body.reservationId, second.body.reservationId]);
    const invoices = sorted([first.body.invoiceId, second.body.invoiceId]);

    // The stranger registers the owner's address first, with a password of their own.
    const strangerPassword = 'the-strangers-password';
    expect((await register(email, strangerPassword)).status).toBe(200);
    const { link: activation, text } = await activationOf(email);
    expect(text).toMatch(/If you did not create this account, reset the password/);

    // The owner opens the activation mail: the account is active (with the stranger's password) and nothing of
    // the guest record joins it; the claim link is mailed to the owner's address.
    const ownerBrowser = new Client();
    const activated = await ownerBrowser.get(`${activation.pathname}${activation.search}`);
    expect(activated.status, activated.text).toBe(200);
    const accountId = Number((activated.body.user as { tenantId: number }).tenantId);
    expect(accountId).not.toBe(guestId);
    expect(await adminTenant(guestId)).toMatchObject({ isGuest: 1 });
    const firstClaim = await mailedLink(email, CLAIM_LINK);
    const claimMail = (await mailsTo(email)).find((m) => /We found 2 bookings/.test(m.subject));
    expect(claimMail?.body.text).toMatch(/sign in with your password/);

    // The activation's session is no password sign-in: it cannot claim, and nothing moves.
    const notSignedIn = await openClaim(firstClaim, ownerBrowser);
    expect(notSignedIn.status, notSignedIn.text).toBe(401);
    expect(problem(notSignedIn).detail).toMatch(/Sign in with your password/);

    // The stranger signs in with their password: the portal shows nothing of the guest's stays, and without the
    // mailed link they claim nothing; nor does the stranger's own account with the owner's real link.
    const stranger = await tenantSession({ email, password: strangerPassword });
    expect(await portalOf(stranger)).toEqual({ reservations: [], invoices: [] });
    const guessed = new URL(firstClaim);
    guessed.searchParams.set('token', 'G'.repeat(43));
    expect((await openClaim(guessed, stranger)).status).toBe(404);
    const strangersOwn = uniqueEmail('stranger');
    await registeredTenant({
      tenantEmail: strangersOwn,
      password: strangerPassword,
      password2: strangerPassword,
    });
    const strangersOwnSession = await tenantSession({ email: strangersOwn, password: strangerPassword });
    const otherAccount = await openClaim(firstClaim, strangersOwnSession);
    expect(otherAccount.status, otherAccount.text).toBe(404);
    expect(await adminTenant(guestId)).toMatchObject({ isGuest: 1 });
    expect(await portalOf(strangersOwnSession)).toEqual({ reservations: [], invoices: [] });

    // The owner resets the password through the link mailed to the address.
    expect((await askForReset(email)).status).toBe(202);
    const reset = await confirmReset(await resetLinkOf(email), 'the-owners-own-password');
    expect(reset.status, reset.text).toBe(200);

    // The stranger's session ended and their password no longer signs in.
    expect((await stranger.get(`${AUTH}/me.json`)).status).toBe(401);
    expect(
      (await new Client().post(`${AUTH}/login.json`, { email, password: strangerPassword })).status,
    ).toBe(401);

    // The owner signs in and opens the claim link the reset mailed (it replaced the first one).
    const owner = await tenantSession({ email, password: 'the-owners-own-password' });
    const claimLink = await mailedLink(email, CLAIM_LINK);
    expect(claimLink.href).not.toBe(firstClaim.href);
    expect((await openClaim(firstClaim, owner)).status).toBe(404);
    const claimed = await openClaim(claimLink, owner);
    expect(claimed.status, claimed.text).toBe(200);
    expect(sorted(claimed.body.reservationIds as unknown[])).toEqual(stays);
    expect(sorted(claimed.body.invoiceIds as unknown[])).toEqual(invoices);
    expect(await portalOf(owner)).toEqual({ reservations: stays, invoices });
    for (const id of stays) expect(await stayTenantId(id)).toBe(accountId);
    await expectBooksWhole(invoices);

    // Used once: the link again is a 404; the guest record is claimed, and a later guest booking of the
    // address makes a new guest record, which joins nothing.
    expect((await openClaim(claimLink, owner)).status).toBe(404);
    expect(await adminTenant(guestId)).toMatchObject({ isGuest: 1 });
    const later = await bookAsGuest(propertyId, email);
    const laterGuest = await stayTenantId(later.body.reservationId);
    expect([guestId, accountId]).not.toContain(laterGuest);
    expect((await portalOf(owner)).reservations).toEqual(stays);
  });
});

describe('the claim link', () => {
  it('is mailed at activation when the address booked as a guest, and not when it did not', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const booker = uniqueEmail('booker');
    await bookAsGuest(propertyId, booker);
    const { password } = await registeredTenant({ tenantEmail: booker });
    const link = await mailedLink(booker, CLAIM_LINK);
    expect(
      (await mailsTo(booker)).some((m) => m.subject === 'We found 1 booking made with this address'),
    ).toBe(true);
    const client = await tenantSession({ email: booker, password });
    expect((await openClaim(link, client)).status).toBe(200);
    expect((await portalOf(client)).reservations).toHaveLength(1);

    const nobody = (await registeredTenant()).email;
    await mailedLink(nobody, /https?:\/\/\S+activate\.json\S+/g);
    expect((await mailsTo(nobody)).filter((m) => (m.body.text ?? '').match(CLAIM_LINK))).toEqual([]);
  });

  it('keeps the books whole when the stays it moves were paid: the payment and its journal stay with the invoice', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const email = uniqueEmail('paid');
    const booked = await bookAsGuest(propertyId, email);
    const invoiceId = Number(booked.body.invoiceId);
    const admin = await signedIn('super');
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: 50,
      method: 'cash',
      date: siteDay(0),
    });
    expect(paid.status, paid.text).toBe(201);
    const before = await admin.get(`/API/adminInvoices/V1/invoice/${invoiceId}.json`);
    const { password } = await registeredTenant({ tenantEmail: email });
    const client = await tenantSession({ email, password });
    const claimed = await openClaim(await mailedLink(email, CLAIM_LINK), client);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.invoiceIds).toEqual([invoiceId]);
    const after = await admin.get(`/API/adminInvoices/V1/invoice/${invoiceId}.json`);
    const figures = (res: ApiResponse) => {
      const invoice = (res.body.invoice ?? res.body) as Record<string, unknown>;
      return [invoice.totalComputed, invoice.paidComputed, invoice.status];
    };
    expect(figures(after)).toEqual(figures(before));
    await expectBooksWhole([invoiceId]);
  });

  it('answers a browser with a page: sign in first without a session, the bookings added with one', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const email = uniqueEmail('browser');
    await bookAsGuest(propertyId, email);
    const { password } = await registeredTenant({ tenantEmail: email });
    const link = await mailedLink(email, CLAIM_LINK);
    const open = async (cookie?: string) => {
      const res = await fetch(link, { headers: { ...BROWSER, ...(cookie ? { cookie } : {}) } });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const anonymous = await open();
    expect(anonymous.status).toBe(401);
    expect(anonymous.type).toMatch(/^text\/html/);
    expect(anonymous.text).toContain('Sign in first');
    expect(anonymous.text).toContain('If you did not create this account, reset the password');
    const client = await tenantSession({ email, password });
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const added = await open(cookie);
    expect(added.status).toBe(200);
    expect(added.text).toContain('We added 1 booking and its invoice');
    const again = await open(cookie);
    expect(again.status).toBe(404);
    expect(again.text).toContain('This link cannot be used');
  });
});
