/**
 * The account's mailed links (docs/tenants.md "Password reset", "Claiming a guest record's stays"), each from the
 * tenant change that asked for it: the tenant as it is now and, for a link, its live token (sealed in the table
 * for this job: account-tokens-repo.ts). A token used up, replaced or expired before the job sends sends nothing
 * for that change (a replaced one went out with the change that replaced it).
 */
import { revealAccountToken } from '../../shared/data/account-tokens-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import type { Change } from '../../shared/domain/change.js';
import { guestClaim } from '../../shared/domain/messages/templates/guest-claim.js';
import { passwordChanged } from '../../shared/domain/messages/templates/password-changed.js';
import { passwordReset } from '../../shared/domain/messages/templates/password-reset.js';
import { GUEST_CLAIM_TTL_SECONDS, guestHoldings } from '../../shared/workflows/tenants/guest-claim.js';
import { guestClaimLink, passwordResetLink } from '../../shared/workflows/tenants/links.js';
import { PASSWORD_RESET_TTL_SECONDS } from '../../shared/workflows/tenants/password-reset.js';
import type { Composed, MailContext } from './compose-types.js';

async function accountOf(change: Pick<Change, 'recordType' | 'recordId'>) {
  if (change.recordType !== 'tenant' || !/^[1-9]\d{0,9}$/.test(change.recordId)) return undefined;
  const tenant = await getTenant(Number(change.recordId));
  return tenant?.tenantEmail ? tenant : undefined;
}

const composed = (tenantId: number, to: string, mail: Composed['mail']): Composed => ({
  to,
  recordType: 'tenant',
  recordId: String(tenantId),
  mail,
});

export async function passwordResetOf(change: Change, ctx: MailContext): Promise<Composed | undefined> {
  const tenant = await accountOf(change);
  const live = tenant && (await revealAccountToken('passwordReset', tenant.tenantId, ctx.now));
  if (!tenant || !live) return undefined;
  const mail = passwordReset(ctx.site, {
    firstName: tenant.tenantFirstName,
    link: passwordResetLink(ctx.settings, tenant.tenantEmail, live.token),
    minutes: PASSWORD_RESET_TTL_SECONDS / 60,
  });
  return composed(tenant.tenantId, tenant.tenantEmail, mail);
}

export async function passwordChangedOf(change: Change, ctx: MailContext): Promise<Composed | undefined> {
  const tenant = await accountOf(change);
  if (!tenant) return undefined;
  const mail = passwordChanged(ctx.site, {
    firstName: tenant.tenantFirstName,
    at: change.at,
    resetLink: passwordResetLink(ctx.settings, tenant.tenantEmail),
  });
  return composed(tenant.tenantId, tenant.tenantEmail, mail);
}

export async function guestClaimOf(change: Change, ctx: MailContext): Promise<Composed | undefined> {
  const tenant = await accountOf(change);
  const live = tenant && (await revealAccountToken('guestClaim', tenant.tenantId, ctx.now));
  const guestTenantId = live?.stored.guestTenantId;
  if (!tenant || !live || guestTenantId === undefined) return undefined;
  const holdings = await guestHoldings(guestTenantId);
  const mail = guestClaim(ctx.site, {
    firstName: tenant.tenantFirstName,
    bookings: holdings.reservationIds.length,
    link: guestClaimLink(live.token),
    days: GUEST_CLAIM_TTL_SECONDS / 86_400,
    resetLink: passwordResetLink(ctx.settings, tenant.tenantEmail),
  });
  return composed(tenant.tenantId, tenant.tenantEmail, mail);
}
