/**
 * The one protocol by which an existing tenant record changes, whoever changes it (docs/tenants.md "One owner
 * of the tenant record"): the record is read at its version; the credentials version moves with the changes
 * when they end the tenant's sessions (a new password, isActive either way); the update is conditioned on the
 * version read and commits with a change item (audit log and outbox) that masks the person's fields; a rival
 * write that came first makes it read again and decide again.
 */
import { changePart } from '../../data/changes-repo.js';
import {
  commitTenantChange,
  getStoredTenant,
  type RemovableTenantField,
  type StoredTenant,
  updateTenantPart,
} from '../../data/tenants-repo.js';
import { retryStale } from '../../db/optimistic.js';
import type { TxPart } from '../../db/transaction.js';
import type { Actor, ChangeInput } from '../../domain/change.js';
import {
  type PasswordChange,
  type TenantChanges,
  type TenantRecord,
  tenantChange,
  withChanges,
  withSessionEnd,
} from '../../domain/tenant.js';

/** Who changes the tenant, why, and how the change item describes it. */
export interface TenantChangeOf {
  /** The change item's action ('updated', 'deactivated', 'activated', 'passwordRehashed', 'autopayOff' …). */
  action: string;
  by: Actor;
  now: Date;
  /** The change item when not the tenant's audit view (autopay's own: shared/domain/autopay.ts). */
  describe?: (before: TenantRecord, after: TenantRecord) => ChangeInput;
  /** What a new password hash stands for; `same` (a rehash) keeps the sessions. Default `new`. */
  password?: PasswordChange;
  /** Fields the change removes from the record. */
  remove?: readonly RemovableTenantField[];
}

export interface TenantChangeParts {
  /** The conditioned update and its change item. */
  parts: TxPart[];
  /** The record as the change leaves it. */
  after: TenantRecord;
  /** The update's label: a failed condition on it means a rival write came first. */
  updateLabel: string;
}

/** The parts of one change of the tenant read at `stored.version`, for a transaction the caller commits. */
export function tenantChangeParts(
  stored: StoredTenant,
  changes: TenantChanges,
  of: TenantChangeOf,
): TenantChangeParts {
  const before = stored.record;
  const all = withSessionEnd(before, changes, of.password);
  const after = withChanges(before, all, of.now);
  for (const field of of.remove ?? []) delete after[field];
  const update = updateTenantPart(stored, all, of.now, of.remove);
  const item = of.describe ? of.describe(before, after) : tenantChange(of.action, before, after);
  return { parts: [update, changePart(item, of.by, of.now)], after, updateLabel: update.label };
}

/**
 * Reads the tenant, applies `changesOf` and commits with `extra` parts (which commit or fail with it); read
 * again and decided again when a rival write came first. Undefined when there is no such tenant; when
 * `changesOf` answers undefined nothing is written and the record is answered as read.
 */
export function changeTenant(
  tenantId: number,
  changesOf: (current: TenantRecord) => TenantChanges | undefined,
  of: TenantChangeOf,
  extra: (after: TenantRecord) => TxPart[] = () => [],
): Promise<TenantRecord | undefined> {
  return retryStale(`Tenant ${tenantId}`, async () => {
    const stored = await getStoredTenant(tenantId);
    if (!stored) return undefined;
    const changes = changesOf(stored.record);
    if (!changes) return stored.record;
    const { parts, after } = tenantChangeParts(stored, changes, of);
    await commitTenantChange([...parts, ...extra(after)], tenantId);
    return after;
  });
}
