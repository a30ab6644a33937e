import { describe, expect, it } from 'vitest';
import type { ApplicationRecord } from '../../shared/domain/application.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import { acceptsApplications, newApplication, newestFirst } from './rules.js';

const property = (over: Partial<PropertyRecord>) =>
  ({ type: 'ltr', onWebsite: 1, isArchived: 0, ...over }) as PropertyRecord;

describe('which properties take applications', () => {
  it('only listed LTR properties', () => {
    expect(acceptsApplications(property({}))).toBe(true);
    expect(acceptsApplications(property({ type: 'vr' }))).toBe(false);
    expect(acceptsApplications(property({ onWebsite: 0 }))).toBe(false);
    expect(acceptsApplications(property({ isArchived: 1 }))).toBe(false);
    expect(acceptsApplications(undefined)).toBe(false);
  });
});

describe('applications', () => {
  it('start open with snapshots of the tenant and the property', () => {
    const app = newApplication(
      5,
      { tenantId: 2, tenantEmail: 'a@example.test', tenantFirstName: 'A', tenantLastName: 'B' },
      { propertyId: 11, propertyName: 'Elm' },
      new Date('2026-02-03T04:05:06Z'),
    );
    expect(app).toEqual({
      applicationId: 5,
      tenantId: 2,
      propertyId: 11,
      status: 'open',
      tenantEmail: 'a@example.test',
      tenantFirstName: 'A',
      tenantLastName: 'B',
      propertyName: 'Elm',
      dateCreated: '2026-02-03T04:05:06.000Z',
    });
  });

  it('sort newest first, the id breaking ties', () => {
    const a = { applicationId: 1, dateCreated: '2026-01-01T00:00:00.000Z' } as ApplicationRecord;
    const b = { applicationId: 2, dateCreated: '2026-01-02T00:00:00.000Z' } as ApplicationRecord;
    const c = { applicationId: 3, dateCreated: '2026-01-02T00:00:00.000Z' } as ApplicationRecord;
    expect([a, b, c].sort(newestFirst).map((x) => x.applicationId)).toEqual([3, 2, 1]);
  });
});
