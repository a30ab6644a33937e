import { describe, expect, it } from 'vitest';
import {
  canSeeProperty,
  hasRole,
  mayBeLandlord,
  READ_ROLES,
  roleFromCode,
  STAFF_READ_ROLES,
  seesInactiveContent,
  WRITE_ROLES,
} from './roles.js';

describe('role rules', () => {
  it('maps the spec’s role codes', () => {
    expect([0, 1, 2, 3].map(roleFromCode)).toEqual(['super_admin', 'landlord', 'svc_rep', 'housekeeper']);
    expect(roleFromCode(7)).toBeUndefined();
  });

  it('R is super_admin, svc_rep and landlord; W is super_admin; staff reads exclude landlords', () => {
    expect(hasRole({ role: 'landlord' }, READ_ROLES)).toBe(true);
    expect(hasRole({ role: 'housekeeper' }, READ_ROLES)).toBe(false);
    expect(hasRole({ role: 'svc_rep' }, WRITE_ROLES)).toBe(false);
    expect(hasRole({ role: 'super_admin' }, WRITE_ROLES)).toBe(true);
    expect(hasRole({ role: 'landlord' }, STAFF_READ_ROLES)).toBe(false);
  });

  it('a landlord sees only their own properties; other roles see all', () => {
    expect(canSeeProperty({ role: 'landlord', adminId: 2 }, 2)).toBe(true);
    expect(canSeeProperty({ role: 'landlord', adminId: 2 }, 5)).toBe(false);
    expect(canSeeProperty({ role: 'svc_rep', adminId: 3 }, 5)).toBe(true);
  });

  it('only a landlord or super_admin may be named a property’s landlord', () => {
    expect([0, 1, 2, 3, 9].map(mayBeLandlord)).toEqual([true, true, false, false, false]);
  });

  it('landlords list only active website content', () => {
    expect(seesInactiveContent({ role: 'landlord' })).toBe(false);
    expect(seesInactiveContent({ role: 'svc_rep' })).toBe(true);
    expect(seesInactiveContent({ role: 'super_admin' })).toBe(true);
  });
});
