/**
 * The tenant record and its rules (docs/tenants.md): the password is a scrypt hash that never leaves the
 * server, the contact fields are ciphertext at rest (shared/crypto), the e-mail is unique case-insensitively.
 */

export const CONTACT_FIELDS = [
  'tenantPhone',
  'tenantAltPhone',
  'tenantAddress',
  'tenantCity',
  'tenantState',
  'tenantZip',
  'tenantCountry',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface TenantRecord {
  tenantId: number;
  /** As the tenant typed it (trimmed); compared case-insensitively through the guard. */
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  isActive: 0 | 1;
  /** `scrypt$N$r$p$salt$hash` (shared/crypto/password.ts); never leaves the service. */
  passwordHash: string;
  /** Contact fields as `v1:` ciphertext (shared/crypto/field-cipher.ts), keyed by their API names. */
  contact: Partial<Record<ContactField, string>>;
  dateCreated: string;
  dateUpdated: string;
  dateActivated: string;
}

/** The fields an admin or the login may change on an existing tenant. */
export type TenantChanges = {
  [K in 'tenantFirstName' | 'isActive' | 'passwordHash' | 'dateActivated']?: TenantRecord[K] | undefined;
};

export const normalizedEmail = (email: string) => email.trim().toLowerCase();

/** The owner part of the encrypted fields' authenticated data. */
export const contactAad = (tenantId: number) => `tenant:${tenantId}`;

/** The contact fields that were given, trimmed; empty ones are left out. */
export function contactOf(
  input: Partial<Record<ContactField, string | undefined>>,
): Partial<Record<ContactField, string>> {
  const contact: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = input[field]?.trim();
    if (value) contact[field] = value;
  }
  return contact;
}

/** The record with the given changes applied (undefined leaves a field as it is). */
export function withChanges(record: TenantRecord, changes: TenantChanges, now: Date): TenantRecord {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...record, ...defined, dateUpdated: now.toISOString() };
}

/** The tenant as the admin list shows it: never the password or the ciphertext. */
export function tenantListView(t: TenantRecord) {
  return {
    tenantId: t.tenantId,
    tenantEmail: t.tenantEmail,
    tenantFirstName: t.tenantFirstName,
    tenantLastName: t.tenantLastName,
    isActive: t.isActive,
    dateCreated: t.dateCreated,
    dateUpdated: t.dateUpdated,
    dateActivated: t.dateActivated,
  };
}

/** Fields an audit entry says changed but never shows: the encrypted contact fields and the password hash. */
export const TENANT_MASKED_FIELDS: readonly string[] = [...CONTACT_FIELDS, 'passwordHash'];

/**
 * The tenant as an audit entry compares it: the list fields, the contact fields (ciphertext, so a change is
 * seen; masked in the entry) and the password hash (masked).
 */
export function tenantAuditView(t: TenantRecord): Record<string, unknown> {
  return { ...tenantListView(t), ...t.contact, passwordHash: t.passwordHash };
}
