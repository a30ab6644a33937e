/**
 * The quote (docs/pricing.md "A quote, figure by figure"): every figure in integer cents, a percentage rounded
 * once per figure, half away from zero. `quoteView` shows the spec's "Quote" object in amounts.
 */
import { percentOfCents, toAmount } from '../money.js';
import type { PropertyRecord } from '../property.js';
import type { SiteSettings } from '../settings.js';
import { type CouponTerms, discountCents } from './coupon.js';
import { type DatePrices, type NightRate, nightRatesOf, type RateProperty } from './night-rate.js';
import { nightsOf, type Stay } from './stay.js';

export type QuoteProperty = RateProperty &
  Pick<
    PropertyRecord,
    | 'propertyId'
    | 'housekeepingFeeCents'
    | 'propertyBookingFeeCents'
    | 'damageWaiverCents'
    | 'baseGuests'
    | 'extraGuestFeeCents'
    | 'petFeeCents'
    | 'taxRate'
    | 'taxRate2'
  >;

export interface QuoteInput {
  property: QuoteProperty;
  settings: Pick<SiteSettings, 'vrTaxRate' | 'vrTaxRate2'>;
  /** A stay of at least one night (stay.ts checkStay). */
  stay: Stay;
  datePrices: DatePrices;
  adults: number;
  children: number;
  pets: number;
  /** Each extra room's nightly price, in cents (non-negative). */
  extraRoomsCents: readonly number[];
  /** A coupon that applies (coupon.ts applicableCoupon), or none. */
  coupon?: CouponTerms | undefined;
}

export type LineLabel =
  | 'Nights'
  | 'Extra rooms'
  | 'Discount'
  | 'Cleaning'
  | 'Booking fee'
  | 'Damage waiver'
  | 'Extra guests'
  | 'Pets'
  | 'Tax';

export interface LineItem {
  label: LineLabel;
  amountCents: number;
}

export interface Quote {
  propertyId: number;
  dateFrom: string;
  dateTo: string;
  nights: number;
  nightRates: NightRate[];
  nightsCents: number;
  extraRoomsCents: number;
  subtotalCents: number;
  discountCents: number;
  couponApplied: boolean;
  cleaningFeeCents: number;
  bookingFeeCents: number;
  damageWaiverCents: number;
  peopleFeesCents: number;
  petFeeCents: number;
  /** Combined tax percentage. */
  taxRate: number;
  taxCents: number;
  totalCents: number;
  /** One line per figure that is not zero, in pricing.md's order; they add up to the total. */
  lineItems: LineItem[];
}

/** Tax percentages carry at most 3 decimals (values.ts percent); adding two in binary must not leave 7.300000000000001. */
const addRates = (a: number, b: number) => Number((a + b).toFixed(6));

/** The property's own tax rates when it has either, else the site's VR tax rates; the two rates add up. */
export function taxRateOf(
  property: Pick<PropertyRecord, 'taxRate' | 'taxRate2'>,
  settings: Pick<SiteSettings, 'vrTaxRate' | 'vrTaxRate2'>,
): number {
  if (property.taxRate !== null || property.taxRate2 !== null)
    return addRates(property.taxRate ?? 0, property.taxRate2 ?? 0);
  return addRates(settings.vrTaxRate, settings.vrTaxRate2);
}

/** Guests above baseGuests × extraGuestFee × nights; 0 when either is unset. */
export function peopleFeesCents(property: QuoteProperty, guests: number, nights: number): number {
  if (property.baseGuests === null || property.extraGuestFeeCents <= 0) return 0;
  return Math.max(0, guests - property.baseGuests) * property.extraGuestFeeCents * nights;
}

export function computeQuote(input: QuoteInput): Quote {
  const { property, stay } = input;
  const nightRates = nightRatesOf(property, nightsOf(stay), input.datePrices);
  const nights = nightRates.length;
  const nightsCents = sum(nightRates.map((n) => n.rateCents));
  const extraRoomsCents = sum(input.extraRoomsCents) * nights;
  const subtotalCents = nightsCents + extraRoomsCents;
  const discount = discountCents(input.coupon, subtotalCents);
  const cleaningFeeCents = property.housekeepingFeeCents;
  const bookingFeeCents = property.propertyBookingFeeCents;
  const damageWaiverCents = property.damageWaiverCents;
  const peopleFees = peopleFeesCents(property, input.adults + input.children, nights);
  const petFeeCents = input.pets * property.petFeeCents;
  const taxRate = taxRateOf(property, input.settings);
  // The booking fee and the damage waiver are not taxed.
  const taxable = subtotalCents - discount + cleaningFeeCents + peopleFees + petFeeCents;
  const taxCents = percentOfCents(taxable, taxRate);
  const totalCents = taxable + bookingFeeCents + damageWaiverCents + taxCents;
  const lines: [LineLabel, number][] = [
    ['Nights', nightsCents],
    ['Extra rooms', extraRoomsCents],
    ['Discount', -discount],
    ['Cleaning', cleaningFeeCents],
    ['Booking fee', bookingFeeCents],
    ['Damage waiver', damageWaiverCents],
    ['Extra guests', peopleFees],
    ['Pets', petFeeCents],
    ['Tax', taxCents],
  ];
  return {
    propertyId: property.propertyId,
    dateFrom: stay.dateFrom,
    dateTo: stay.dateTo,
    nights,
    nightRates,
    nightsCents,
    extraRoomsCents,
    subtotalCents,
    discountCents: discount,
    couponApplied: discount > 0,
    cleaningFeeCents,
    bookingFeeCents,
    damageWaiverCents,
    peopleFeesCents: peopleFees,
    petFeeCents,
    taxRate,
    taxCents,
    totalCents,
    lineItems: lines
      .filter(([, cents]) => cents !== 0)
      .map(([label, amountCents]) => ({ label, amountCents })),
  };
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** The spec's "Quote" object: amounts with at most two decimals, a discount line negative. */
export function quoteView(q: Quote) {
  return {
    propertyId: q.propertyId,
    dateFrom: q.dateFrom,
    dateTo: q.dateTo,
    nights: q.nights,
    subtotal: toAmount(q.subtotalCents),
    discount: toAmount(q.discountCents),
    couponApplied: q.couponApplied,
    cleaningFee: toAmount(q.cleaningFeeCents),
    damageWaiver: toAmount(q.damageWaiverCents),
    bookingFee: toAmount(q.bookingFeeCents),
    peopleFees: toAmount(q.peopleFeesCents),
    petFee: toAmount(q.petFeeCents),
    taxRate: q.taxRate,
    tax: toAmount(q.taxCents),
    total: toAmount(q.totalCents),
    lineItems: q.lineItems.map((l) => ({ label: l.label, amount: toAmount(l.amountCents) })),
    nightRates: q.nightRates.map((n) => ({ date: n.date, rate: toAmount(n.rateCents) })),
  };
}
