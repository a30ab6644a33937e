import { describe, expect, it } from 'vitest';
import {
  activationAccepts,
  claimableBy,
  credentialsVersionOf,
  endsSessions,
  isReplaceableRegistration,
  rehashChanges,
  resetChanges,
  type TenantRecord,
  withSessionEnd,
} from './tenant.js';

const tenant: TenantRecord = {
  tenantId: 7,
  tenantEmail: 'ann@example.test',
  tenantFirstName: 'Ann',
  tenantLastName: 'Lee',
  isActive: 1,
  passwordHash: 'scrypt$old',
  contact: {},
  dateCreated: '',
  dateUpdated: '',
  dateActivated: '',
};

describe('tenant credentials version', () => {
  it('reads an absent version as 0', () => {
    expect(credentialsVersionOf(tenant)).toBe(0);
    expect(credentialsVersionOf({ credentialsVersion: 4 })).toBe(4);
  });

  it('ends sessions on a new password, a deactivation and a reactivation', () => {
    expect(endsSessions(tenant, { passwordHash: 'scrypt$new' })).toBe(true);
    expect(endsSessions(tenant, { isActive: 0 })).toBe(true);
    expect(endsSessions({ ...tenant, isActive: 0 }, { isActive: 1 })).toBe(true);
  });

  it('keeps sessions on a name change or an isActive that does not change', () => {
    expect(endsSessions(tenant, { tenantFirstName: 'Anna' })).toBe(false);
    expect(endsSessions(tenant, { isActive: 1 })).toBe(false);
    expect(endsSessions(tenant, {})).toBe(false);
  });

  it('moves the version in the same changes, from the record read', () => {
    expect(withSessionEnd({ ...tenant, credentialsVersion: 2 }, { isActive: 0 })).toEqual({
      isActive: 0,
      credentialsVersion: 3,
    });
    expect(withSessionEnd(tenant, { passwordHash: 'x' }).credentialsVersion).toBe(1);
    expect(withSessionEnd(tenant, { tenantFirstName: 'Anna' })).toEqual({ tenantFirstName: 'Anna' });
  });

  it("keeps sessions when the same password is hashed again (the login's rehash)", () => {
    expect(endsSessions(tenant, { passwordHash: 'scrypt$stronger' }, 'same')).toBe(false);
    expect(withSessionEnd(tenant, { passwordHash: 'scrypt$stronger' }, 'same')).toEqual({
      passwordHash: 'scrypt$stronger',
    });
    // A rehash that also changes isActive still ends them (no writer does both, but the rule holds).
    expect(endsSessions(tenant, { passwordHash: 'x', isActive: 0 }, 'same')).toBe(true);
  });
});

describe("the login's rehash", () => {
  it('replaces the hash it verified', () => {
    expect(rehashChanges(tenant, 'scrypt$old', 'scrypt$stronger')).toEqual({
      passwordHash: 'scrypt$stronger',
    });
  });

  it('leaves a password changed since the login read the tenant as it is', () => {
    expect(rehashChanges({ passwordHash: 'scrypt$reset-by-admin' }, 'scrypt$old', 'scrypt$stronger')).toBe(
      undefined,
    );
  });
});

describe('activation tokens', () => {
  it("accept only the latest registration's token, or any on records from before the hash was kept", () => {
    expect(activationAccepts({ activationHash: 'h1' }, 'h1')).toBe(true);
    expect(activationAccepts({ activationHash: 'h2' }, 'h1')).toBe(false);
    expect(activationAccepts({}, 'h1')).toBe(true);
  });
});

describe('a repeated registration', () => {
  const registered = { ...tenant, isActive: 0 as const, activationHash: 'h' };

  it('replaces only a registration that was never activated', () => {
    expect(isReplaceableRegistration(registered)).toBe(true);
    expect(isReplaceableRegistration({ ...registered, isActive: 1 })).toBe(false);
    // Deactivated after it was once active.
    expect(isReplaceableRegistration({ ...registered, dateActivated: '2026-01-01T00:00:00.000Z' })).toBe(
      false,
    );
    // Made by an admin: no activation hash.
    expect(isReplaceableRegistration({ ...tenant, isActive: 0 })).toBe(false);
  });
});

describe('a password reset', () => {
  const now = new Date('2027-03-01T10:00:00.000Z');
  const registered = { ...tenant, isActive: 0 as const, activationHash: 'h' };

  it('sets the password; activates a registration never activated; never reactivates what staff deactivated', () => {
    expect(resetChanges(tenant, 'scrypt$new', now)).toEqual({ passwordHash: 'scrypt$new' });
    expect(resetChanges(registered, 'scrypt$new', now)).toEqual({
      passwordHash: 'scrypt$new',
      isActive: 1,
      dateActivated: '2027-03-01T10:00:00.000Z',
    });
    const deactivated = { ...tenant, isActive: 0 as const, dateActivated: '2026-01-01T00:00:00.000Z' };
    expect(resetChanges(deactivated, 'scrypt$new', now)).toEqual({ passwordHash: 'scrypt$new' });
    // Either way the sessions end: the password is new.
    expect(endsSessions(tenant, resetChanges(tenant, 'scrypt$new', now))).toBe(true);
  });
});

describe('a guest record’s claim', () => {
  const guest = {
    ...tenant,
    tenantId: 9,
    tenantEmail: 'Ann@Example.test ',
    isActive: 0 as const,
    guest: true as const,
  };

  it('is open to the account of the same address (case folded), and again to the account that claimed it', () => {
    expect(claimableBy(guest, tenant)).toBe(true);
    expect(claimableBy({ ...guest, claimedBy: 7 }, tenant)).toBe(true);
    expect(claimableBy({ ...guest, claimedBy: 8 }, tenant)).toBe(false);
    expect(claimableBy(guest, { ...tenant, tenantEmail: 'bob@example.test' })).toBe(false);
    const { guest: _flag, ...account } = guest;
    expect(claimableBy(account, tenant)).toBe(false);
  });
});
