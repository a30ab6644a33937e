/**
 * Tenant accounts, shared by registration, activation and the password reset (publicAuth), admin create
 * (adminTenants), the login's rehash and the fixture loader: the password is hashed, the contact fields sealed
 * under the tenant's own id, and every write commits the tenant's parts with its change item in one transaction
 * (a fixture load writes none: loading announces nothing). Changes of an existing record go through change.ts.
 */

import { sealFields } from '../../crypto/fields.js';
import { hashPassword } from '../../crypto/password.js';
import { changePart } from '../../data/changes-repo.js';
import {
  activationPart,
  consumeActivationPart,
  deleteActivationPart,
} from '../../data/tenant-activations-repo.js';
import { countTenantChange } from '../../data/tenant-count-repo.js';
import {
  commitTenantChange,
  deleteUnactivatedTenantParts,
  getStoredTenant,
  getTenant,
  insertTenantParts,
  moveEmailGuardParts,
  tenantIdByEmail,
  updateTenantPart,
} from '../../data/tenants-repo.js';
import { nextId } from '../../db/counters.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, TransactionFailed } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import {
  activationAccepts,
  type ContactField,
  contactAad,
  contactOf,
  isReplaceableRegistration,
  newTenantRecord,
  rehashChanges,
  type TenantChanges,
  type TenantRecord,
  tenantChange,
  withSessionEnd,
} from '../../domain/tenant.js';
import { Conflict } from '../../errors.js';
import { changeTenant, tenantChangeParts } from './change.js';
import { guestClaimOfferParts } from './guest-claim.js';

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
 * An account an admin makes, with its change item. 409 early (one GetItem) when the e-mail is known, so a
 * duplicate costs no id and no hash; the guard in the transaction stays the authority when two requests race.
 */
export async function createTenantAccount(input: NewAccount, by: Actor, now: Date): Promise<TenantRecord> {
  if ((await tenantIdByEmail(input.tenantEmail)) !== undefined) {
    throw new Conflict('An account with this e-mail address already exists');
  }
  const record = await buildTenantRecord(input, await nextId('tenant'), now);
  await commitTenantChange(
    [...insertTenantParts(record), changePart(tenantChange('created', undefined, record), by, now)],
    record.tenantId,
  );
  return record;
}

/**
 * A fixture's tenant, under its given id and without a change item (a load announces nothing): a new one is
 * inserted with its e-mail guard; one loaded before has the fixture's fields set again through the same version
 * condition as any change, its sessions ended (the password is set anew) and its e-mail guard moved when the
 * address changed, so a reload can never take another tenant's address. Throws Conflict when the address is
 * another account's.
 */
export async function loadFixtureTenant(input: NewAccount, tenantId: number, now: Date): Promise<void> {
  const record = await buildTenantRecord(input, tenantId, now);
  await retryStale(`Tenant ${tenantId}`, async () => {
    const stored = await getStoredTenant(tenantId);
    if (!stored) {
      await commitTenantChange(insertTenantParts(record), tenantId);
      // A load runs before the local job runner reads the stream: it counts its tenant itself (once, like the job).
      return countTenantChange(tenantId, 1);
    }
    const changes = withSessionEnd(stored.record, {
      tenantEmail: record.tenantEmail,
      tenantFirstName: record.tenantFirstName,
      tenantLastName: record.tenantLastName,
      isActive: record.isActive,
      passwordHash: record.passwordHash,
      contact: record.contact,
      dateActivated: record.dateActivated,
    });
    await commitTenantChange(
      [
        updateTenantPart(stored, changes, now),
        ...moveEmailGuardParts(tenantId, stored.record.tenantEmail, record.tenantEmail),
      ],
      tenantId,
    );
  });
}

/** How a registration got its record: a new account, or an unactivated one replaced. */
export type RegistrationKind = 'created' | 'replaced';

export interface Registration {
  record: TenantRecord;
  kind: RegistrationKind;
}

/**
 * A registration, decided on the account of the address (docs/tenants.md):
 * - an account that came from a registration and was never activated: replaced in place (same id: names,
 *   password, contact fields and the token; the earlier link stops working); any other account is a 409;
 * - none: a new inactive account. A guest record of the address (stays booked without a session) stays what it
 *   is: its stays join the account only through the claim link mailed once the account is the mailbox owner's
 *   (guest-claim.ts), never by registering, which anyone may do with any address.
 * The password is hashed once, outside the retries; a racing change re-reads and decides again.
 * `beforeWrite` runs once, when the registration is known to go ahead (never for a 409): the caller counts the
 * mail it will send there.
 */
export async function registerTenantAccount(
  input: Omit<NewAccount, 'isActive' | 'activationHash'>,
  activation: { tokenHash: string; expiresAt: number },
  now: Date,
  by: Actor,
  beforeWrite: () => Promise<void> = async () => undefined,
): Promise<Registration> {
  const account = { ...input, isActive: 0 as const, activationHash: activation.tokenHash };
  const passwordHash = await hashPassword(input.password);
  const recordFor = async (tenantId: number) =>
    newTenantRecord(
      tenantId,
      { ...account, passwordHash, contact: await sealFields(contactOf(input), contactAad(tenantId)) },
      now,
    );
  // The registration's change item announces `tenant.registered` (outbound webhooks) in the same transaction,
  // with the record as registered (a replaced record is new to the subscriber).
  const registeredItem = (record: TenantRecord) =>
    tenantChange('registered', undefined, record, 'tenant.registered');
  let goesAhead = false;
  const goAhead = async () => {
    if (!goesAhead) await beforeWrite();
    goesAhead = true;
  };
  const tokenPart = (tenantId: number) =>
    activationPart(activation.tokenHash, tenantId, activation.expiresAt, now);
  return retryStale(`The account of ${input.tenantEmail}`, async () => {
    const accountId = await tenantIdByEmail(input.tenantEmail);
    if (accountId === undefined) {
      await goAhead();
      const record = await recordFor(await nextId('tenant'));
      await commitTenantChange(
        [
          ...insertTenantParts(record),
          tokenPart(record.tenantId),
          changePart(registeredItem(record), by, now),
        ],
        record.tenantId,
      );
      return { record, kind: 'created' as const };
    }
    const current = await getStoredTenant(accountId);
    // A guard whose record is gone: read again.
    if (!current) throw new StaleRecord(`tenant ${accountId} is gone`);
    if (!isReplaceableRegistration(current.record))
      throw new Conflict('An account with this e-mail address already exists');
    await goAhead();
    const changes = replacementChanges(await recordFor(accountId));
    const replaced = tenantChangeParts(current, changes, {
      action: 'registered',
      by,
      now,
      describe: (_, after) => registeredItem(after),
    });
    await commitTenantChange([...replaced.parts, tokenPart(accountId)], accountId);
    return { record: replaced.after, kind: 'replaced' as const };
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

/**
 * Undoes a registration whose activation e-mail could not be sent, so the address can register again: a new
 * account is removed; a replaced one stays an unactivated registration (the next registration of the address
 * replaces it), only the token that was never mailed is removed.
 */
export async function undoRegistration(registration: Registration, activationHash: string): Promise<void> {
  if (registration.kind !== 'created') {
    await commit([deleteActivationPart(activationHash)]);
    return;
  }
  await commit([...deleteUnactivatedTenantParts(registration.record), deleteActivationPart(activationHash)]);
}

/**
 * Uses an activation token once: the token consumed and the tenant activated (with its change item, its
 * activation hash removed) commit together, conditioned on the version read, so two clicks racing on one link
 * activate once and the loser gets false. Only the latest registration's token activates (activationAccepts).
 * The activation proves the mailbox: when the address's guest record has stays or invoices, the same
 * transaction offers the account their claim (guest-claim.ts), mailed to the address.
 */
export async function activateAccount(
  tokenHash: string,
  tenantId: number,
  by: Actor,
  now: Date,
): Promise<boolean> {
  const account = await getTenant(tenantId);
  if (!account) return false;
  const offer = await guestClaimOfferParts(account, by, now);
  let refused = false;
  try {
    const after = await changeTenant(
      tenantId,
      (current) => {
        refused = !activationAccepts(current, tokenHash);
        return refused ? undefined : { isActive: 1, dateActivated: now.toISOString() };
      },
      { action: 'activated', by, now, remove: ['activationHash'] },
      () => [consumeActivationPart(tokenHash, tenantId, now), ...offer],
    );
    return after !== undefined && !refused;
  } catch (error) {
    if (error instanceof TransactionFailed) return false;
    throw error;
  }
}

/**
 * The login's upgrade of a password hash made with weaker parameters, now that the password is known: audited
 * like any change, conditioned on the version read, and skipped when the password was changed since the login
 * read it (rehashChanges). The same password keeps the tenant's sessions, the one being opened included.
 */
export function rehashPassword(
  tenantId: number,
  verifiedHash: string,
  newHash: string,
  by: Actor,
  now: Date,
): Promise<TenantRecord | undefined> {
  return changeTenant(tenantId, (current) => rehashChanges(current, verifiedHash, newHash), {
    action: 'passwordRehashed',
    by,
    now,
    password: 'same',
  });
}
