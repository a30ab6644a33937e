/** Tenant authentication rules as plain functions (unit tested in rules.test.ts). */
import { createHash } from 'node:crypto';
import type { TenantSession } from '../../shared/auth/session-types.js';
import type { TenantRecord } from '../../shared/data/tenants-repo.js';
import type { LeaseRecord } from '../../shared/domain/lease.js';
import { credentialsVersionOf } from '../../shared/domain/tenant.js';
import { BadRequest } from '../../shared/errors.js';
import type { RegisterInput } from './schemas.js';

// The login lockout and the activation limit are declared on their routes (routes.ts, shared/http/rate-limit.ts).
/** How long an activation link works. */
export const ACTIVATION_TTL_SECONDS = 48 * 60 * 60;

export const ACTIVATE_PATH = '/API/publicAuth/V1/activate.json';
export const INVALID_LINK = 'This activation link is invalid, expired or already used';
export const INVALID_CREDENTIALS = 'Invalid e-mail or password';
export const INVALID_RESET_LINK = 'This password reset link is invalid, expired or already used';
export const NO_CLAIM = 'This link does not add bookings to the account you are signed in to';
export const SIGN_IN_TO_CLAIM =
  'Sign in with your password, then open the link again: the bookings are added only to an account signed in with its password';

/** password2 (the confirmation) must equal password; the honeypot isEmpty must be empty. */
export function checkRegistration(input: Pick<RegisterInput, 'password' | 'password2' | 'isEmpty'>): void {
  if (input.isEmpty)
    throw new BadRequest('The form could not be accepted', [{ field: 'isEmpty', message: 'must be empty' }]);
  if (input.password2 !== input.password) {
    throw new BadRequest('The passwords do not match', [
      { field: 'password2', message: 'must equal password' },
    ]);
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** Tokens are base64url of 32 random bytes; anything else is refused without a table read. */
export const isTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

function activateQuery(email: string, applyToLeaseId: number | undefined, hash?: string) {
  const query = new URLSearchParams({ tenantEmail: email });
  if (hash !== undefined) query.set('hash', hash);
  if (applyToLeaseId !== undefined) query.set('applyToLeaseId', String(applyToLeaseId));
  return query.toString();
}

/**
 * Where the e-mailed link leads: the site's activation page when the setting `tenantActivationPageUrl` names
 * one (the site then calls activate.json), otherwise activate.json itself, which answers a browser with a
 * page (activation-page.ts).
 */
export const activationPageUrl = (sitePage: string, apiBaseUrl: string) =>
  sitePage || `${apiBaseUrl.replace(/\/+$/, '')}${ACTIVATE_PATH}`;

/** The link in the e-mail: the only place the secret token ever goes. */
export const activationLink = (pageUrl: string, email: string, token: string, applyToLeaseId?: number) =>
  `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}${activateQuery(email, applyToLeaseId, token)}`;

/**
 * What register answers in `activateUrl`: the activation endpoint for this e-mail without the token. The
 * response goes to whoever called register, who need not own the address; with the token in it anyone could
 * activate an account for an e-mail they do not control. The working link is only in the e-mail.
 */
export const publicActivateUrl = (baseUrl: string, email: string, applyToLeaseId?: number) =>
  `${baseUrl.replace(/\/+$/, '')}${ACTIVATE_PATH}?${activateQuery(email, applyToLeaseId)}`;

export function userView(
  t: Pick<TenantRecord, 'tenantId' | 'tenantEmail' | 'tenantFirstName' | 'tenantLastName'>,
) {
  return {
    tenantId: t.tenantId,
    tenantEmail: t.tenantEmail,
    tenantFirstName: t.tenantFirstName,
    tenantLastName: t.tenantLastName,
  };
}

/** How a session was opened: by signing in with the password, or by an activation link. */
export type SessionProof = 'password' | 'activationLink';

/** The tenant session: identity plus propertyId/leaseId of the active lease (DESIGN "Leases"). */
export function sessionOf(
  t: TenantRecord,
  lease: Pick<LeaseRecord, 'propertyId' | 'leaseId'> | undefined,
  proof: SessionProof = 'password',
): Omit<TenantSession, 'expiresAt'> {
  return {
    // Only a password sign-in may claim a guest record's stays (docs/tenants.md).
    ...(proof === 'password' ? { signedInWithPassword: true as const } : {}),
    kind: 'tenant',
    tenantId: t.tenantId,
    email: t.tenantEmail,
    firstName: t.tenantFirstName,
    lastName: t.tenantLastName,
    propertyId: lease?.propertyId ?? null,
    leaseId: lease?.leaseId ?? null,
    // The session ends when the account's credentials version moves (shared/auth/sessions.ts).
    credentialsVersion: credentialsVersionOf(t),
  };
}

export function meView(
  s: Pick<TenantSession, 'tenantId' | 'email' | 'firstName' | 'lastName' | 'propertyId' | 'leaseId'>,
) {
  return {
    tenantId: s.tenantId,
    tenantEmail: s.email,
    tenantFirstName: s.firstName,
    tenantLastName: s.lastName,
    propertyId: s.propertyId,
    leaseId: s.leaseId,
  };
}
