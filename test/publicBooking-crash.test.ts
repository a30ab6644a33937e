/**
 * No half booking: the booking is one transaction (the reservation workflow's newStayParts with
 * functions/publicBooking/booking-parts.ts), so a failure at
 * any of its parts leaves nothing of it. Each part of a real booking is made to fail in turn (a condition
 * check on an item that does not exist, under the part's own label); then the realistic failures: a coupon
 * used up and a guest e-mail taken after the booking read them; and over HTTP, two bookings racing for a
 * coupon's last use.
 */

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  couponUses,
  getItem,
  guestBody,
  guestBook,
  plantCoupon,
  reservationsOf,
  siteDay,
} from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { bookingParts } = await import('../functions/publicBooking/booking-parts.js');
const { newStayParts } = await import('../shared/workflows/reservations/create.js');
const { guestTenantRecord, newGuestTenantParts } = await import(
  '../shared/workflows/tenants/guest-tenant.js'
);
const { commit, part, TransactionFailed } = await import('../shared/db/transaction.js');
const { getProperty } = await import('../shared/data/properties-repo.js');
const { computeQuote } = await import('../shared/domain/booking/quote.js');
const { nightsOf } = await import('../shared/domain/booking/stay.js');
type TxPart = import('../shared/db/transaction.js').TxPart;
type BookingPlan = import('../functions/publicBooking/booking-parts.js').BookingPlan;

const newCode = (prefix: string) => unique(prefix).replace(/ /g, '').toUpperCase();
let nextTestId = 900_000 + Math.floor(Math.random() * 90_000) * 10;

/** The key a part writes or checks. */
function keyOf(p: TxPart): { PK: string; SK: string } {
  const item = p.item;
  const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key;
  return { PK: String(key?.PK), SK: String(key?.SK) };
}

/** A complete booking of a 1-unit property with a new guest tenant and a coupon, as the service builds it. */
async function plan(overrides: { couponCode?: string; email?: string } = {}) {
  const propertyId = await createVrProperty({
    propertyRate: '120',
    housekeepingFee: '40',
    taxRate: 8,
    units: 1,
  });
  const property = (await getProperty(propertyId))?.record;
  if (!property) throw new Error('no property');
  const couponCode = overrides.couponCode ?? newCode('CRASH');
  if (!overrides.couponCode)
    await plantCoupon({ code: couponCode, type: 'abs', amountCents: 1000, maxUses: 10 });
  const stay = { dateFrom: siteDay(20), dateTo: siteDay(23) };
  const quote = computeQuote({
    property,
    settings: { vrTaxRate: 0, vrTaxRate2: 0 },
    stay,
    datePrices: new Map(),
    adults: 2,
    children: 0,
    pets: 0,
    extraRoomsCents: [],
    coupon: { type: 'abs', amountCents: 1000, percent: 0 },
  });
  const base = nextTestId;
  nextTestId += 10;
  const now = new Date();
  const email = overrides.email ?? `crash-${base}@example.test`;
  const by = { actor: 'guest:10.0.0.1', requestId: 'crash-test' } as const;
  const ctx = { by, now, source: 'website' } as const;
  const tenant = await guestTenantRecord({ name: 'Cora Crash', email }, base, now);
  const reservation = {
    reservationId: base,
    propertyId,
    tenantId: base,
    ...stay,
    name: 'Cora Crash',
    email,
    status: '1',
    totalPriceCents: quote.totalCents,
    orderId: base,
    couponCode,
    source: 'website',
    nightUnits: nightsOf(stay).map((date) => ({ date, unit: 1 })),
    dateCreated: now.toISOString(),
    dateUpdated: now.toISOString(),
  } as const;
  const bookingPlan: BookingPlan = {
    reservation: { ...reservation, nightUnits: [...reservation.nightUnits] },
    ids: { reservationId: base, orderId: base, invoiceId: base, journalEntryId: base },
    property,
    settings: { vrTaxRate: 0, vrTaxRate2: 0 },
    quote,
    today: siteDay(0),
    by,
    now,
  };
  const parts = newStayParts(bookingPlan.reservation, ctx, {
    overbooked: false,
    guest: newGuestTenantParts(tenant, by, now),
    extra: bookingParts(bookingPlan),
  });
  return { propertyId, couponCode, parts };
}

/** What must not exist after a failed booking: every item it puts (changes aside: they have random ids). */
const putKeys = (parts: readonly TxPart[]) => parts.filter((p) => p.item.Put).map(keyOf);

async function expectNothingLeft(
  parts: readonly TxPart[],
  propertyId: number,
  couponCode: string,
  usesBefore: number,
  except: readonly string[] = [],
) {
  for (const key of putKeys(parts).filter((k) => !except.includes(k.PK)))
    expect(await getItem(key.PK, key.SK), `${key.PK} ${key.SK}`).toBeUndefined();
  expect(await couponUses(couponCode)).toBe(usesBefore);
  expect((await getItem(`PROPERTY#${propertyId}`, 'PROPERTY'))?.reservationSeq ?? 0).toBe(0);
  expect(await reservationsOf(propertyId)).toHaveLength(0);
}

describe('a booking that fails at any part leaves nothing behind', () => {
  it('fails each part in turn: nothing of the booking remains; the whole booking then commits', async () => {
    const { propertyId, couponCode, parts } = await plan();
    expect(parts.map((p) => p.label)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^put:reservation /),
        expect.stringMatching(/^claim:night /),
        'update:property reservationSeq',
        expect.stringMatching(/^put:order /),
        expect.stringMatching(/^put:invoice \d+$/),
        expect.stringMatching(/^put:invoice \d+ line 1$/),
        expect.stringMatching(/^put:journal \d+$/),
        expect.stringMatching(/^use:coupon /),
        expect.stringMatching(/^put:tenant /),
        'guard:guestEmail',
        expect.stringMatching(/^change:reservation /),
        expect.stringMatching(/^change:invoice /),
        expect.stringMatching(/^change:tenant /),
      ]),
    );
    for (const [index, broken] of parts.entries()) {
      const crashing = parts.map((p, i) =>
        i === index
          ? part.check(broken.label, { PK: `CRASH#${index}`, SK: 'CRASH' }, 'attribute_exists(PK)')
          : p,
      );
      const error = await commit(crashing).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionFailed);
      expect((error as InstanceType<typeof TransactionFailed>).conditionFailed(broken.label)).toBe(true);
      await expectNothingLeft(parts, propertyId, couponCode, 0);
    }
    await commit(parts);
    for (const key of putKeys(parts)) expect(await getItem(key.PK, key.SK)).toBeDefined();
    expect(await couponUses(couponCode)).toBe(1);
    // One commit and a read-back per part (the booking grew a journal part): minutes on a loaded 2-core CI box.
  }, 180_000);

  it("writes no item every booking writes: a new guest's booking has no COUNT# part (the tenants' total is its job's)", async () => {
    const { parts } = await plan();
    expect(parts.some((p) => keyOf(p).PK.startsWith('TENANT#'))).toBe(true);
    expect(parts.map(keyOf).filter((key) => key.PK.startsWith('COUNT'))).toEqual([]);
  });

  it('a coupon used up after the booking read it fails the booking whole', async () => {
    const code = newCode('GONE');
    await plantCoupon({ code, type: 'abs', amountCents: 1000, maxUses: 3, uses: 3 });
    const { propertyId, parts } = await plan({ couponCode: code });
    const error = await commit(parts).catch((e: unknown) => e);
    expect((error as InstanceType<typeof TransactionFailed>).conditionFailed('use:coupon')).toBe(true);
    await expectNothingLeft(parts, propertyId, code, 3);
  });

  it('a guest record made for the e-mail after the booking read it fails the booking whole', async () => {
    const email = `taken-${Date.now()}@example.test`;
    const { propertyId, couponCode, parts } = await plan({ email });
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: { PK: `UNIQUE#guestEmail#${email}`, SK: 'UNIQUE', entity: 'unique', ownerId: 1 },
      }),
    );
    const error = await commit(parts).catch((e: unknown) => e);
    expect((error as InstanceType<typeof TransactionFailed>).conditionFailed('guard:guestEmail')).toBe(true);
    const guard = `UNIQUE#guestEmail#${email}`;
    await expectNothingLeft(parts, propertyId, couponCode, 0, [guard]);
    expect((await getItem(guard, 'UNIQUE'))?.ownerId).toBe(1);
  });

  it('over HTTP: two bookings race for the last use of a coupon; the loser is a 409 and leaves nothing', async () => {
    const code = newCode('LAST');
    await plantCoupon({ code, type: 'percent', percent: 10, maxUses: 1 });
    const [a, b] = await Promise.all([
      createVrProperty({ propertyRate: '100' }),
      createVrProperty({ propertyRate: '100' }),
    ]);
    const answers = await Promise.all(
      [a, b].map((id) => guestBook(guestBody(id, siteDay(10), siteDay(12), { couponCode: code }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409);
    expect(String(loser?.body.detail)).toMatch(/^The coupon cannot be used: /);
    expect(await couponUses(code)).toBe(1);
    const left = [...(await reservationsOf(a)), ...(await reservationsOf(b))];
    expect(left).toHaveLength(1);
  });
});
