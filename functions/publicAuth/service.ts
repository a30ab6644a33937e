/**
 * Tenant accounts: register (inactive + activation e-mail), activate (single-use token → active + session),
 * login (lockout per IP and e-mail, no oracle for unknown e-mails), the session view.
 */
import { randomBytes } from 'node:crypto';
import type { TenantSession } from '../../shared/auth/session-types.js';
import { openSession, TENANT_SESSION_SECONDS } from '../../shared/auth/sessions.js';
import { verifyCaptcha } from '../../shared/captcha/verify.js';
import { requireEnv } from '../../shared/config.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../shared/crypto/password.js';
import { activeLeaseOf } from '../../shared/data/leases-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { getActivation } from '../../shared/data/tenant-activations-repo.js';
import * as tenants from '../../shared/data/tenants-repo.js';
import { todayIn } from '../../shared/domain/dates.js';
import { mailSiteOf } from '../../shared/domain/messages/format.js';
import { activation } from '../../shared/domain/messages/templates/activation.js';
import { BadRequest, Forbidden, InternalError, Unauthorized } from '../../shared/errors.js';
import { countMailTo } from '../../shared/http/mail-limit.js';
import type { CountedLimits } from '../../shared/http/route.js';
import { log } from '../../shared/log.js';
import { sendMailAtOnce } from '../../shared/mail.js';
import {
  activateAccount,
  registerTenantAccount,
  rehashPassword,
  undoRegistration,
} from '../../shared/workflows/tenants/accounts.js';
import { passwordResetLink } from '../../shared/workflows/tenants/links.js';
import { LOGIN_LOCKOUT, LOGIN_LOCKOUT_PER_EMAIL } from './routes.js';
import {
  ACTIVATION_TTL_SECONDS,
  activationLink,
  activationPageUrl,
  checkRegistration,
  hashToken,
  INVALID_CREDENTIALS,
  INVALID_LINK,
  isTokenShape,
  meView,
  publicActivateUrl,
  type SessionProof,
  sessionOf,
  userView,
} from './rules.js';
import type { ActivateQuery, LoginInput, RegisterInput } from './schemas.js';

const baseUrl = () => requireEnv('PUBLIC_BASE_URL');

/** The tenant's lease active on the site's today (docs/leases.md): the session's propertyId and leaseId. */
async function leaseOfToday(tenantId: number, now: Date) {
  const settings = await getSettings();
  return activeLeaseOf(tenantId, todayIn(settings.systemTimeZone, now));
}

async function startSession(tenant: tenants.TenantRecord, now: Date, proof: SessionProof) {
  const session = sessionOf(tenant, await leaseOfToday(tenant.tenantId, now), proof);
  const { token } = await openSession(session, TENANT_SESSION_SECONDS, now);
  return { token, session };
}

/**
 * Register. The pipeline has counted the request (routes.ts REGISTER_LIMIT). The site's contact CAPTCHA
 * policy applies (apiContactCaptchaEnabled), after the field checks so a 400 for a field never uses up a
 * built-in CAPTCHA; then, once the registration goes ahead, the mail to the address is counted
 * (MAILS_PER_ADDRESS). An address whose registration was never activated is registered again (the account
 * replaced, a new link mailed); any other account of the address is a 409. A guest record of the address stays
 * one (its stays are claimed later through a mailed link: docs/tenants.md).
 */
export async function register(input: RegisterInput, ip: string, now: Date, requestId = '') {
  checkRegistration(input);
  const settings = await getSettings();
  if (settings.apiContactCaptchaEnabled === 1) {
    await verifyCaptcha(
      settings,
      { captcha: input.captcha, captcha_sum: input.captcha_sum, captchaToken: input.captchaToken },
      ip,
      now,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = Math.floor(now.getTime() / 1000) + ACTIVATION_TTL_SECONDS;
  // Each registration that goes ahead mails the address; a 409 mails no one and is not counted.
  const countMail = () => countMailTo(input.tenantEmail, settings, now);
  const by = { actor: `guest:${ip}`, requestId } as const;
  const registration = await registerTenantAccount(input, { tokenHash, expiresAt }, now, by, countMail);
  const tenant = registration.record;
  try {
    await sendActivationMail(tenant, token, input.applyToLeaseId);
  } catch (error) {
    // Without the e-mail the account could never be activated, yet its address would be taken: undo it.
    await undoRegistration(registration, tokenHash).catch((undo) =>
      log('error', 'could not undo a registration after a mail failure', {
        tenantId: tenant.tenantId,
        error: String(undo),
      }),
    );
    throw new InternalError('registration failure: the activation e-mail could not be sent', error);
  }
  return {
    success: true,
    activateUrl: publicActivateUrl(baseUrl(), tenant.tenantEmail, input.applyToLeaseId),
  };
}

async function sendActivationMail(tenant: tenants.TenantRecord, token: string, applyToLeaseId?: number) {
  const settings = await getSettings();
  const page = activationPageUrl(settings.tenantActivationPageUrl, baseUrl());
  const link = activationLink(page, tenant.tenantEmail, token, applyToLeaseId);
  const mail = activation(mailSiteOf(settings, baseUrl()), {
    firstName: tenant.tenantFirstName,
    link,
    hours: ACTIVATION_TTL_SECONDS / 3600,
    resetLink: passwordResetLink(settings, tenant.tenantEmail),
  });
  // Sent now, not queued: the mail carries the activation token, which the store keeps only hashed.
  await sendMailAtOnce({ to: tenant.tenantEmail, ...mail });
}

/** The pipeline has counted the attempt (routes.ts ACTIVATION_LIMIT: 10 per hour per IP) before validating the query. */
export async function activate(query: ActivateQuery, now: Date, requestId = '') {
  if (!isTokenShape(query.hash)) throw new BadRequest(INVALID_LINK);
  const tokenHash = hashToken(query.hash);
  const [activation, tenantId] = await Promise.all([
    getActivation(tokenHash),
    tenants.tenantIdByEmail(query.tenantEmail),
  ]);
  const nowSec = now.getTime() / 1000;
  if (
    !activation ||
    tenantId === undefined ||
    activation.tenantId !== tenantId ||
    activation.expiresAt <= nowSec
  ) {
    throw new BadRequest(INVALID_LINK);
  }
  // The link's holder proved the address: the change is the tenant's own.
  const by = { actor: `tenant:${tenantId}`, requestId } as const;
  if (!(await activateAccount(tokenHash, tenantId, by, now))) throw new BadRequest(INVALID_LINK);
  const tenant = await tenants.getTenant(tenantId);
  if (!tenant) throw new BadRequest(INVALID_LINK);
  const { token } = await startSession(tenant, now, 'activationLink');
  return {
    token,
    body: { success: true, user: userView(tenant), applyToLeaseId: query.applyToLeaseId ?? null },
  };
}

/**
 * Login. The pipeline has counted the attempt before the password is checked, atomically, so parallel guesses
 * cannot all slip in under the limit (routes.ts LOGIN_LOCKOUT); a correct password then forgives the pair's
 * count. The sixth attempt within the window is refused (429) whatever the password. Unknown e-mails run the
 * same reads and the same scrypt work (against DUMMY_HASH) and get the same 401 as a wrong password.
 */
export async function login(input: LoginInput, now: Date, limits: CountedLimits, requestId = '') {
  const tenantId = await tenants.tenantIdByEmail(input.email);
  // Tenant ids start at 1: TENANT#0 never exists, and reading it keeps an unknown e-mail's work equal to a known one's.
  const tenant = await tenants.getTenant(tenantId ?? 0);
  const valid = await verifyPassword(input.password, tenant?.passwordHash ?? DUMMY_HASH);
  if (!tenant || !valid) throw new Unauthorized(INVALID_CREDENTIALS);
  await Promise.all([limits.forgive(LOGIN_LOCKOUT.scope), limits.forgive(LOGIN_LOCKOUT_PER_EMAIL.scope)]);
  if (tenant.isActive !== 1)
    throw new Forbidden('This account is not active: open the activation link in your e-mail first');
  if (needsRehash(tenant.passwordHash)) {
    // The KDF cost was raised since this hash was made: upgrade it now that the password is known.
    const by = { actor: `tenant:${tenant.tenantId}`, requestId } as const;
    const stronger = await hashPassword(input.password);
    await rehashPassword(tenant.tenantId, tenant.passwordHash, stronger, by, now);
  }
  const { token } = await startSession(tenant, now, 'password');
  return { token, body: { success: true, user: userView(tenant) } };
}

/** The session's data, after checking the account is still active (a deactivated tenant loses access at once). */
/**
 * The session's tenant as it is now: names and e-mail re-read, and propertyId/leaseId those of the lease active
 * on the site's today (a lease made, begun or ended since login shows at once; docs/leases.md).
 */
export async function me(session: TenantSession, now: Date) {
  const [tenant, lease] = await Promise.all([
    tenants.getTenant(session.tenantId),
    leaseOfToday(session.tenantId, now),
  ]);
  if (tenant?.isActive !== 1) throw new Unauthorized('This session is no longer valid: log in again');
  return meView({
    ...session,
    propertyId: lease?.propertyId ?? null,
    leaseId: lease?.leaseId ?? null,
    firstName: tenant.tenantFirstName,
    lastName: tenant.tenantLastName,
    email: tenant.tenantEmail,
  });
}
