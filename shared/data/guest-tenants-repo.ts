/**
 * Guest records (docs/data-model.md T8; DESIGN.md "A booking's tenant session"): the tenant of stays booked
 * without a session is a tenant item (T1) with `guest: true` that holds the guest guard
 * `UNIQUE#guestEmail#<lowercase>` instead of the account guard (T2), so it is found among guest records only and
 * an account and a guest record of one address never meet. A claim (docs/tenants.md "Claiming a guest record's
 * stays") marks it `claimedBy` its account and releases the guest guard; its stays and invoices then move.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { normalizedEmail, type TenantRecord } from '../domain/tenant.js';
import { type StoredTenant, tenantItem, tenantUpdate, updateLabel } from './tenants-repo.js';

const GUEST_GUARD = 'guestEmail';
const guestGuard = (email: string) => keys.unique(GUEST_GUARD, normalizedEmail(email));
const GUEST_GUARD_LABEL = `guard:${GUEST_GUARD}`;
const STILL_GUEST_LABEL = 'check:tenant';

/** T8: the guest record of an e-mail, found among guest records only (never an account). */
export async function guestTenantIdByEmail(email: string): Promise<number | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: guestGuard(email) }));
  return Item ? Number(Item.ownerId) : undefined;
}

/**
 * A new guest record: `put:tenant <id>`, `guard:guestEmail` (no account guard). The tenants' total is the
 * tenantCount job's (tenant-count-repo.ts): no booking's transaction writes an item every booking writes.
 */
export function insertGuestTenantParts(record: TenantRecord): TxPart[] {
  return [
    part.putIfAbsent(`put:tenant ${record.tenantId}`, tenantItem(record)),
    part.guard(GUEST_GUARD_LABEL, GUEST_GUARD, normalizedEmail(record.tenantEmail), record.tenantId),
  ];
}

/**
 * `check:tenant <id>`: a guest record found before a transaction must still be one when it commits (not
 * removed, and not claimed meanwhile: its stays are moving to an account, and a stay added now would be left
 * behind on a record no booking finds any more).
 */
export const guestTenantStillGuestPart = (tenantId: number): TxPart =>
  part.check(
    `${STILL_GUEST_LABEL} ${tenantId}`,
    keys.tenant(tenantId),
    'attribute_exists(PK) AND guest = :yes AND attribute_not_exists(claimedBy)',
    {
      values: { ':yes': true },
    },
  );

/** The guest record changed between the lookup and the commit (made, claimed or removed by another request). */
export const guestTenantChanged = (error: unknown): boolean =>
  error instanceof TransactionFailed &&
  (error.conditionFailed(GUEST_GUARD_LABEL) || error.conditionFailed(STILL_GUEST_LABEL));

/**
 * A claim of the guest record, read at `current.version`, into the account `accountId`: `update:tenant <id>`
 * (`claimedBy` set; only while it is a guest record not claimed yet) and `release:guestEmail`, so a later guest
 * booking of the address makes a new guest record. The record stays a guest record (no password, no account
 * guard); the tenant count is unchanged.
 */
export function claimGuestTenantParts(current: StoredTenant, accountId: number, now: Date): TxPart[] {
  const { tenantId, tenantEmail } = current.record;
  return [
    part.update(updateLabel(tenantId), keys.tenant(tenantId), tenantUpdate({ claimedBy: accountId }, now), {
      condition: 'version = :version AND guest = :yes AND attribute_not_exists(claimedBy)',
      values: { ':version': current.version, ':yes': true },
    }),
    part.releaseGuard(`release:${GUEST_GUARD}`, GUEST_GUARD, normalizedEmail(tenantEmail), tenantId),
  ];
}
