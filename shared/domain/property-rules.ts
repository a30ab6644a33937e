/**
 * The property write rules as plain functions: create defaults, the LTR rules, what an update may change.
 * Used by the admin service and the fixture loader.
 */

import { BadRequest } from '../errors.js';
import {
  DEFAULT_MAX_NIGHTS,
  DEFAULT_MIN_NIGHTS,
  MONEY_FIELDS,
  OWNER_TERMS_MONEY_FIELDS,
  type PropertyRecord,
  VR_ONLY_FIELDS,
} from './property.js';
import type { CreatePropertyInput, UpdatePropertyInput } from './property-schemas.js';

type Input = {
  readonly [K in keyof (CreatePropertyInput & UpdatePropertyInput)]?:
    | (CreatePropertyInput & UpdatePropertyInput)[K]
    | undefined;
};

function refuseVrOnlyFieldsOnLtr(input: Input): void {
  const wrong = VR_ONLY_FIELDS.filter((f) => input[f] !== undefined);
  if (wrong.length) {
    throw new BadRequest(
      `Fields only for VR properties: ${wrong.join(', ')}`,
      wrong.map((field) => ({ field, message: 'applies to VR properties only' })),
    );
  }
}

function checkNights(minNights: number, maxNights: number): void {
  if (minNights > maxNights) {
    throw new BadRequest('minNights must not exceed maxNights', [
      { field: 'minNights', message: 'exceeds maxNights' },
    ]);
  }
}

/** Copies the given fields onto the record, money into its cents field. */
function assign(record: PropertyRecord, input: Input): void {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined || field === 'type') continue;
    const stored =
      MONEY_FIELDS[field as keyof typeof MONEY_FIELDS] ??
      OWNER_TERMS_MONEY_FIELDS[field as keyof typeof OWNER_TERMS_MONEY_FIELDS];
    changes[stored ?? field] = value;
  }
  Object.assign(record, changes);
}

/**
 * Create: LTR needs latePenalty and propertyDeposit (spec); VR's latePenalty defaults to 0.00. The landlord
 * defaults to the caller. New properties are on the website unless `onWebsite: 0` is sent (docs/decisions.md).
 */
export function newProperty(
  input: CreatePropertyInput,
  propertyId: number,
  callerId: number,
  now: Date,
): PropertyRecord {
  if (input.type === 'ltr') {
    refuseVrOnlyFieldsOnLtr(input);
    const missing = (['latePenalty', 'propertyDeposit'] as const).filter((f) => input[f] === undefined);
    if (missing.length) {
      throw new BadRequest(
        `LTR properties require ${missing.join(' and ')}`,
        missing.map((field) => ({ field, message: 'is required for LTR properties' })),
      );
    }
  }
  const stamp = now.toISOString();
  const record: PropertyRecord = {
    propertyId,
    type: input.type,
    propertyName: input.propertyName,
    propertyDesc: input.propertyDesc,
    propertyAddress: '',
    propertyLocation: '',
    propertyType: '',
    landlord: input.landlord ?? callerId,
    onWebsite: 1,
    isArchived: 0,
    petsAllowed: 0,
    bedrooms: '',
    bathrooms: '',
    propertyAmenities: '',
    featuredImage: '',
    isFeatured: 0,
    seoTitle: '',
    seoDesc: '',
    availOn: '',
    checkInInstructions: '',
    propertyRateCents: 0,
    propertyWeekendRateCents: 0,
    propertyDepositCents: 0,
    latePenaltyCents: 0,
    propertyBookingFeeCents: 0,
    housekeepingFeeCents: 0,
    petFeeCents: 0,
    damageWaiverCents: 0,
    extraGuestFeeCents: 0,
    baseGuests: null,
    maxGuests: null,
    minNights: DEFAULT_MIN_NIGHTS,
    maxNights: DEFAULT_MAX_NIGHTS,
    units: 1,
    taxRate: null,
    taxRate2: null,
    dateCreated: stamp,
    dateUpdated: stamp,
  };
  assign(record, input);
  checkNights(record.minNights, record.maxNights);
  return record;
}

/** Update: the whitelisted fields only (the schema refuses others); the kind never changes. */
export function updatedProperty(
  current: PropertyRecord,
  input: UpdatePropertyInput,
  now: Date,
): PropertyRecord {
  if (current.type === 'ltr') refuseVrOnlyFieldsOnLtr(input);
  const next: PropertyRecord = { ...current, dateUpdated: now.toISOString() };
  assign(next, input);
  checkNights(next.minNights, next.maxNights);
  return next;
}
