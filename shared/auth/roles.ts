/**
 * Role rules of the spec (Conventions 8, Authentication rule 5): R reads, W writes, landlords only their own
 * properties' data, housekeeping and reports without landlords. Pure functions, unit tested.
 */
import type { RoleName } from '../http/route.js';
import type { AdminSession } from './session-types.js';

export const ROLE_CODES: Readonly<Record<number, RoleName>> = {
  0: 'super_admin',
  1: 'landlord',
  2: 'svc_rep',
  3: 'housekeeper',
};

export const READ_ROLES = ['super_admin', 'svc_rep', 'landlord'] as const satisfies readonly RoleName[];
export const WRITE_ROLES = ['super_admin'] as const satisfies readonly RoleName[];
/**
 * Housekeeping, reports and what concerns no one property (contact messages, leads, subscribers, the admin
 * site settings): no landlord (DESIGN.md "Security rules").
 */
export const STAFF_READ_ROLES = ['super_admin', 'svc_rep'] as const satisfies readonly RoleName[];
/** The roles an admin named as a property's landlord must have (DESIGN.md "Security rules"). */
export const LANDLORD_ROLES = ['super_admin', 'landlord'] as const satisfies readonly RoleName[];

export function roleFromCode(code: number): RoleName | undefined {
  return ROLE_CODES[code];
}

export function hasRole(session: Pick<AdminSession, 'role'>, allowed: readonly RoleName[]): boolean {
  return allowed.includes(session.role);
}

/** Whether an admin of this role code may be named as a property's landlord. */
export function mayBeLandlord(roleCode: number): boolean {
  const role = roleFromCode(roleCode);
  return role !== undefined && (LANDLORD_ROLES as readonly RoleName[]).includes(role);
}

/**
 * Inactive website content is the staff's working state, not a landlord's business: a landlord lists only
 * what the website shows.
 */
export function seesInactiveContent(session: Pick<AdminSession, 'role'>): boolean {
  return session.role !== 'landlord';
}

/**
 * A landlord reaches only properties whose landlord is them; other read roles reach every property. A record
 * out of reach is answered as missing (404), never 403 (DESIGN.md "Security rules").
 */
export function canSeeProperty(
  session: Pick<AdminSession, 'role' | 'adminId'>,
  landlordId: number | undefined,
) {
  return session.role !== 'landlord' || landlordId === session.adminId;
}
