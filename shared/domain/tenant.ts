/**
 * The tenant record and its rules (docs/tenants.md): the password is a scrypt hash that never leaves the
 * server, the contact fields are ciphertext at rest (shared/crypto), the e-mail is unique case-insensitively.
 */

import type { TenantAutopay } from './autopay.js';
import type { ChangeInput } from './change.js';

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
  /**
   * Moved by every change that must end the tenant's earlier sessions (a new password, a deactivation or a
   * reactivation); a session keeps the version it was opened with and stops working once they differ.
   * Absent on records written before versions existed: read as 0.
   */
  credentialsVersion?: number;
  /**
   * SHA-256 of the activation token of the latest registration, kept until the account is activated: only
   * registrations set it (an admin-made account never has one), and only that token activates the account,
   * so a registration that replaces an unactivated one voids the earlier link.
   */
  activationHash?: string;
  /** The tenant's Stripe Customer (autopay), made once on the first autopay setup and kept. */
  stripeCustomerId?: string;
  /** The saved method autopay charges (shared/domain/autopay.ts); null or absent: autopay is off. */
  autopay?: TenantAutopay | null;
  /** When the tenant last turned autopay off: a setup begun before it never turns it back on. */
  autopayOffAt?: string;
  /**
   * A guest record (DESIGN.md "A booking's tenant session"): the tenant of stays booked without a session (the
   * website's guest checkout, the channel manager). It holds the guest guard of its e-mail, never the account
   * guard, so it is found only among guest records and never lands on an account; it has no password. A
   * guest record's stays and invoices join an account only through the claim link mailed to the address and
   * opened while signed in to that account (docs/tenants.md "Claiming a guest record's stays").
   */
  guest?: true;
  /**
   * A guest record claimed into this account: its guest guard is released (later guest bookings of the address
   * make a new guest record) and its stays and invoices move to the account.
   */
  claimedBy?: number;
}

/** The fields an admin, the login or a repeated registration may change on an existing tenant. */
export type TenantChanges = {
  [K in
    | 'tenantEmail'
    | 'tenantFirstName'
    | 'tenantLastName'
    | 'contact'
    | 'activationHash'
    | 'isActive'
    | 'passwordHash'
    | 'dateActivated'
    | 'credentialsVersion'
    | 'autopay'
    | 'autopayOffAt'
    | 'claimedBy']?: TenantRecord[K] | undefined;
};

/**
 * Whether a registration of this account's address may replace it (DESIGN.md "Security rules"): it came from
 * a registration and was never activated. An admin-made account is never replaced by a visitor (it may hold
 * leases, and its password was set by the admin), nor is one that was ever active.
 */
export const isReplaceableRegistration = (t: TenantRecord) =>
  t.isActive === 0 && !t.dateActivated && t.activationHash !== undefined;

export const isGuestRecord = (t: Pick<TenantRecord, 'guest'>) => t.guest === true;

export const credentialsVersionOf = (t: Pick<TenantRecord, 'credentialsVersion'>) =>
  t.credentialsVersion ?? 0;

/**
 * What a new `passwordHash` in a change stands for: a `new` password (an admin's reset, a registration, a fixture
 * load), or the `same` password hashed again with stronger parameters (the login's rehash), which is no new
 * credential and must not end the session the login is opening.
 */
export type PasswordChange = 'new' | 'same';

/** Whether a change ends the tenant's earlier sessions: a new password, or isActive changing either way. */
export function endsSessions(
  current: TenantRecord,
  changes: TenantChanges,
  password: PasswordChange = 'new',
): boolean {
  const activeChanges = changes.isActive !== undefined && changes.isActive !== current.isActive;
  return (changes.passwordHash !== undefined && password === 'new') || activeChanges;
}

/** The changes with the credentials version moved when they end the tenant's sessions (same write). */
export function withSessionEnd(
  current: TenantRecord,
  changes: TenantChanges,
  password: PasswordChange = 'new',
): TenantChanges {
  if (!endsSessions(current, changes, password)) return changes;
  return { ...changes, credentialsVersion: credentialsVersionOf(current) + 1 };
}

/**
 * The login's rehash of the password it just verified against `verifiedHash`: the new hash, or nothing when the
 * stored hash is no longer the one verified (the password was changed meanwhile, and that change stands).
 */
export function rehashChanges(
  current: Pick<TenantRecord, 'passwordHash'>,
  verifiedHash: string,
  newHash: string,
): TenantChanges | undefined {
  return current.passwordHash === verifiedHash ? { passwordHash: newHash } : undefined;
}

/**
 * What a password reset sets (DESIGN.md "Identity and sessions"): the new password, and, on an account that came
 * from a registration and was never activated, the activation too: the reset link was mailed to the address, so
 * opening it proves the mailbox as the activation link does (docs/tenants.md "Password reset"). An account that
 * was active once and is inactive now (an admin deactivated it) stays inactive: a reset never undoes staff's
 * decision. The credentials version moves with the new password (withSessionEnd), so every session ends.
 */
export function resetChanges(current: TenantRecord, passwordHash: string, now: Date): TenantChanges {
  if (!isReplaceableRegistration(current)) return { passwordHash };
  return { passwordHash, isActive: 1, dateActivated: now.toISOString() };
}

/**
 * Whether a guest record may be claimed into `account`: it is a guest record of the same address (case folded)
 * not yet claimed by another account. One claimed by this account already may be claimed again (a claim cut
 * short moves what is left).
 */
export const claimableBy = (guest: TenantRecord, account: Pick<TenantRecord, 'tenantId' | 'tenantEmail'>) =>
  isGuestRecord(guest) &&
  normalizedEmail(guest.tenantEmail) === normalizedEmail(account.tenantEmail) &&
  (guest.claimedBy === undefined || guest.claimedBy === account.tenantId);

/**
 * Whether an activation token may activate this record: only the latest registration's token (its hash is kept
 * until activation); records registered before the hash was kept accept any of their tokens.
 */
export const activationAccepts = (t: Pick<TenantRecord, 'activationHash'>, tokenHash: string) =>
  t.activationHash === undefined || t.activationHash === tokenHash;

export const normalizedEmail = (email: string) => email.trim().toLowerCase();

/** A guest's one-field name as a tenant's: "Ann Marie Smith" → first "Ann", last "Marie Smith"; one word is a first name. */
export function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** What every new tenant record is made of, whoever creates it (registration, admin, fixture, a guest's stay). */
export interface NewTenantFields {
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  isActive: 0 | 1;
  /** Empty for a guest's tenant: no password, so no one can log in with it until it is claimed. */
  passwordHash: string;
  /** Already sealed under the tenant's id (shared/crypto/fields.ts). */
  contact: TenantRecord['contact'];
  activationHash?: string | undefined;
  /** A guest record (TenantRecord.guest). */
  guest?: true | undefined;
}

export function newTenantRecord(tenantId: number, fields: NewTenantFields, now: Date): TenantRecord {
  const stamp = now.toISOString();
  return {
    tenantId,
    tenantEmail: fields.tenantEmail.trim(),
    tenantFirstName: fields.tenantFirstName,
    tenantLastName: fields.tenantLastName,
    isActive: fields.isActive,
    passwordHash: fields.passwordHash,
    contact: fields.contact,
    dateCreated: stamp,
    dateUpdated: stamp,
    dateActivated: fields.isActive === 1 ? stamp : '',
    ...(fields.activationHash === undefined ? {} : { activationHash: fields.activationHash }),
    ...(fields.guest ? { guest: true as const } : {}),
  };
}

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
    /** 1: a guest record (stays booked without a session), not an account; an account may share its e-mail. */
    isGuest: (isGuestRecord(t) ? 1 : 0) as 0 | 1,
  };
}

/** A person's e-mail and names: personal data, kept out of the audit log like a reservation's guest. */
export const PERSON_FIELDS = ['tenantEmail', 'tenantFirstName', 'tenantLastName'] as const;

/**
 * Fields an audit entry says changed but never shows (docs/data-model.md "Changes and audit"): the e-mail
 * and names, the encrypted contact fields and the password hash.
 */
export const TENANT_MASKED_FIELDS: readonly string[] = [...PERSON_FIELDS, ...CONTACT_FIELDS, 'passwordHash'];

/**
 * The tenant as an audit entry compares it: the list fields (e-mail and names masked in the entry), the contact
 * fields (ciphertext, so a change is seen; masked) and the password hash (masked).
 */
export function tenantAuditView(t: TenantRecord): Record<string, unknown> {
  return {
    ...tenantListView(t),
    ...t.contact,
    passwordHash: t.passwordHash,
    ...(t.claimedBy === undefined ? {} : { claimedBy: t.claimedBy }),
  };
}

/**
 * A tenant as its events carry it: the admin single view (adminTenants getTenant) without the contact fields,
 * which are encrypted at rest and so never copied into the outbox or the delivery log (a subscriber reads
 * them with the admin API); a new account has no leases yet.
 */
export const tenantEventRecord = (t: TenantRecord) => ({ ...tenantListView(t), leases: [] });

/**
 * The change record of a tenant (audit, and the `tenant.*` events): every writer of a tenant describes it the
 * same way, the audit view with the e-mail, names, contact fields and password hash masked. The event's
 * record (the webhook payload) is unmasked: it goes only to the business's own signed subscribers.
 */
export const tenantChange = (
  action: string,
  before: TenantRecord | undefined,
  after: TenantRecord,
  event?: string,
): ChangeInput => ({
  recordType: 'tenant',
  recordId: after.tenantId,
  action,
  before: before && tenantAuditView(before),
  after: tenantAuditView(after),
  masked: TENANT_MASKED_FIELDS,
  ...(event
    ? {
        event,
        record: tenantEventRecord(after),
        ...(before ? { previousRecord: tenantEventRecord(before) } : {}),
      }
    : {}),
});
