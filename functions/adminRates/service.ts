/**
 * Date prices of a VR property (docs/reservations.md "Date prices"). A range is written in transactions of at
 * most 99 dates, each with its change item (recordType `dayPrice`, recordId `<propertyId>:<first>..<last>`,
 * the old and new rate of each date), one after the other. Setting and clearing are idempotent, so a request
 * that fails part-way is completed by sending it again; every committed part is in the audit log.
 */
import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { changePart } from '../../shared/data/changes-repo.js';
import {
  type DayPrice,
  dayPrices,
  deleteDayPricePart,
  putDayPricePart,
} from '../../shared/data/day-prices-repo.js';
import { getProperty, type StoredProperty } from '../../shared/data/properties-repo.js';
import { siteToday } from '../../shared/data/settings-repo.js';
import { commit } from '../../shared/db/transaction.js';
import {
  chunksOf,
  type DateRange,
  datesOf,
  rateRange,
  settableRange,
} from '../../shared/domain/booking/rate-range.js';
import { addDays } from '../../shared/domain/booking/stay.js';
import type { Actor } from '../../shared/domain/change.js';
import { toAmount } from '../../shared/domain/money.js';
import { NotFound } from '../../shared/errors.js';

/** A VR property the admin may see (another landlord's answers as a missing one). */
async function visibleVrProperty(admin: AdminSession, propertyId: number): Promise<StoredProperty> {
  const property = await getProperty(propertyId);
  if (property?.record.type !== 'vr' || !canSeeProperty(admin, property.record.landlord))
    throw new NotFound(`VR property ${propertyId} not found`);
  return property;
}

const pricesIn = (propertyId: number, range: DateRange) =>
  dayPrices(propertyId, range.dateFrom, addDays(range.dateTo, 1));

const ratesByDate = (prices: readonly DayPrice[]) =>
  Object.fromEntries(prices.map((p) => [p.date, toAmount(p.rateCents)]));

export async function getRates(
  admin: AdminSession,
  propertyId: number,
  asked: { dateFrom?: string | undefined; dateTo?: string | undefined },
  now: Date,
) {
  const [property, today] = await Promise.all([visibleVrProperty(admin, propertyId), siteToday(now)]);
  const range = rateRange(asked, today);
  const prices = await pricesIn(propertyId, range);
  return {
    propertyId,
    ...range,
    baseRate: toAmount(property.record.propertyRateCents),
    weekendRate: toAmount(property.record.propertyWeekendRateCents),
    items: prices.map((p) => ({ date: p.date, rate: toAmount(p.rateCents) })),
  };
}

const changeId = (propertyId: number, dates: readonly string[]) =>
  `${propertyId}:${dates[0]}..${dates[dates.length - 1]}`;

export async function setRates(
  admin: AdminSession,
  propertyId: number,
  input: { dateFrom: string; dateTo: string; rate: number },
  by: Actor,
  now: Date,
) {
  const [, today] = await Promise.all([visibleVrProperty(admin, propertyId), siteToday(now)]);
  const range = settableRange(rateRange(input, today), today);
  const before = new Map((await pricesIn(propertyId, range)).map((p) => [p.date, p]));
  const dates = datesOf(range);
  for (const chunk of chunksOf(dates)) {
    const prices = chunk.map((date) => ({ propertyId, date, rateCents: input.rate }));
    const old = chunk.flatMap((date) => before.get(date) ?? []);
    await commit([
      ...prices.map(putDayPricePart),
      changePart(
        {
          recordType: 'dayPrice',
          recordId: changeId(propertyId, chunk),
          action: 'updated',
          before: ratesByDate(old),
          after: ratesByDate(prices),
        },
        by,
        now,
      ),
    ]);
  }
  return { success: true, propertyId, ...range, rate: toAmount(input.rate), days: dates.length };
}

export async function clearRates(
  admin: AdminSession,
  propertyId: number,
  input: { dateFrom: string; dateTo: string },
  by: Actor,
  now: Date,
) {
  const [, today] = await Promise.all([visibleVrProperty(admin, propertyId), siteToday(now)]);
  const range = rateRange(input, today);
  const existing = await pricesIn(propertyId, range);
  for (const chunk of chunksOf(existing)) {
    await commit([
      ...chunk.map((p) => deleteDayPricePart(propertyId, p.date)),
      changePart(
        {
          recordType: 'dayPrice',
          recordId: changeId(
            propertyId,
            chunk.map((p) => p.date),
          ),
          action: 'deleted',
          before: ratesByDate(chunk),
          after: {},
        },
        by,
        now,
      ),
    ]);
  }
  return { success: true, propertyId, ...range, cleared: existing.length };
}
