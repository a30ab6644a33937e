import { describe, expect, it } from 'vitest';
import { BadRequest } from '../errors.js';
import { matchesFilter } from './property.js';
import { newProperty, updatedProperty } from './property-rules.js';

const now = new Date('2026-11-22T12:00:00Z');

describe('property rules', () => {
  it('a new VR property gets the defaults: latePenalty 0, on the website, 1 unit, 1–30 nights, caller as landlord', () => {
    const p = newProperty(
      { type: 'vr', propertyName: 'A', propertyDesc: 'd', propertyRate: 10000 },
      2000,
      7,
      now,
    );
    expect(p).toMatchObject({
      latePenaltyCents: 0,
      onWebsite: 1,
      isArchived: 0,
      units: 1,
      minNights: 1,
      maxNights: 30,
      landlord: 7,
    });
    expect(p.dateCreated).toBe(now.toISOString());
  });

  it('an LTR property needs latePenalty and propertyDeposit and refuses VR-only fields', () => {
    expect(() =>
      newProperty({ type: 'ltr', propertyName: 'A', propertyDesc: 'd', propertyRate: 1 }, 1, 1, now),
    ).toThrow(BadRequest);
    expect(() =>
      newProperty(
        {
          type: 'ltr',
          propertyName: 'A',
          propertyDesc: 'd',
          propertyRate: 1,
          latePenalty: 1,
          propertyDeposit: 1,
          units: 2,
        },
        1,
        1,
        now,
      ),
    ).toThrow(/VR properties/);
    const ok = newProperty(
      {
        type: 'ltr',
        propertyName: 'A',
        propertyDesc: 'd',
        propertyRate: 1,
        latePenalty: 500,
        propertyDeposit: 9900,
      },
      1,
      1,
      now,
    );
    expect(ok).toMatchObject({ latePenaltyCents: 500, propertyDepositCents: 9900 });
  });

  it('an update changes only the given fields and keeps the kind', () => {
    const p = newProperty(
      { type: 'vr', propertyName: 'A', propertyDesc: 'd', propertyRate: 100 },
      2000,
      1,
      now,
    );
    const later = new Date('2026-12-01T00:00:00Z');
    const next = updatedProperty(p, { propertyRate: 250, isArchived: 1 }, later);
    expect(next).toMatchObject({
      propertyRateCents: 250,
      isArchived: 1,
      propertyName: 'A',
      type: 'vr',
      dateUpdated: later.toISOString(),
    });
    expect(() => updatedProperty(p, { minNights: 40 }, later)).toThrow(/minNights/);
  });

  it('filters: beds and baths mean at least, search is name or address, case-insensitive', () => {
    const p = {
      ...newProperty(
        { type: 'vr', propertyName: 'Sea View', propertyDesc: 'd', propertyRate: 1 },
        2000,
        1,
        now,
      ),
      bedrooms: '3',
      bathrooms: '2.5',
      propertyAddress: '1 Ocean Dr',
    };
    expect(matchesFilter(p, { beds: 3, baths: 2 })).toBe(true);
    expect(matchesFilter(p, { beds: 4 })).toBe(false);
    expect(matchesFilter(p, { search: 'ocean' })).toBe(true);
    expect(matchesFilter(p, { search: 'mountain' })).toBe(false);
    expect(matchesFilter({ ...p, isArchived: 1 }, { includeArchived: false })).toBe(false);
  });

  it('filters: featured=1 keeps featured VR listings only, never an LTR property', () => {
    const vr = newProperty(
      { type: 'vr', propertyName: 'A', propertyDesc: 'd', propertyRate: 1 },
      2000,
      1,
      now,
    );
    expect(matchesFilter({ ...vr, isFeatured: 1 }, { featured: true })).toBe(true);
    expect(matchesFilter({ ...vr, isFeatured: 0 }, { featured: true })).toBe(false);
    expect(matchesFilter({ ...vr, type: 'ltr', isFeatured: 1 }, { featured: true })).toBe(false);
  });
});
