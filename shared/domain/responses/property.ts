/** The property views' fields (shared/domain/property.ts; spec "VR property", "LTR property", "Property image"). */
import * as v from 'valibot';
import { flag } from './common.js';

const yesNo = v.picklist(['Yes', 'No']);
const guests = v.nullable(v.number());

export const vrCatalogProperty = v.object({
  propertyId: v.number(),
  propertyName: v.string(),
  propertyDesc: v.string(),
  propertyAddress: v.string(),
  propertyLocation: v.string(),
  propertyType: v.string(),
  propertyRate: v.number(),
  propertyWeekendRate: v.number(),
  propertyDeposit: v.number(),
  petsAllowed: yesNo,
  propertyAmenities: v.string(),
  bedrooms: v.string(),
  bathrooms: v.string(),
  propertyBookingFee: v.number(),
  housekeepingFee: v.number(),
  petFee: v.number(),
  damageWaiver: v.number(),
  featuredImage: v.string(),
  isFeatured: flag,
  seoTitle: v.string(),
  seoDesc: v.string(),
  baseGuests: guests,
  maxGuests: guests,
  extraGuestFee: v.number(),
  minNights: v.number(),
  maxNights: v.number(),
});

export const ltrListProperty = v.object({
  propertyId: v.number(),
  propertyName: v.string(),
  propertyRate: v.number(),
  propertyDeposit: v.number(),
  availOn: v.string(),
  featuredImage: v.string(),
});

export const ltrProperty = v.object({
  ...ltrListProperty.entries,
  propertyDesc: v.string(),
  propertyAddress: v.string(),
  propertyType: v.string(),
  petsAllowed: yesNo,
  bedrooms: v.string(),
  bathrooms: v.string(),
  propertyAmenities: v.string(),
  seoTitle: v.string(),
  seoDesc: v.string(),
});

const money = v.optional(v.number());
const vrOnlyNumber = v.optional(v.nullable(v.number()));

/** The admin property object: every field as an amount; the VR-only fields only on VR properties. */
export const adminProperty = v.object({
  propertyId: v.number(),
  type: v.picklist(['ltr', 'vr']),
  propertyName: v.string(),
  propertyDesc: v.string(),
  propertyAddress: v.string(),
  propertyLocation: v.string(),
  propertyType: v.string(),
  landlord: v.number(),
  onWebsite: flag,
  isArchived: flag,
  petsAllowed: flag,
  bedrooms: v.string(),
  bathrooms: v.string(),
  propertyAmenities: v.string(),
  featuredImage: v.string(),
  isFeatured: flag,
  seoTitle: v.string(),
  seoDesc: v.string(),
  availOn: v.string(),
  checkInInstructions: v.string(),
  managementFeePercent: v.nullable(v.number()),
  managementFeeMinimum: v.nullable(v.number()),
  ownerReserve: v.nullable(v.number()),
  dateCreated: v.string(),
  dateUpdated: v.string(),
  propertyRate: v.number(),
  propertyDeposit: v.number(),
  latePenalty: v.number(),
  propertyWeekendRate: money,
  propertyBookingFee: money,
  housekeepingFee: money,
  petFee: money,
  damageWaiver: money,
  extraGuestFee: money,
  baseGuests: vrOnlyNumber,
  maxGuests: vrOnlyNumber,
  minNights: vrOnlyNumber,
  maxNights: vrOnlyNumber,
  units: vrOnlyNumber,
  taxRate: vrOnlyNumber,
  taxRate2: vrOnlyNumber,
});

export const propertyImage = v.object({
  pictureId: v.number(),
  propertyId: v.number(),
  pictureName: v.string(),
  pictureUrl: v.string(),
  isFeatured: flag,
  pictureOrder: v.number(),
  pictureDate: v.string(),
});
