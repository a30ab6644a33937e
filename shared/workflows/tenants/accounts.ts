/**
 * Tenant accounts, shared by registration (publicAuth), admin create (adminTenants) and the fixture loader:
 * the password is hashed, the contact fields sealed under the tenant's own id, and the tenant's parts
 * committed in one transaction with whatever the caller adds (registration's activation token, an admin
 * create's change record).
 */
import { sealFields } from '../../crypto/fields.js';
import { hashPassword } from '../../crypto/password.js';
import { changePart } from '../../data/changes-repo.js';
import {
  activationPart,
  consumeActivationPart,
  deleteActivationPart,
} from '../../data/tenant-activations-repo.js';
import {
  activateTenantPart,
  commitTenantChange,
  deleteUnactivatedTenantParts,
  getStoredTenant,
  insertTenantParts,
  tenantIdByEmail,
  updateTenantPart,
} from '../../data/tenants-repo.js';
import { nextId } from '../../db/counters.js';
import { retryStale } from '../../db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import {
  type ContactField,
  contactAad,
  contactOf,
  isReplaceableRegistration,
  newTenantRecord,
  type TenantChanges,
  type TenantRecord,
  tenantChange,
  withChanges,
} from '../../domain/tenant.js';
import { Conflict } from '../../errors.js';

export interface NewAccount extends Partial<Record<ContactField, string | undefined>> {
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  password: string;
  isActive: 0 | 1;
  /** A registration's activation token hash (tenant.ts TenantRecord.activationHash). */
  activationHash?: string;
}

export async function buildTenantRecord(
  input: NewAccount,
  tenantId: number,
  now: Date,
): Promise<TenantRecord> {
  return newTenantRecord(
    tenantId,
    {
      ...input,
      passwordHash: await hashPassword(input.password),
      contact: await sealFields(contactOf(input), contactAad(tenantId)),
    },
    now,
  );
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

/**
 * A registration: a new inactive account with its activation token, or, when the address belongs to an
 * account that came from a registration and was never activated, that account replaced in place (same id:
 * names, password, contact fields and the token; the earlier link stops working). Any other holder of the
 * address is a 409. The password is hashed once, outside the retries; a racing change re-reads.
 * `beforeWrite` runs once, when the registration is known to go ahead (not for a 409): the caller counts the
 * mail it will send there.
 */
export async function registerTenantAccount(
  input: Omit<NewAccount, 'isActive' | 'activationHash'>,
  activation: { tokenHash: string; expiresAt: number },
  now: Date,
  by?: Actor,
  beforeWrite: () => Promise<void> = async () => undefined,
): Promise<TenantRecord> {
  const account = { ...input, isActive: 0 as const, activationHash: activation.tokenHash };
  // The registration's change item announces `tenant.registered` (outbound webhooks) in the same transaction.
  const registered = (record: TenantRecord): TxPart[] =>
    by ? [changePart(tenantChange('registered', undefined, record, 'tenant.registered'), by, now)] : [];
  const tokenPart = (tenantId: number) =>
    activationPart(activation.tokenHash, tenantId, activation.expiresAt, now);
  const existingId = await tenantIdByEmail(input.tenantEmail);
  if (existingId === undefined) {
    await beforeWrite();
    return createTenantAccount(account, now, (record) => [tokenPart(record.tenantId), ...registered(record)]);
  }
  const replacement = await buildTenantRecord(account, existingId, now);
  let goesAhead = false;
  return retryStale(`Tenant ${existingId}`, async () => {
    const current = await getStoredTenant(existingId);
    if (!current || !isReplaceableRegistration(current.record)) {
      throw new Conflict('An account with this e-mail address already exists');
    }
    if (!goesAhead) await beforeWrite();
    goesAhead = true;
    const changes = replacementChanges(replacement);
    await commitTenantChange(
      [
        updateTenantPart(current, changes, now),
        tokenPart(existingId),
        ...registered({ ...replacement, dateCreated: current.record.dateCreated }),
      ],
      existingId,
    );
    return withChanges(current.record, changes, now);
  });
}

/** What a repeated registration replaces; the id, dateCreated and the guard stay. */
const replacementChanges = (r: TenantRecord): TenantChanges => ({
  tenantEmail: r.tenantEmail,
  tenantFirstName: r.tenantFirstName,
  tenantLastName: r.tenantLastName,
  passwordHash: r.passwordHash,
  contact: r.contact,
  activationHash: r.activationHash,
});

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
    await commit([
      consumeActivationPart(tokenHash, tenantId, now),
      activateTenantPart(tenantId, tokenHash, now),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed) return false;
    throw error;
  }
}
