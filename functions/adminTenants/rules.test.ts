import { describe, expect, it } from 'vitest';
import type { TenantRecord } from '../../shared/domain/tenant.js';
import {
  leaseLinksLandlord,
  matchesTenant,
  narrowsTenants,
  tenantListView,
  tenantProfileView,
} from './rules.js';

const tenant: TenantRecord = {
  tenantId: 3,
  tenantEmail: 'Mia.Stone@example.test',
  tenantFirstName: 'Mia',
  tenantLastName: 'Stone',
  isActive: 1,
  passwordHash: 'scrypt$8192$8$1$salt$hash',
  contact: { tenantPhone: 'v1:cipher' },
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateUpdated: '2026-01-01T00:00:00.000Z',
  dateActivated: '',
};

describe('tenant search', () => {
  it('matches e-mail or name case-insensitively, and the isActive flag', () => {
    expect(matchesTenant(tenant, { search: 'mia.stone@' })).toBe(true);
    expect(matchesTenant(tenant, { search: 'STONE' })).toBe(true);
    expect(matchesTenant(tenant, { search: 'mia stone' })).toBe(true);
    expect(matchesTenant(tenant, { search: 'zed' })).toBe(false);
    expect(matchesTenant(tenant, { isActive: '1' })).toBe(true);
    expect(matchesTenant(tenant, { isActive: '0' })).toBe(false);
    expect(matchesTenant(tenant, { search: '  ' })).toBe(true);
    expect(narrowsTenants({})).toBe(false);
    expect(narrowsTenants({ search: ' ' })).toBe(false);
    expect(narrowsTenants({ isActive: '0' })).toBe(true);
  });
});

describe('views', () => {
  it('never include the password hash or the ciphertext', () => {
    const list = JSON.stringify(tenantListView(tenant));
    const profile = JSON.stringify(tenantProfileView(tenant, { tenantPhone: '+1 555' }, []));
    for (const text of [list, profile]) {
      expect(text).not.toContain('scrypt');
      expect(text).not.toContain('password');
      expect(text).not.toContain('v1:cipher');
    }
    expect(JSON.parse(profile)).toMatchObject({ tenantPhone: '+1 555', leases: [] });
  });
});

describe('landlord scope', () => {
  it('links a tenant to a landlord through a lease on one of their properties', () => {
    expect(leaseLinksLandlord([{ propertyId: 11 }, { propertyId: 12 }], new Set([12]))).toBe(true);
    expect(leaseLinksLandlord([{ propertyId: 11 }], new Set([12]))).toBe(false);
    expect(leaseLinksLandlord([], new Set([12]))).toBe(false);
  });
});
