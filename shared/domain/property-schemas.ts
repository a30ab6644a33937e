/**
 * The property fields as requests and fixtures carry them (spec "Admin properties" and the
 * catalog fields): the admin create and update bodies, which the fixture format reuses for its properties.
 */
import * as v from 'valibot';
import { MAX_NIGHTS_CAP } from './property.js';
import { flag01, intLike, isoDate, moneyToCents, percent, requiredText, text } from './values.js';

/** Legacy clients send 0/1, "0"/"1" or "Yes"/"No". */
const petsFlag = v.union(
  [
    flag01,
    v.pipe(
      v.picklist(['Yes', 'No', 'yes', 'no']),
      v.transform((s) => (s.toLowerCase() === 'yes' ? 1 : 0) as 0 | 1),
    ),
  ],
  'must be 0, 1, Yes or No',
);

/** Bedroom and bathroom counts are strings in the spec ("2.5"); numbers are accepted and kept as text. */
const roomCount = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.minValue(0), v.maxValue(999), v.transform(String)),
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}(\.\d)?$/, 'must be a count such as 2 or 2.5')),
    ],
    'must be a count such as 2 or 2.5',
  ),
);

/** Fields settable on create and update besides the spec's core ones. */
export const catalogFields = {
  propertyAddress: v.optional(text(256)),
  propertyLocation: v.optional(text(128)),
  propertyType: v.optional(text(64)),
  propertyDeposit: v.optional(moneyToCents),
  latePenalty: v.optional(moneyToCents),
  petsAllowed: v.optional(petsFlag),
  availOn: v.optional(v.union([isoDate, v.literal('')])),
  featuredImage: v.optional(text(256)),
  isFeatured: v.optional(flag01),
  seoTitle: v.optional(text(256)),
  seoDesc: v.optional(text(1000)),
  propertyAmenities: v.optional(text(4000)),
  checkInInstructions: v.optional(text(4000)),
  /** The property's management fee percent; null: the site's (settings `managementFeePercent`). */
  managementFeePercent: v.optional(v.nullable(percent)),
  /** The least fee of a month (an amount, charged also without income); null: none. */
  managementFeeMinimum: v.optional(v.nullable(moneyToCents)),
  /** What the business keeps of the owner's balance (an amount); null: none. */
  ownerReserve: v.optional(v.nullable(moneyToCents)),
  bedrooms: v.optional(roomCount),
  bathrooms: v.optional(roomCount),
  propertyWeekendRate: v.optional(moneyToCents),
  propertyBookingFee: v.optional(moneyToCents),
  housekeepingFee: v.optional(moneyToCents),
  petFee: v.optional(moneyToCents),
  damageWaiver: v.optional(moneyToCents),
  extraGuestFee: v.optional(moneyToCents),
  baseGuests: v.optional(intLike(1, 100)),
  maxGuests: v.optional(intLike(1, 100)),
  minNights: v.optional(intLike(1, MAX_NIGHTS_CAP)),
  maxNights: v.optional(intLike(1, MAX_NIGHTS_CAP)),
  units: v.optional(intLike(1, 50)),
  taxRate: v.optional(percent),
  taxRate2: v.optional(percent),
};

export const createPropertyBody = v.strictObject({
  type: v.picklist(['ltr', 'vr'], 'must be ltr or vr'),
  propertyName: requiredText(128),
  propertyDesc: requiredText(5000),
  propertyRate: moneyToCents,
  landlord: v.optional(intLike(1)),
  onWebsite: v.optional(flag01),
  ...catalogFields,
});

/** The spec's whitelist (name, description, rate, onWebsite, isArchived) plus the catalog fields; anything else is a 400. */
export const updatePropertyBody = v.strictObject({
  propertyName: v.optional(requiredText(128)),
  propertyDesc: v.optional(requiredText(5000)),
  propertyRate: v.optional(moneyToCents),
  onWebsite: v.optional(flag01),
  isArchived: v.optional(flag01),
  ...catalogFields,
});

export type CreatePropertyInput = v.InferOutput<typeof createPropertyBody>;
export type UpdatePropertyInput = v.InferOutput<typeof updatePropertyBody>;
