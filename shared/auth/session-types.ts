import type { RoleName } from '../http/route.js';

export interface AdminSession {
  kind: 'admin';
  adminId: number;
  role: RoleName;
  roleCode: number;
  username: string;
  firstName: string;
  lastName: string;
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
  expiresAt: number;
}

export type Session = AdminSession | TenantSession;
