/**
 * Helpers of the booking tests (test/publicBooking*.test.ts): the built-in CAPTCHA answered, site dates, a
 * guest booking, coupons and day prices planted in the file's table, and what a property's partition holds.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { type ApiResponse, Client } from './client.js';
import { rawTable, TABLE } from './table.js';

export const BOOKING = '/API/publicBooking/V1';

/** The test fixture's site time zone (test/fixtures/base.json). */
export const SITE_TIME_ZONE = 'UTC';

/** A date `days` after the site's today. */
export const siteDay = (days: number, timeZone = SITE_TIME_ZONE) =>
  addDays(todayIn(timeZone, new Date()), days);

/** Answers a fresh built-in CAPTCHA question ("What is A + B?"). */
export async function solvedCaptcha(client: Client): Promise<{ captcha: string; captcha_sum: string }> {
  const res = await client.get<{ question: string; captcha_sum: string }>(`${BOOKING}/captcha.json`);
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(res.body.question) ?? [];
  return { captcha: String(Number(a) + Number(b)), captcha_sum: res.body.captcha_sum };
}

export const guestBody = (
  propertyId: number,
  dateFrom: string,
  dateTo: string,
  extra: Record<string, unknown> = {},
) => ({
  propertyId,
  dateFrom,
  dateTo,
  name: 'Gina Guest',
  email: `guest-${Math.random().toString(36).slice(2, 10)}@example.test`,
  ...extra,
});

/** A guest booking with a solved CAPTCHA, from `client` (a fresh client, so a fresh IP, by default). */
export async function guestBook(
  body: Record<string, unknown>,
  client = new Client(),
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const captcha = await solvedCaptcha(client);
  return client.post(`${BOOKING}/book.json`, { ...body, ...captcha }, { headers });
}

export interface PlantedCoupon {
  code: string;
  type: 'abs' | 'percent';
  amountCents?: number;
  percent?: number;
  isActive?: 0 | 1;
  propertyIds?: number[];
  maxUses?: number;
  uses?: number;
  minNights?: number;
  validFrom?: string;
  validTo?: string;
}

/** Writes a coupon item as coupons-repo.ts does (the admin coupon endpoints are another slice's). */
export async function plantCoupon(c: PlantedCoupon): Promise<void> {
  const key = c.code.trim().toUpperCase();
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `COUPON#${key}`,
        SK: 'COUPON',
        entity: 'coupon',
        code: c.code,
        type: c.type,
        amountCents: c.amountCents ?? 0,
        percent: c.percent ?? 0,
        isActive: c.isActive ?? 1,
        propertyIds: c.propertyIds ?? [],
        uses: c.uses ?? 0,
        ...(c.maxUses === undefined ? {} : { maxUses: c.maxUses }),
        ...(c.minNights === undefined ? {} : { minNights: c.minNights }),
        ...(c.validFrom === undefined ? {} : { validFrom: c.validFrom }),
        ...(c.validTo === undefined ? {} : { validTo: c.validTo }),
        version: 1,
        GSI1PK: 'COUPONS',
        GSI1SK: key,
      },
    }),
  );
}

export async function couponUses(code: string): Promise<number> {
  const { Item } = await rawTable.send(
    new GetCommand({ TableName: TABLE, Key: { PK: `COUPON#${code.toUpperCase()}`, SK: 'COUPON' } }),
  );
  return Number(Item?.uses ?? 0);
}

/** Writes a day price as day-prices-repo.ts does (P9). */
export async function plantDayPrice(propertyId: number, date: string, rateCents: number): Promise<void> {
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `PROPERTY#${propertyId}`,
        SK: `DAY#${date}#PRICE`,
        entity: 'dayPrice',
        propertyId,
        date,
        rateCents,
      },
    }),
  );
}

async function queryAll(input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await rawTable.send(new QueryCommand({ TableName: TABLE, ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The reservations of a property (R2, GSI1). */
export const reservationsOf = (propertyId: number) =>
  queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': `PROPRES#${propertyId}` },
  });

/** The unit/night claims of a property (P10). */
export const claimsOf = (propertyId: number) =>
  queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :day)',
    FilterExpression: 'entity = :claim',
    ExpressionAttributeValues: { ':pk': `PROPERTY#${propertyId}`, ':day': 'DAY#', ':claim': 'nightClaim' },
  });

/** Every item of a partition (an order, an invoice with its lines, a tenant …). */
export const partition = (pk: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } });

export async function getItem(PK: string, SK: string) {
  const { Item } = await rawTable.send(new GetCommand({ TableName: TABLE, Key: { PK, SK } }));
  return Item;
}

/**
 * The tenant a booking's stay is on (the reservation item's `tenantId`): a guest booking's answer says
 * `tenantId: null` (docs/booking.md "A guest never books into an account"), so tests read the guest record's id here.
 */
export async function stayTenantId(reservationId: unknown): Promise<number> {
  const item = await getItem(`RESERVATION#${Number(reservationId)}`, 'RESERVATION');
  if (typeof item?.tenantId !== 'number')
    throw new Error(`reservation ${String(reservationId)} has no tenant`);
  return item.tenantId;
}
