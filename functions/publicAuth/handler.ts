/** The publicAuth Lambda: tenant register/activate/login/me/logout, the password reset and the claim link. */
import { clearedCookie, sessionCookie, TENANT_COOKIE } from '../../shared/auth/cookies.js';
import { closeSession, TENANT_SESSION_SECONDS } from '../../shared/auth/sessions.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as links from './account-links.js';
import { withLinkPages } from './activation-page.js';
import * as routes from './routes.js';
import * as service from './service.js';

const tenantCookie = (token: string) => sessionCookie(TENANT_COOKIE, token, TENANT_SESSION_SECONDS);

// A browser opening a mailed link (activation, claim) gets a page instead of the JSON (activation-page.ts).
export const handler = withLinkPages(
  createHttpHandler('publicAuth', [
    bind(routes.login, async ({ body, now, rateLimits, requestId }) => {
      const { token, body: reply } = await service.login(body, now, rateLimits, requestId);
      return { body: reply, cookies: [tenantCookie(token)] };
    }),
    bind(routes.logout, async ({ cookies }) => {
      await closeSession(cookies[TENANT_COOKIE]);
      return { body: { success: true }, cookies: [clearedCookie(TENANT_COOKIE)] };
    }),
    bind(routes.me, async ({ tenant, now }) => ({ body: await service.me(tenant, now) })),
    bind(routes.register, async ({ body, ip, now, requestId }) => ({
      body: await service.register(body, ip, now, requestId),
    })),
    bind(routes.activate, async ({ query, now, requestId }) => {
      const { token, body } = await service.activate(query, now, requestId);
      return { body, cookies: [tenantCookie(token)] };
    }),
    bind(routes.passwordReset, async ({ body, ip, now, requestId }) => ({
      body: await links.askForReset(body, ip, now, requestId),
    })),
    bind(routes.passwordResetConfirm, async ({ body, now, requestId }) => ({
      body: await links.confirmReset(body, now, requestId),
    })),
    bind(routes.claimBookings, async ({ tenant, query, now, requestId }) => ({
      body: await links.claimBookings(tenant, query, now, requestId),
    })),
  ]),
);
