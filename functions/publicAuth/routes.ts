/** Tenant authentication (spec "Tenant authentication (controller publicAuth)"). */
import * as v from 'valibot';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings.js';
import { defineRoute, type RateLimit } from '../../shared/http/route.js';
import { activateQuery, loginBody, registerBody } from './schemas.js';

const group = 'publicAuth';
const base = '/API/publicAuth/V1';
const tags = ['Tenant authentication'];

/**
 * Spec "Limits": 5 failures in 15 minutes per IP and e-mail. Every attempt is counted before the password is
 * checked (so parallel guesses cannot all slip in under the limit); a correct password forgives the pair's
 * count (service.login), so what remains counted are the failures.
 */
export const LOGIN_LOCKOUT = {
  scope: 'tenant-login',
  limit: 5,
  windowSeconds: 15 * 60,
  key: { ipAndBodyField: 'email' },
  detail: 'Too many failed logins; try again later',
} as const satisfies RateLimit;

/**
 * The same failures counted per e-mail across IPs: a slower, higher limit, so rotating the client IP
 * does not give unlimited guesses. An hour, not a day: refused attempts count too, so a window this short
 * bounds how long someone else's attempts can keep the owner out. A correct password forgives it as well.
 */
export const LOGIN_LOCKOUT_PER_EMAIL = {
  scope: 'tenant-login-email',
  limit: 30,
  windowSeconds: 60 * 60,
  key: { bodyField: 'email' },
  detail: 'Too many failed logins for this account; try again later',
} as const satisfies RateLimit;

/**
 * Registrations per IP: each one sends a mail and stores an account. A site setting (docs/decisions.md
 * "Limits of what mails someone"); the mails to one address are limited by the registration itself
 * (service.register), once the CAPTCHA passed.
 */
export const REGISTER_LIMIT = {
  scope: 'register',
  limit: DEFAULT_SETTINGS.registrationsPerIpPerHour,
  setting: 'registrationsPerIpPerHour',
  windowSeconds: 60 * 60,
  key: 'ip',
  detail: 'Too many registrations from this address; try again later',
} as const satisfies RateLimit;

/** Spec "Limits": 10 activation attempts per hour per IP, malformed links included. */
export const ACTIVATION_LIMIT = {
  scope: 'activate',
  limit: 10,
  windowSeconds: 60 * 60,
  key: 'ip',
  detail: 'Too many activation attempts from this address; try again later',
} as const satisfies RateLimit;

const user = v.object({
  tenantId: v.number(),
  tenantEmail: v.string(),
  tenantFirstName: v.string(),
  tenantLastName: v.string(),
});

export const login = defineRoute({
  id: 'publicAuth.login',
  group,
  tags,
  method: 'POST',
  path: `${base}/login.json`,
  summary:
    'Tenant login; sets the tenant session cookie (5 failures in 15 minutes per IP and e-mail lock the pair, 30 in an hour per e-mail from any IPs lock the e-mail)',
  auth: { kind: 'public' },
  body: loginBody,
  aliases: { body: { tenantEmail: 'email' } },
  rateLimits: [LOGIN_LOCKOUT, LOGIN_LOCKOUT_PER_EMAIL],
  response: v.object({ success: v.boolean(), user }),
  errors: { 400: 'missing fields', 401: 'invalid credentials', 403: 'inactive account', 429: 'lockout' },
});

export const logout = defineRoute({
  id: 'publicAuth.logout',
  group,
  tags,
  method: 'POST',
  path: `${base}/logout.json`,
  summary: 'End the tenant session (idempotent)',
  auth: { kind: 'public' },
  response: v.object({ success: v.boolean() }),
});

export const me = defineRoute({
  id: 'publicAuth.me',
  group,
  tags,
  method: 'GET',
  path: `${base}/me.json`,
  summary: 'The tenant session: identity, propertyId and leaseId of the active lease',
  auth: { kind: 'tenant' },
  response: v.object({
    tenantId: v.number(),
    tenantEmail: v.string(),
    tenantFirstName: v.string(),
    tenantLastName: v.string(),
    propertyId: v.nullable(v.number()),
    leaseId: v.nullable(v.number()),
  }),
  errors: { 401: 'not authenticated' },
});

export const register = defineRoute({
  id: 'publicAuth.register',
  group,
  tags,
  method: 'POST',
  path: `${base}/register.json`,
  summary: 'Register a tenant account (inactive until the e-mailed activation link is opened)',
  description:
    'activateUrl is the activation endpoint for this e-mail without the secret token: the working link is only in the e-mail (docs/tenants.md). When apiContactCaptchaEnabled is 1, a CAPTCHA of the configured provider is required (captcha + captcha_sum, or captchaToken). An address whose account was never activated may register again: the old account is replaced and a new link sent.',
  auth: { kind: 'public' },
  body: registerBody,
  rateLimits: [REGISTER_LIMIT],
  aliases: { body: { newEmail: 'tenantEmail', password1: 'password' } },
  response: v.object({ success: v.boolean(), activateUrl: v.string() }),
  errors: {
    400: 'validation, passwords differ, honeypot filled, CAPTCHA missing or wrong',
    409: 'an activated account has this e-mail',
    429: 'too many registrations from this IP in an hour (site setting registrationsPerIpPerHour, default 10), or too many mails to this e-mail address in 24 hours (mailsPerAddressPerDay, default 10, booking mails included)',
    500: 'registration failure',
  },
});

export const activate = defineRoute({
  id: 'publicAuth.activate',
  group,
  tags,
  method: 'GET',
  path: `${base}/activate.json`,
  summary:
    'Activate an account from the e-mailed link; starts a tenant session (10 attempts per hour per IP)',
  auth: { kind: 'public' },
  query: activateQuery,
  rateLimits: [ACTIVATION_LIMIT],
  response: v.object({ success: v.boolean(), user, applyToLeaseId: v.nullable(v.number()) }),
  errors: { 400: 'invalid, expired or used link', 429: 'rate limited' },
});

export const routes = [login, logout, me, register, activate];
