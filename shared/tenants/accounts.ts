/**
 * Tenant accounts, shared by registration (publicAuth), admin create (adminTenants) and the fixture loader:
 * the password is hashed, the contact fields sealed under the tenant's own id, and the tenant's parts
 * committed in one transaction with whatever the caller adds (registration's activation token, an admin
 * create's change record).
 */
import { sealFields } from '../crypto/fields.js';
import { hashPassword } from '../crypto/password.js';
import { consumeActivationPart, deleteActivationPart } from '../data/tenant-activations-repo.js';
import {
  activateTenantPart,
  commitTenantChange,
  deleteUnactivatedTenantParts,
  insertTenantParts,
  tenantIdByEmail,
} from '../data/tenants-repo.js';
import { nextId } from '../db/counters.js';
import { commit, TransactionFailed, type TxPart } from '../db/transaction.js';
import { type ContactField, contactAad, contactOf, type TenantRecord } from '../domain/tenant.js';
import { Conflict } from '../errors.js';

export interface NewAccount extends Partial<Record<ContactField, string | undefined>> {
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  password: string;
  isActive: 0 | 1;
}

export async function buildTenantRecord(
  input: NewAccount,
  tenantId: number,
  now: Date,
): Promise<TenantRecord> {
  const stamp = now.toISOString();
  return {
    tenantId,
    tenantEmail: input.tenantEmail.trim(),
    tenantFirstName: input.tenantFirstName,
    tenantLastName: input.tenantLastName,
    isActive: input.isActive,
    passwordHash: await hashPassword(input.password),
    contact: await sealFields(contactOf(input), contactAad(tenantId)),
    dateCreated: stamp,
    dateUpdated: stamp,
    dateActivated: input.isActive === 1 ? stamp : '',
  };
}

/**
 * 409 early (one GetItem) when the e-mail is known, so a duplicate costs no id and no hash; the guard in the
 * transaction stays the authority when two requests race. `extraParts` commit or fail with the tenant.
 */
export async function createTenantAccount(
  input: NewAccount,
  now: Date,
  extraParts: (record: TenantRecord) => TxPart[] = () => [],
): Promise<TenantRecord> {
  if ((await tenantIdByEmail(input.tenantEmail)) !== undefined) {
    throw new Conflict('An account with this e-mail address already exists');
  }
  const record = await buildTenantRecord(input, await nextId('tenant'), now);
  await commitTenantChange([...insertTenantParts(record), ...extraParts(record)], record.tenantId);
  return record;
}

/** Undoes a registration whose activation e-mail could not be sent, so the address can register again. */
export async function undoRegistration(record: TenantRecord, activationHash: string): Promise<void> {
  await commit([...deleteUnactivatedTenantParts(record), deleteActivationPart(activationHash)]);
}

/**
 * Uses an activation token once: consuming it and activating the tenant commit together, so two clicks
 * racing on one link activate once and the loser gets false.
 */
export async function activateAccount(tokenHash: string, tenantId: number, now: Date): Promise<boolean> {
  try {
    await commit([consumeActivationPart(tokenHash, tenantId, now), activateTenantPart(tenantId, now)]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed) return false;
    throw error;
  }
}
