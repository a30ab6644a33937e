/**
 * A guest never books into an account (DESIGN.md "A booking's tenant session", docs/booking.md): a booking
 * without a session lands on a guest record of its own, whatever account the typed e-mail has; the account's
 * portal shows nothing of it, no mail about the account goes out, and the answer is the same for every kind of
 * address (`tenantId: null`). Registering with the address makes an account of its own; the guest record's stays
 * join it only through the claim link (test/guest-claim.test.ts), whatever bookings race the claim.
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_LINK, mailedLink, openClaim } from './support/account-links.js';
import { guestBody, guestBook, siteDay, stayTenantId } from './support/booking.js';
import {
  createTenant,
  createVrProperty,
  registeredTenant,
  tenantSession,
  uniqueEmail,
} from './support/builders.js';
import { type ApiResponse, Client, latestMailTo, signedIn } from './support/client.js';
import { jobsCaughtUp } from './support/jobs.js';

const PORTAL = '/API/tenantPortal/V1';
const AUTH = '/API/publicAuth/V1';

interface Message {
  kind: string;
  to: string;
  recordType: string;
  recordId: string;
}

async function tenantIdOf(client: Client): Promise<number> {
  const me = await client.get(`${AUTH}/me.json`);
  expect(me.status, me.text).toBe(200);
  return Number(me.body.tenantId);
}

/** What the tenant's portal shows: stays, invoices and ledger lines. */
async function portalOf(client: Client) {
  const [reservations, invoices, ledger] = await Promise.all([
    client.get(`${PORTAL}/reservations.json`),
    client.get(`${PORTAL}/invoices.json`),
    client.get(`${PORTAL}/ledger.json`),
  ]);
  for (const res of [reservations, invoices, ledger]) expect(res.status, res.text).toBe(200);
  return {
    reservations: reservations.body.items as { reservationId: number }[],
    invoices: invoices.body.items as { invoiceId: number }[],
    ledger: ledger.body.items as unknown[],
  };
}

async function adminTenant(tenantId: number) {
  const res = await (await signedIn('super')).get(`/API/adminTenants/V1/tenants/${tenantId}.json`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function messagesTo(address: string): Promise<Message[]> {
  await jobsCaughtUp();
  const res = await (await signedIn('super')).get<{ items: Message[] }>(
    '/API/adminMessages/V1/messages.json',
    { query: { to: address } },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

/** The answer's shape: each field's name and JSON type (the quote's too), without the values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return ['array'];
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, shapeOf(v)]),
  );
}

let nextNight = 20;
/** A fresh one-night stay on the property, so no two bookings of this file meet. */
const oneNight = () => {
  const from = siteDay(nextNight);
  nextNight += 2;
  return { from, to: siteDay(nextNight - 1) };
};

async function bookAsGuest(propertyId: number, email: string, name = 'Stan Stranger'): Promise<ApiResponse> {
  const { from, to } = oneNight();
  const res = await guestBook(guestBody(propertyId, from, to, { email, name }));
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('a guest booking with the e-mail of an account', () => {
  it('lands on a guest record: the account’s portal, ledger and mail show nothing of it', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const victim = await registeredTenant({ tenantFirstName: 'Vera' });
    const victimClient = await tenantSession(victim);
    const victimId = await tenantIdOf(victimClient);
    const before = await messagesTo(victim.email);

    const res = await bookAsGuest(propertyId, victim.email.toUpperCase());

    const tenantId = await stayTenantId(res.body.reservationId);
    expect(tenantId).not.toBe(victimId);
    expect(res.body.invoiceId).toBeGreaterThan(0);
    expect(await adminTenant(tenantId)).toMatchObject({ isGuest: 1, isActive: 0 });
    expect(await adminTenant(victimId)).toMatchObject({ isGuest: 0, isActive: 1 });
    expect(await portalOf(victimClient)).toEqual({ reservations: [], invoices: [], ledger: [] });
    // The only mail to the address is the guest's own booking confirmation, about the stay, in the typed
    // name: nothing of the account (no invoice of it, no portal, not its owner's name).
    const after = (await messagesTo(victim.email)).slice(0, -before.length || undefined);
    expect(after.map((m) => [m.kind, m.recordType, m.recordId])).toEqual([
      ['bookingConfirmation', 'reservation', String(res.body.reservationId)],
    ]);
    const mail = await latestMailTo(victim.email);
    expect(mail.body.text).toMatch(/Stan/);
    expect(mail.body.text).not.toMatch(/Vera|portal|log in/i);
  });

  it('answers alike for a registered, an activated, an admin-made and an unknown address: a new guest record each', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
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
    const unknown = uniqueEmail('unknown');

    const answers: ApiResponse[] = [];
    for (const email of [activated, unactivated, adminMade, unknown])
      answers.push(await bookAsGuest(propertyId, email));

    const [first, ...others] = answers.map((a) => a.body);
    const wording = (body: Record<string, unknown> | undefined) =>
      String(body?.message).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/, '<holdUntil>');
    for (const other of others) {
      expect(shapeOf(other)).toEqual(shapeOf(first));
      expect(wording(other)).toBe(wording(first));
    }
    // The same work for each: a guest record made by this booking, never an account found by the e-mail.
    const ids = await Promise.all(answers.map((a) => stayTenantId(a.body.reservationId)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(await adminTenant(id)).toMatchObject({ isGuest: 1, isActive: 0 });
  });

  it('answers tenantId null to a booking without a session, first or again: the answer never tells whether the address booked before', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const email = uniqueEmail('twice');
    const first = await bookAsGuest(propertyId, email);
    const again = await bookAsGuest(propertyId, email.toUpperCase());
    const account = await bookAsGuest(propertyId, (await registeredTenant()).email);
    for (const res of [first, again, account]) expect(res.body.tenantId).toBeNull();
    // The stays are on guest records all the same (the same one for the same address).
    expect(await stayTenantId(again.body.reservationId)).toBe(await stayTenantId(first.body.reservationId));
    expect(await adminTenant(await stayTenantId(account.body.reservationId))).toMatchObject({ isGuest: 1 });
  });

  it('books a signed-in tenant’s stay on the account', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const owner = await registeredTenant();
    const client = await tenantSession(owner);
    const { from, to } = oneNight();
    const res = await guestBook(guestBody(propertyId, from, to, { email: owner.email }), client);
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenantId).toBe(await tenantIdOf(client));
    expect((await portalOf(client)).reservations.map((r) => r.reservationId)).toEqual([
      res.body.reservationId,
    ]);
  });
});

describe('a stay staff book for an address', () => {
  it('is linked to the address’s account, else to its guest record', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const admin = await signedIn('super');
    const staffBook = async (email: string) => {
      const { from, to } = oneNight();
      const res = await admin.post('/API/adminReservations/V1/reservations.json', {
        propertyId,
        dateFrom: from,
        dateTo: to,
        name: 'Sam Staff',
        email,
      });
      expect(res.status, res.text).toBe(201);
      return (res.body.reservation as { tenantId: number | null }).tenantId;
    };
    const guestEmail = uniqueEmail('staff-guest');
    const guestId = await stayTenantId((await bookAsGuest(propertyId, guestEmail)).body.reservationId);
    expect(await staffBook(guestEmail)).toBe(guestId);
    const owner = await registeredTenant();
    expect(await staffBook(owner.email)).toBe(await tenantIdOf(await tenantSession(owner)));
    expect(await staffBook(uniqueEmail('nobody'))).toBeNull();
  });
});

describe('registering with a guest’s address', () => {
  it('makes a new account: the guest record keeps its stays and invoices until the account claims them', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const email = uniqueEmail('registrant');
    const booked = await bookAsGuest(propertyId, email, 'Clara Claimer');
    const guestId = await stayTenantId(booked.body.reservationId);
    await jobsCaughtUp();

    const owner = await registeredTenant({ tenantEmail: email, tenantFirstName: 'Clara' });
    const client = await tenantSession(owner);

    expect(await tenantIdOf(client)).not.toBe(guestId);
    expect(await adminTenant(guestId)).toMatchObject({ isGuest: 1, isActive: 0 });
    expect(await portalOf(client)).toEqual({ reservations: [], invoices: [], ledger: [] });
    // Until it is claimed, the address's guest bookings go on the same guest record.
    const later = await bookAsGuest(propertyId, email);
    expect(await stayTenantId(later.body.reservationId)).toBe(guestId);
  });

  it('racing guest bookings of the address and the claim: every stay ends on the account or on a new guest record, none on the claimed one', {
    // Two guest bookings, a registration with its mails and five racing requests: over 30 s on a busy machine.
    timeout: 120_000,
  }, async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const email = uniqueEmail('race');
    const first = await bookAsGuest(propertyId, email);
    const guestId = await stayTenantId(first.body.reservationId);
    await jobsCaughtUp();
    const owner = await registeredTenant({ tenantEmail: email });
    const client = await tenantSession(owner);
    const accountId = await tenantIdOf(client);
    const link = await mailedLink(email, CLAIM_LINK);
    const [claimed, ...bookings] = await Promise.all([
      openClaim(link, client),
      ...Array.from({ length: 4 }, () => {
        const { from, to } = oneNight();
        return guestBook(guestBody(propertyId, from, to, { email }));
      }),
    ]);
    expect(claimed.status, claimed.text).toBe(200);
    expect(bookings.map((b) => b.status)).toEqual([200, 200, 200, 200]);
    expect(await adminTenant(guestId)).toMatchObject({ isGuest: 1 });
    const owners = await Promise.all([first, ...bookings].map((b) => stayTenantId(b.body.reservationId)));
    expect(owners).not.toContain(guestId);
    const others = [...new Set(owners.filter((id) => id !== accountId))];
    // The stays booked after the claim are on one new guest record (they found it or made it).
    expect(others.length).toBeLessThanOrEqual(1);
    for (const id of others) expect(await adminTenant(id)).toMatchObject({ isGuest: 1 });
    expect(owners).toContain(accountId);
  });
});
