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
/** Housekeeping and reports: no landlord. */
export const STAFF_READ_ROLES = ['super_admin', 'svc_rep'] as const satisfies readonly RoleName[];

export function roleFromCode(code: number): RoleName | undefined {
  return ROLE_CODES[code];
}

export function hasRole(session: Pick<AdminSession, 'role'>, allowed: readonly RoleName[]): boolean {
  return allowed.includes(session.role);
}

/** A landlord reaches only properties whose landlord is them; other read roles reach every property. */
export function canSeeProperty(
  session: Pick<AdminSession, 'role' | 'adminId'>,
  landlordId: number | undefined,
) {
  return session.role !== 'landlord' || landlordId === session.adminId;
}
