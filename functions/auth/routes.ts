/** Admin authentication (spec "Admin authentication (controller auth)"). */
import * as v from 'valibot';
import { READ_ROLES } from '../../shared/auth/roles.js';
import { defineRoute } from '../../shared/http/route.js';
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

export const login = defineRoute({
  id: 'auth.login',
  group,
  tags,
  method: 'POST',
  path: '/API/auth/V1/login.json',
  summary: 'Admin sign-in with API key and secret; sets the admin session cookie',
  auth: { kind: 'public' },
  body: v.strictObject({ adminAPIKey: requiredText(128), adminAPISecret: requiredText(256) }),
  response: adminIdentity,
  errors: { 400: 'missing fields', 401: 'invalid credentials' },
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
  beyondSpec: 'issue 2: a logout that ends the admin session',
  auth: { kind: 'public' },
  response: v.object({ success: v.boolean() }),
});

export const routes = [login, currentUser, logout];
