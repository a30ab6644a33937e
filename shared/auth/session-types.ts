import type { RoleName } from '../http/route.js';

export interface AdminSession {
  kind: 'admin';
  adminId: number;
  role: RoleName;
  roleCode: number;
  username: string;
  firstName: string;
  lastName: string;
  /** The admin profile's credentials version when the session opened (absent: 0, sessions older than versions). */
  credentialsVersion?: number;
  expiresAt: number;
}

export interface TenantSession {
  kind: 'tenant';
  tenantId: number;
  email: string;
  firstName: string;
  lastName: string;
  propertyId: number | null;
  leaseId: number | null;
  /** The tenant's credentials version when the session opened (absent: 0, sessions older than versions). */
  credentialsVersion?: number;
  /**
   * The session was opened by signing in with the password (login), not by an activation link: only such a
   * session may claim a guest record's stays (docs/tenants.md "Claiming a guest record's stays").
   */
  signedInWithPassword?: true;
  expiresAt: number;
}

export type Session = AdminSession | TenantSession;
