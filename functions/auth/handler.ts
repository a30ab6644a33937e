/** The auth Lambda: admin sign-in against Cognito, a server-side session in the table. */
import { verifyAdminCredentials } from '../../shared/auth/admin-directory.js';
import { ADMIN_COOKIE, clearedCookie, sessionCookie } from '../../shared/auth/cookies.js';
import { roleFromCode } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { ADMIN_SESSION_SECONDS, closeSession, openSession } from '../../shared/auth/sessions.js';
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { Unauthorized } from '../../shared/errors.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';

function identityView(s: Pick<AdminSession, 'adminId' | 'firstName' | 'lastName' | 'roleCode'>) {
  return {
    adminId: s.adminId,
    adminFirstName: s.firstName,
    adminLastName: s.lastName,
    adminRole: String(s.roleCode),
    superuser: s.roleCode === 0 ? '1' : '0',
  };
}

export const handler = createHttpHandler('auth', [
  bind(routes.login, async ({ body, now, rateLimits }) => {
    // The pipeline counted this attempt (routes.ts ADMIN_LOGIN_LOCKOUT*); a correct secret forgives the counts.
    const verified = await verifyAdminCredentials(body.adminAPIKey, body.adminAPISecret);
    await Promise.all([
      rateLimits.forgive(routes.ADMIN_LOGIN_LOCKOUT.scope),
      rateLimits.forgive(routes.ADMIN_LOGIN_LOCKOUT_PER_KEY.scope),
    ]);
    // Names shown in the back office come from the admin record; Cognito's answer decides identity and role.
    const profile = await getAdminProfile(verified.adminId);
    const identity = {
      ...verified,
      firstName: profile?.adminFirstName ?? verified.firstName,
      lastName: profile?.adminLastName ?? verified.lastName,
    };
    const role = roleFromCode(identity.roleCode);
    if (!role) throw new Unauthorized('This identity is not set up as an admin');
    // The profile's credentials version: a later password, role or active-state write ends this session.
    const credentialsVersion = profile?.credentialsVersion ?? 0;
    const session: Omit<AdminSession, 'expiresAt'> = { kind: 'admin', role, ...identity, credentialsVersion };
    const { token } = await openSession(session, ADMIN_SESSION_SECONDS, now);
    return {
      body: identityView(session),
      cookies: [sessionCookie(ADMIN_COOKIE, token, ADMIN_SESSION_SECONDS)],
    };
  }),
  bind(routes.currentUser, async ({ admin }) => ({
    body: {
      ...identityView(admin),
      adminAPIKey: admin.username,
      role: admin.role,
      expiresAt: new Date(admin.expiresAt * 1000).toISOString(),
    },
  })),
  bind(routes.logout, async ({ cookies }) => {
    await closeSession(cookies[ADMIN_COOKIE]);
    return { body: { success: true }, cookies: [clearedCookie(ADMIN_COOKIE)] };
  }),
]);
