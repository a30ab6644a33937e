/** Admin authentication (spec "Admin authentication (controller auth)"). */
import * as v from 'valibot';
import { READ_ROLES } from '../../shared/auth/roles.js';
import { defineRoute, type RateLimit } from '../../shared/http/route.js';
import { requiredText } from '../../shared/http/schemas.js';

const group = 'auth';
const tags = ['Admin authentication'];

const adminIdentity = v.object({
  adminId: v.number(),
  adminFirstName: v.string(),
  adminLastName: v.string(),
  adminRole: v.string(),
  superuser: v.string(),
});

/**
 * Admin login lockout, like the tenant login's (DESIGN.md "Security rules"), so it does not rely on the
 * identity provider alone: every attempt is counted before Cognito is asked, and a correct secret forgives
 * the counts (handler.ts). Per IP and key: 5 in 15 minutes; per key from any IPs: 30 in an hour.
 */
export const ADMIN_LOGIN_LOCKOUT = {
  scope: 'admin-login',
  limit: 5,
  windowSeconds: 15 * 60,
  key: { ipAndBodyField: 'adminAPIKey' },
  detail: 'Too many failed sign-ins; try again later',
} as const satisfies RateLimit;

export const ADMIN_LOGIN_LOCKOUT_PER_KEY = {
  scope: 'admin-login-key',
  limit: 30,
  windowSeconds: 60 * 60,
  key: { bodyField: 'adminAPIKey' },
  detail: 'Too many failed sign-ins for this key; try again later',
} as const satisfies RateLimit;

export const login = defineRoute({
  id: 'auth.login',
  group,
  tags,
  method: 'POST',
  path: '/API/auth/V1/login.json',
  summary: 'Admin sign-in with API key and secret; sets the admin session cookie',
  auth: { kind: 'public' },
  body: v.strictObject({ adminAPIKey: requiredText(128), adminAPISecret: requiredText(256) }),
  rateLimits: [ADMIN_LOGIN_LOCKOUT, ADMIN_LOGIN_LOCKOUT_PER_KEY],
  response: adminIdentity,
  errors: { 400: 'missing fields', 401: 'invalid credentials', 429: 'lockout' },
});

export const currentUser = defineRoute({
  id: 'auth.user',
  group,
  tags,
  method: 'GET',
  path: '/API/auth/V1/user.json',
  summary: 'The signed-in admin',
  // Every admin role may ask who it is, housekeepers included.
  auth: { kind: 'admin', roles: [...READ_ROLES, 'housekeeper'] },
  response: v.object({
    ...adminIdentity.entries,
    adminAPIKey: v.string(),
    role: v.string(),
    expiresAt: v.string(),
  }),
  errors: { 401: 'no admin session' },
});

export const logout = defineRoute({
  id: 'auth.logout',
  group,
  tags,
  method: 'POST',
  path: '/API/auth/V1/logout.json',
  summary: 'End the admin session (idempotent)',
  beyondSpec: 'A signed-in admin needs a way to end the session before it expires',
  auth: { kind: 'public' },
  response: v.object({ success: v.boolean() }),
});

export const routes = [login, currentUser, logout];
