/**
 * The account's mailed links (docs/tenants.md "Password reset", "Claiming a guest record's stays"): asking for a
 * reset, setting the password with the mailed link, and opening the claim link while signed in.
 */
import type { TenantSession } from '../../shared/auth/session-types.js';
import { isAccountTokenShape } from '../../shared/data/account-tokens-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import * as tenants from '../../shared/data/tenants-repo.js';
import { BadRequest, NotFound, TooManyRequests, Unauthorized } from '../../shared/errors.js';
import { countMailTo } from '../../shared/http/mail-limit.js';
import { log } from '../../shared/log.js';
import { claimGuestRecord } from '../../shared/workflows/tenants/guest-claim.js';
import { requestPasswordReset, resetPassword } from '../../shared/workflows/tenants/password-reset.js';
import { INVALID_RESET_LINK, NO_CLAIM, SIGN_IN_TO_CLAIM } from './rules.js';
import type { ClaimQuery, PasswordResetConfirmInput, PasswordResetInput } from './schemas.js';

/**
 * Asks for a reset: the same 202 for every address (the pipeline counted the request per IP and per address,
 * for every address alike). An address with an account gets the link mailed; the mail also counts toward the
 * address's mails of the day (MAILS_PER_ADDRESS, with activation links and booking confirmations), and one over
 * that share is not sent, with the same answer: a 429 only for known addresses would tell which ones have an
 * account.
 */
export async function askForReset(input: PasswordResetInput, ip: string, now: Date, requestId = '') {
  const tenantId = await tenants.tenantIdByEmail(input.email);
  if (tenantId === undefined) return { success: true };
  const settings = await getSettings();
  const counted = await countMailTo(input.email, settings, now).then(
    () => true,
    (error: unknown) => {
      if (error instanceof TooManyRequests) return false;
      throw error;
    },
  );
  if (!counted) {
    log('warn', 'password reset not mailed: the address had its mails of the day', { tenantId });
    return { success: true };
  }
  await requestPasswordReset(tenantId, { actor: `guest:${ip}`, requestId }, now);
  return { success: true };
}

/**
 * Sets the password from the mailed link: the link's holder proved the address, so the change is the
 * tenant's own (as an activation's). A used, replaced, expired, malformed or other account's token is one 400.
 */
export async function confirmReset(input: PasswordResetConfirmInput, now: Date, requestId = '') {
  if (!isAccountTokenShape(input.token)) throw new BadRequest(INVALID_RESET_LINK);
  const tenantId = await tenants.tenantIdByEmail(input.email);
  if (tenantId === undefined) throw new BadRequest(INVALID_RESET_LINK);
  const by = { actor: `tenant:${tenantId}`, requestId } as const;
  const after = await resetPassword(tenantId, input.token, input.password, by, now);
  if (!after) throw new BadRequest(INVALID_RESET_LINK);
  return { success: true };
}

/**
 * The claim link, opened by a signed-in tenant: only a session that signed in with the password claims (an
 * activation link's session proves the mailbox only: a stranger's password may still open the account). A link
 * that is not this account's live claim is the 404 of a missing one.
 */
export async function claimBookings(session: TenantSession, query: ClaimQuery, now: Date, requestId = '') {
  if (session.signedInWithPassword !== true) throw new Unauthorized(SIGN_IN_TO_CLAIM);
  const account = await tenants.getTenant(session.tenantId);
  if (account?.isActive !== 1) throw new Unauthorized('This session is no longer valid: log in again');
  if (!isAccountTokenShape(query.token)) throw new NotFound(NO_CLAIM);
  const by = { actor: `tenant:${account.tenantId}`, requestId } as const;
  const claimed = await claimGuestRecord(account, query.token, by, now);
  if (!claimed) throw new NotFound(NO_CLAIM);
  return { success: true, reservationIds: claimed.reservationIds, invoiceIds: claimed.invoiceIds };
}
