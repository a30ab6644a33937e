/**
 * Tenant accounts, shared by registration (publicAuth), admin create (adminTenants) and the fixture loader:
 * the password is hashed, the contact fields sealed under the tenant's own id, and the tenant's parts
 * committed in one transaction with whatever the caller adds (registration's activation token, an admin
 * create's change record).
 */
import { sealFields } from '../../crypto/fields.js';
import { hashPassword } from '../../crypto/password.js';
import { changePart } from '../../data/changes-repo.js';
import { claimGuestTenantParts, guestTenantIdByEmail } from '../../data/guest-tenants-repo.js';
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
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import {
  type ContactField,
  contactAad,
  contactOf,
  isGuestRecord,
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

/** How a registration got its record: a new account, an unactivated one replaced, or a guest record claimed. */
export type RegistrationKind = 'created' | 'replaced' | 'claimed';

export interface Registration {
  record: TenantRecord;
  kind: RegistrationKind;
}

/**
 * A registration, decided on what holds the address (docs/tenants.md):
 * - an account that came from a registration and was never activated: replaced in place (same id: names,
 *   password, contact fields and the token; the earlier link stops working); any other account is a 409;
 * - no account, but a guest record (the tenant of stays booked without a session): claimed in place, so its
 *   stays and invoices are the account's once the mailed link proves the address is the registrant's;
 * - neither: a new inactive account.
 * The password is hashed once, outside the retries; a racing change re-reads and decides again.
 */
export async function registerTenantAccount(
  input: Omit<NewAccount, 'isActive' | 'activationHash'>,
  activation: { tokenHash: string; expiresAt: number },
  now: Date,
  by?: Actor,
): Promise<Registration> {
  const account = { ...input, isActive: 0 as const, activationHash: activation.tokenHash };
  const passwordHash = await hashPassword(input.password);
  const recordFor = async (tenantId: number) =>
    newTenantRecord(
      tenantId,
      { ...account, passwordHash, contact: await sealFields(contactOf(input), contactAad(tenantId)) },
      now,
    );
  // The registration's change item announces `tenant.registered` (outbound webhooks) in the same transaction.
  const registered = (record: TenantRecord): TxPart[] =>
    by ? [changePart(tenantChange('registered', undefined, record, 'tenant.registered'), by, now)] : [];
  const tokenPart = (tenantId: number) =>
    activationPart(activation.tokenHash, tenantId, activation.expiresAt, now);
  return retryStale(`The account of ${input.tenantEmail}`, async () => {
    const [accountId, guestId] = await Promise.all([
      tenantIdByEmail(input.tenantEmail),
      guestTenantIdByEmail(input.tenantEmail),
    ]);
    const target = accountId ?? guestId;
    if (target === undefined) {
      const record = await recordFor(await nextId('tenant'));
      await commitTenantChange(
        [...insertTenantParts(record), tokenPart(record.tenantId), ...registered(record)],
        record.tenantId,
      );
      return { record, kind: 'created' as const };
    }
    const current = await getStoredTenant(target);
    // A guard whose record is gone (or a guest guard whose record was claimed meanwhile): read again.
    if (!current) throw new StaleRecord(`tenant ${target} is gone`);
    const claim = accountId === undefined;
    if (claim ? !isGuestRecord(current.record) : !isReplaceableRegistration(current.record)) {
      if (claim) throw new StaleRecord(`tenant ${target} is no longer a guest record`);
      throw new Conflict('An account with this e-mail address already exists');
    }
    const changes = replacementChanges(await recordFor(target));
    const after = { ...withChanges(current.record, changes, now), dateCreated: current.record.dateCreated };
    if (claim) delete after.guest;
    await commitTenantChange(
      [
        ...(claim ? claimGuestTenantParts(current, changes, now) : [updateTenantPart(current, changes, now)]),
        tokenPart(target),
        ...registered(after),
      ],
      target,
    );
    return { record: after, kind: claim ? ('claimed' as const) : ('replaced' as const) };
  });
}

/** What a repeated registration (or a claim) replaces; the id, dateCreated and the guard stay. */
const replacementChanges = (r: TenantRecord): TenantChanges => ({
  tenantEmail: r.tenantEmail,
  tenantFirstName: r.tenantFirstName,
  tenantLastName: r.tenantLastName,
  passwordHash: r.passwordHash,
  contact: r.contact,
  activationHash: r.activationHash,
});

/**
 * Undoes a registration whose activation e-mail could not be sent, so the address can register again: a new
 * account is removed; a replaced or claimed record keeps its stays and stays an unactivated registration
 * (the next registration of the address replaces it), only the token that was never mailed is removed.
 */
export async function undoRegistration(registration: Registration, activationHash: string): Promise<void> {
  if (registration.kind !== 'created') {
    await commit([deleteActivationPart(activationHash)]);
    return;
  }
  await commit([...deleteUnactivatedTenantParts(registration.record), deleteActivationPart(activationHash)]);
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
