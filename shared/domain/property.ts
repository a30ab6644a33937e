/**
 * The property record and its views. One record kind holds both LTR and VR properties (spec: "Property
 * objects of LTR and VR kind"); money is stored in cents under `…Cents` names and shown as amounts.
 */
import { toAmount } from './money.js';

export type PropertyKind = 'ltr' | 'vr';

export interface PropertyRecord {
  propertyId: number;
  type: PropertyKind;
  propertyName: string;
  propertyDesc: string;
  propertyAddress: string;
  propertyLocation: string;
  propertyType: string;
  landlord: number;
  onWebsite: 0 | 1;
  isArchived: 0 | 1;
  petsAllowed: 0 | 1;
  bedrooms: string;
  bathrooms: string;
  propertyAmenities: string;
  featuredImage: string;
  isFeatured: 0 | 1;
  seoTitle: string;
  seoDesc: string;
  availOn: string;
  /**
   * How a guest gets in (keys, codes, parking): admin-only, mailed to the guest before check-in
   * (docs/messages.md); never in the public catalog or the iCal export. Absent on records written before it.
   */
  checkInInstructions?: string;
  /**
   * The management fee of this property, a percent of its income (docs/reports.md "Management fee"); null or
   * absent: the site's `managementFeePercent`. Admin-only, like the landlord.
   */
  managementFeePercent?: number | null;
  /**
   * The least management fee of a month, in cents, charged also in a month without income (docs/reports.md
   * "Management fee"); null or absent: none. Admin-only.
   */
  managementFeeMinimumCents?: number | null;
  /**
   * The owner's reserve, in cents: what the business keeps of the owner's balance for the property's bills
   * (docs/reports.md "Reserve"); null or absent: none. Admin-only.
   */
  ownerReserveCents?: number | null;
  propertyRateCents: number;
  propertyWeekendRateCents: number;
  propertyDepositCents: number;
  latePenaltyCents: number;
  propertyBookingFeeCents: number;
  housekeepingFeeCents: number;
  petFeeCents: number;
  damageWaiverCents: number;
  extraGuestFeeCents: number;
  baseGuests: number | null;
  maxGuests: number | null;
  minNights: number;
  maxNights: number;
  units: number;
  taxRate: number | null;
  taxRate2: number | null;
  dateCreated: string;
  dateUpdated: string;
}

/** Money fields: API name → stored cents name. */
export const MONEY_FIELDS = {
  propertyRate: 'propertyRateCents',
  propertyWeekendRate: 'propertyWeekendRateCents',
  propertyDeposit: 'propertyDepositCents',
  latePenalty: 'latePenaltyCents',
  propertyBookingFee: 'propertyBookingFeeCents',
  housekeepingFee: 'housekeepingFeeCents',
  petFee: 'petFeeCents',
  damageWaiver: 'damageWaiverCents',
  extraGuestFee: 'extraGuestFeeCents',
} as const satisfies Record<string, keyof PropertyRecord>;

/** The owner's terms kept in cents that may be null (the site's, or none): API name → stored cents name. */
export const OWNER_TERMS_MONEY_FIELDS = {
  managementFeeMinimum: 'managementFeeMinimumCents',
  ownerReserve: 'ownerReserveCents',
} as const satisfies Record<string, keyof PropertyRecord>;

const nullableAmount = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : toAmount(cents);

/** Fields that only mean something for a vacation rental; an LTR property refuses them (400). */
export const VR_ONLY_FIELDS = [
  'propertyWeekendRate',
  'propertyBookingFee',
  'housekeepingFee',
  'petFee',
  'damageWaiver',
  'extraGuestFee',
  'baseGuests',
  'maxGuests',
  'minNights',
  'maxNights',
  'units',
  'taxRate',
  'taxRate2',
] as const;

export const DEFAULT_MIN_NIGHTS = 1;
export const DEFAULT_MAX_NIGHTS = 30;
/** A booking writes one claim per night in one transaction (100 items at most, with the reservation, order, invoice …). */
export const MAX_NIGHTS_CAP = 90;

export const isVisible = (p: Pick<PropertyRecord, 'onWebsite' | 'isArchived'>) =>
  p.onWebsite === 1 && p.isArchived === 0;

const yesNo = (flag: 0 | 1): 'Yes' | 'No' => (flag === 1 ? 'Yes' : 'No');

/** Every VR catalog field of the spec's "VR property" table, plus the booking facts a site needs. */
export function vrCatalogView(p: PropertyRecord) {
  return {
    propertyId: p.propertyId,
    propertyName: p.propertyName,
    propertyDesc: p.propertyDesc,
    propertyAddress: p.propertyAddress,
    propertyLocation: p.propertyLocation,
    propertyType: p.propertyType,
    propertyRate: toAmount(p.propertyRateCents),
    propertyWeekendRate: toAmount(p.propertyWeekendRateCents),
    propertyDeposit: toAmount(p.propertyDepositCents),
    petsAllowed: yesNo(p.petsAllowed),
    propertyAmenities: p.propertyAmenities,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    propertyBookingFee: toAmount(p.propertyBookingFeeCents),
    housekeepingFee: toAmount(p.housekeepingFeeCents),
    petFee: toAmount(p.petFeeCents),
    damageWaiver: toAmount(p.damageWaiverCents),
    featuredImage: p.featuredImage,
    isFeatured: p.isFeatured,
    seoTitle: p.seoTitle,
    seoDesc: p.seoDesc,
    baseGuests: p.baseGuests,
    maxGuests: p.maxGuests,
    extraGuestFee: toAmount(p.extraGuestFeeCents),
    minNights: p.minNights,
    maxNights: p.maxNights,
  };
}

/** The LTR list carries no VR-only fields (spec "LTR property"). */
export function ltrListView(p: PropertyRecord) {
  return {
    propertyId: p.propertyId,
    propertyName: p.propertyName,
    propertyRate: toAmount(p.propertyRateCents),
    propertyDeposit: toAmount(p.propertyDepositCents),
    availOn: p.availOn,
    featuredImage: p.featuredImage,
  };
}

/** The single LTR property: the list fields plus what a listing page shows; still nothing VR-only. */
export function ltrDetailView(p: PropertyRecord) {
  return {
    ...ltrListView(p),
    propertyDesc: p.propertyDesc,
    propertyAddress: p.propertyAddress,
    propertyType: p.propertyType,
    petsAllowed: yesNo(p.petsAllowed),
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    propertyAmenities: p.propertyAmenities,
    seoTitle: p.seoTitle,
    seoDesc: p.seoDesc,
  };
}

/**
 * The admin property object: everything, as amounts, with `type`, `isArchived`, `onWebsite`; the VR-only
 * fields (VR_ONLY_FIELDS) only on a VR property.
 */
export function adminView(p: PropertyRecord) {
  const vr = p.type === 'vr';
  return {
    propertyId: p.propertyId,
    type: p.type,
    propertyName: p.propertyName,
    propertyDesc: p.propertyDesc,
    propertyAddress: p.propertyAddress,
    propertyLocation: p.propertyLocation,
    propertyType: p.propertyType,
    landlord: p.landlord,
    onWebsite: p.onWebsite,
    isArchived: p.isArchived,
    petsAllowed: p.petsAllowed,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    propertyAmenities: p.propertyAmenities,
    featuredImage: p.featuredImage,
    isFeatured: p.isFeatured,
    seoTitle: p.seoTitle,
    seoDesc: p.seoDesc,
    availOn: p.availOn,
    checkInInstructions: p.checkInInstructions ?? '',
    managementFeePercent: p.managementFeePercent ?? null,
    managementFeeMinimum: nullableAmount(p.managementFeeMinimumCents),
    ownerReserve: nullableAmount(p.ownerReserveCents),
    dateCreated: p.dateCreated,
    dateUpdated: p.dateUpdated,
    // The amounts in MONEY_FIELDS order.
    propertyRate: toAmount(p.propertyRateCents),
    ...(vr ? { propertyWeekendRate: toAmount(p.propertyWeekendRateCents) } : {}),
    propertyDeposit: toAmount(p.propertyDepositCents),
    latePenalty: toAmount(p.latePenaltyCents),
    ...(vr
      ? {
          propertyBookingFee: toAmount(p.propertyBookingFeeCents),
          housekeepingFee: toAmount(p.housekeepingFeeCents),
          petFee: toAmount(p.petFeeCents),
          damageWaiver: toAmount(p.damageWaiverCents),
          extraGuestFee: toAmount(p.extraGuestFeeCents),
          baseGuests: p.baseGuests,
          maxGuests: p.maxGuests,
          minNights: p.minNights,
          maxNights: p.maxNights,
          units: p.units,
          taxRate: p.taxRate,
          taxRate2: p.taxRate2,
        }
      : {}),
  };
}

export interface PropertyFilter {
  type?: PropertyKind | undefined;
  includeArchived?: boolean | undefined;
  onWebsite?: 0 | 1 | undefined;
  search?: string | undefined;
  location?: string | undefined;
  beds?: number | undefined;
  baths?: number | undefined;
  propertyType?: string | undefined;
  pets?: boolean | undefined;
  featured?: boolean | undefined;
}

const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());
const atLeast = (value: string, min: number) => {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) && n >= min;
};

/**
 * The list filters of the admin and catalog lists. beds/baths mean "at least", search matches name or
 * address, location matches the location label or the address (docs/decisions.md).
 */
export function matchesFilter(p: PropertyRecord, f: PropertyFilter): boolean {
  return matchesFlags(p, f) && matchesText(p, f) && matchesRooms(p, f);
}

function matchesFlags(p: PropertyRecord, f: PropertyFilter): boolean {
  if (f.type && p.type !== f.type) return false;
  if (f.includeArchived === false && p.isArchived === 1) return false;
  if (f.onWebsite !== undefined && p.onWebsite !== f.onWebsite) return false;
  if (f.pets && p.petsAllowed !== 1) return false;
  // The spec: featured=1 means featured VR listings only, whatever the type asked for.
  if (f.featured && (p.type !== 'vr' || p.isFeatured !== 1)) return false;
  return true;
}

function matchesText(p: PropertyRecord, f: PropertyFilter): boolean {
  if (f.search && !contains(p.propertyName, f.search) && !contains(p.propertyAddress, f.search)) return false;
  if (f.location && !contains(p.propertyLocation, f.location) && !contains(p.propertyAddress, f.location))
    return false;
  return !f.propertyType || p.propertyType.toLowerCase() === f.propertyType.toLowerCase();
}

function matchesRooms(p: PropertyRecord, f: PropertyFilter): boolean {
  if (f.beds !== undefined && !atLeast(p.bedrooms, f.beds)) return false;
  return f.baths === undefined || atLeast(p.bathrooms, f.baths);
}

/** True when a filter narrows beyond the type; such lists read the whole (bounded) partition. */
export function narrows(f: PropertyFilter): boolean {
  return (
    f.includeArchived === false ||
    f.onWebsite !== undefined ||
    Boolean(f.search || f.location || f.propertyType || f.pets || f.featured) ||
    f.beds !== undefined ||
    f.baths !== undefined
  );
}
