/**
 * The password reset (DESIGN.md "Identity and sessions"; docs/tenants.md "Password reset"): a reset asked for an
 * account mails a single-use link, and the link sets a new password, ends every session of the account and, on a
 * registration never activated, activates it (the link proves the mailbox). Both go through the tenant's one
 * change protocol (change.ts) or its change items, so they are audited like every tenant change.
 */

import { hashPassword } from '../../crypto/password.js';
import {
  accountTokenGone,
  accountTokenPart,
  consumeAccountTokenPart,
  liveAccountToken,
  newAccountToken,
} from '../../data/account-tokens-repo.js';
import { changePart } from '../../data/changes-repo.js';
import { deleteActivationPart } from '../../data/tenant-activations-repo.js';
import { getTenant } from '../../data/tenants-repo.js';
import { commit } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import {
  isReplaceableRegistration,
  resetChanges,
  type TenantRecord,
  tenantChange,
} from '../../domain/tenant.js';
import { changeTenant } from './change.js';
import { guestClaimOfferParts } from './guest-claim.js';

/** How long a password-reset link works (DESIGN.md "Identity and sessions"). */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/**
 * A password reset asked for the account: a new single-use token (the earlier link stops working) and the
 * change item whose mail carries the link (the message job renders it from the sealed token after the commit).
 * The change item is the audit log's "a reset was asked for", by whoever asked (`guest:<ip>`).
 */
export async function requestPasswordReset(tenantId: number, by: Actor, now: Date): Promise<void> {
  const tenant = await getTenant(tenantId);
  if (!tenant) return;
  const expiresAt = Math.floor(now.getTime() / 1000) + PASSWORD_RESET_TTL_SECONDS;
  await commit([
    await accountTokenPart('passwordReset', tenantId, newAccountToken(), expiresAt, now),
    changePart(tenantChange('passwordResetRequested', tenant, tenant), by, now),
  ]);
}

/**
 * Sets the account's password from a live reset token, once (docs/tenants.md "Password reset"): the token
 * consumed, the new password set (resetChanges: it also activates a registration that was never activated) and
 * the credentials version moved, so every session of the account ends, with its change item (audited, and the
 * "your password was changed" mail), in one transaction conditioned on the token and the version read. When the
 * account is active after it and the address's guest record has stays, the claim is offered in the same
 * transaction. Undefined, and nothing written, when the token is not the account's live one.
 */
export async function resetPassword(
  tenantId: number,
  presented: string,
  password: string,
  by: Actor,
  now: Date,
): Promise<TenantRecord | undefined> {
  const [reset, account] = await Promise.all([
    liveAccountToken('passwordReset', tenantId, presented, now),
    getTenant(tenantId),
  ]);
  if (!reset || !account) return undefined;
  const passwordHash = await hashPassword(password);
  const activates = isReplaceableRegistration(account);
  const offer = activates || account.isActive === 1 ? await guestClaimOfferParts(account, by, now) : [];
  // The activation link of a registration the reset activates stops working with it.
  const activationLink =
    activates && account.activationHash ? [deleteActivationPart(account.activationHash)] : [];
  try {
    return await changeTenant(
      tenantId,
      (current) => resetChanges(current, passwordHash, now),
      { action: 'passwordReset', by, now, remove: activates ? ['activationHash'] : [] },
      () => [consumeAccountTokenPart('passwordReset', reset, now), ...activationLink, ...offer],
    );
  } catch (error) {
    if (accountTokenGone(error, 'passwordReset')) return undefined;
    throw error;
  }
}
