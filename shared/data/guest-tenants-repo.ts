/**
 * Guest records (docs/data-model.md T8; DESIGN.md "A booking's tenant session"): the tenant of stays booked
 * without a session is a tenant item (T1) with `guest: true` that holds the guest guard
 * `UNIQUE#guestEmail#<lowercase>` instead of the account guard (T2), so it is found among guest records only and
 * an account and a guest record of one address never meet. A registration claims it: the record moves from the
 * guest guard to the account guard in one transaction.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { normalizedEmail, type TenantChanges, type TenantRecord } from '../domain/tenant.js';
import {
  EMAIL_GUARD,
  EMAIL_GUARD_LABEL,
  type StoredTenant,
  tenantItem,
  tenantUpdate,
  updateLabel,
} from './tenants-repo.js';

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
 * removed, and not claimed by a registration meanwhile: the stay would land on the new account).
 */
export const guestTenantStillGuestPart = (tenantId: number): TxPart =>
  part.check(
    `${STILL_GUEST_LABEL} ${tenantId}`,
    keys.tenant(tenantId),
    'attribute_exists(PK) AND guest = :yes',
    {
      values: { ':yes': true },
    },
  );

/** The guest record changed between the lookup and the commit (made, claimed or removed by another request). */
export const guestTenantChanged = (error: unknown): boolean =>
  error instanceof TransactionFailed &&
  (error.conditionFailed(GUEST_GUARD_LABEL) || error.conditionFailed(STILL_GUEST_LABEL));

/**
 * A registration claims a guest record: the record, read at `current.version` and still a guest record,
 * becomes the registration (the given fields set, the guest flag removed) and moves from the guest guard to the
 * account guard, in one transaction: `update:tenant <id>`, `guard:tenantEmail`, `release:guestEmail`. The
 * tenant count is unchanged.
 */
export function claimGuestTenantParts(current: StoredTenant, changes: TenantChanges, now: Date): TxPart[] {
  const { tenantId, tenantEmail } = current.record;
  const email = normalizedEmail(tenantEmail);
  return [
    part.update(updateLabel(tenantId), keys.tenant(tenantId), tenantUpdate(changes, now, ['guest']), {
      condition: 'version = :version AND guest = :yes',
      values: { ':version': current.version, ':yes': true },
    }),
    part.guard(EMAIL_GUARD_LABEL, EMAIL_GUARD, email, tenantId),
    part.releaseGuard(`release:${GUEST_GUARD}`, GUEST_GUARD, email, tenantId),
  ];
}
