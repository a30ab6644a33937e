import { describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/errors.js';
import {
  activationLink,
  activationPageUrl,
  checkRegistration,
  hashToken,
  isTokenShape,
  meView,
  publicActivateUrl,
  sessionOf,
  userView,
} from './rules.js';

const tenant = {
  tenantId: 7,
  tenantEmail: 'Ann@Example.test',
  tenantFirstName: 'Ann',
  tenantLastName: 'Lee',
  isActive: 1 as const,
  passwordHash: 'scrypt$…',
  contact: { tenantPhone: 'v1:…' },
  dateCreated: '',
  dateUpdated: '',
  dateActivated: '',
};

function statusOf(fn: () => void): number | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as AppError).status;
  }
}

describe('registration rules', () => {
  it('requires the confirmation to match and the honeypot to be empty', () => {
    expect(
      statusOf(() => checkRegistration({ password: 'abcdefgh', password2: 'abcdefgh' })),
    ).toBeUndefined();
    expect(
      statusOf(() => checkRegistration({ password: 'abcdefgh', password2: 'abcdefgh', isEmpty: '' })),
    ).toBeUndefined();
    expect(statusOf(() => checkRegistration({ password: 'abcdefgh', password2: 'abcdefgX' }))).toBe(400);
    expect(statusOf(() => checkRegistration({ password: 'abcdefgh' }))).toBe(400);
    expect(
      statusOf(() => checkRegistration({ password: 'abcdefgh', password2: 'abcdefgh', isEmpty: 'x' })),
    ).toBe(400);
  });
});

describe('activation links', () => {
  it('puts the token only in the e-mailed link, never in the URL register returns', () => {
    const token = 'T'.repeat(43);
    const link = new URL(
      activationLink(activationPageUrl('', 'http://localhost:3000/'), 'a+b@example.test', token, 12),
    );
    expect(link.pathname).toBe('/API/publicAuth/V1/activate.json');
    expect(link.searchParams.get('tenantEmail')).toBe('a+b@example.test');
    expect(link.searchParams.get('hash')).toBe(token);
    expect(link.searchParams.get('applyToLeaseId')).toBe('12');

    const shown = new URL(publicActivateUrl('http://localhost:3000', 'a+b@example.test'));
    expect(shown.searchParams.get('tenantEmail')).toBe('a+b@example.test');
    expect(shown.searchParams.has('hash')).toBe(false);
    expect(shown.searchParams.has('applyToLeaseId')).toBe(false);
  });

  it('stores tokens by SHA-256 and accepts only the token shape', () => {
    expect(hashToken('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(isTokenShape('A'.repeat(43))).toBe(true);
    expect(isTokenShape('A'.repeat(42))).toBe(false);
    expect(isTokenShape(`${'A'.repeat(42)}=`)).toBe(false);
  });
});

describe('session and views', () => {
  it('takes propertyId and leaseId from the active lease, null without one', () => {
    expect(sessionOf(tenant, { propertyId: 11, leaseId: 3 })).toMatchObject({
      kind: 'tenant',
      tenantId: 7,
      propertyId: 11,
      leaseId: 3,
    });
    expect(sessionOf(tenant, undefined)).toMatchObject({ propertyId: null, leaseId: null });
  });

  it('says whether it signed in with the password: an activation link’s session did not (it may not claim)', () => {
    expect(sessionOf(tenant, undefined).signedInWithPassword).toBe(true);
    expect(sessionOf(tenant, undefined, 'password').signedInWithPassword).toBe(true);
    expect(sessionOf(tenant, undefined, 'activationLink').signedInWithPassword).toBeUndefined();
  });

  it('shows the spec fields and never the password hash or contact ciphertext', () => {
    expect(userView(tenant)).toEqual({
      tenantId: 7,
      tenantEmail: 'Ann@Example.test',
      tenantFirstName: 'Ann',
      tenantLastName: 'Lee',
    });
    const session = sessionOf(tenant, { propertyId: 11, leaseId: 3 });
    expect(meView(session)).toEqual({
      tenantId: 7,
      tenantEmail: 'Ann@Example.test',
      tenantFirstName: 'Ann',
      tenantLastName: 'Lee',
      propertyId: 11,
      leaseId: 3,
    });
  });
});
