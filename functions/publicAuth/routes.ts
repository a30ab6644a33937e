/** Tenant authentication (spec "Tenant authentication (controller publicAuth)"). */
import * as v from 'valibot';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings.js';
import { defineRoute, type RateLimit } from '../../shared/http/route.js';
import {
  activateQuery,
  claimQuery,
  loginBody,
  passwordResetBody,
  passwordResetConfirmBody,
  registerBody,
} from './schemas.js';

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

/**
 * Reset requests per IP: each one may mail an address. Counted before validation, for every address alike, so a
 * 429 says nothing about whether the address has an account.
 */
export const PASSWORD_RESET_LIMIT = {
  scope: 'password-reset',
  limit: 10,
  windowSeconds: 60 * 60,
  key: 'ip',
  detail: 'Too many password reset requests from this address; try again later',
} as const satisfies RateLimit;

/**
 * Reset requests per e-mail across IPs: a mailbox gets at most a few reset links an hour however many IPs ask
 * (the mails also count toward the address's daily mails, docs/tenants.md "Password reset"). Counted for every
 * address, known or not, so its 429 is no oracle either.
 */
export const PASSWORD_RESET_PER_EMAIL = {
  scope: 'password-reset-email',
  limit: 3,
  windowSeconds: 60 * 60,
  key: { bodyField: 'email' },
  detail: 'Too many password reset requests for this e-mail address; try again later',
} as const satisfies RateLimit;

/** Confirmations per IP, like activations: a token is 256 random bits, the limit keeps guessing a cost. */
export const PASSWORD_RESET_CONFIRM_LIMIT = {
  scope: 'password-reset-confirm',
  limit: 10,
  windowSeconds: 60 * 60,
  key: 'ip',
  detail: 'Too many password reset attempts from this address; try again later',
} as const satisfies RateLimit;

/** Claim attempts per signed-in tenant. */
export const CLAIM_LIMIT = {
  scope: 'guest-claim',
  limit: 10,
  windowSeconds: 60 * 60,
  key: 'tenant',
  detail: 'Too many attempts to add bookings; try again later',
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

const resetBeyondSpec =
  'Whoever holds the mailbox of an address must always be able to take its account back (anyone may register any address): DESIGN.md "Identity and sessions"';

export const passwordReset = defineRoute({
  id: 'publicAuth.passwordReset',
  group,
  tags,
  method: 'POST',
  path: `${base}/passwordReset.json`,
  summary:
    'Ask for a password reset link (mailed to the address if it has an account; the same 202 for every address)',
  description:
    'Mails a single-use link valid for 1 hour to the address when it has an account (registered, activated or made by staff); the answer is the same 202 for every well-formed address, known or not. A new request replaces the earlier link. Limited per IP (10 an hour) and per address (3 an hour), counted for every address alike (docs/tenants.md "Password reset").',
  auth: { kind: 'public' },
  body: passwordResetBody,
  aliases: { body: { tenantEmail: 'email' } },
  rateLimits: [PASSWORD_RESET_LIMIT, PASSWORD_RESET_PER_EMAIL],
  successStatus: 202,
  response: v.object({ success: v.boolean() }),
  errors: { 400: 'e-mail missing or malformed', 429: 'too many requests from this IP or for this address' },
  beyondSpec: resetBeyondSpec,
});

export const passwordResetConfirm = defineRoute({
  id: 'publicAuth.passwordResetConfirm',
  group,
  tags,
  method: 'POST',
  path: `${base}/passwordReset/confirm.json`,
  summary: 'Set a new password with the mailed reset link; ends every session of the account',
  description:
    'The e-mail and token of the mailed link and the new password (8 to 256 characters, as at registration). Sets the password, ends every session of the account, activates an account that was registered and never activated (the link proves the mailbox), is audited, and mails "your password was changed". Sign in afterwards. A used, replaced, expired or wrong link is a 400.',
  auth: { kind: 'public' },
  body: passwordResetConfirmBody,
  aliases: { body: { tenantEmail: 'email' } },
  rateLimits: [PASSWORD_RESET_CONFIRM_LIMIT],
  response: v.object({ success: v.boolean() }),
  errors: {
    400: 'invalid, expired, replaced or used link; the password breaks the rules',
    429: 'too many attempts from this IP',
  },
  beyondSpec: resetBeyondSpec,
});

export const claimBookings = defineRoute({
  id: 'publicAuth.claimBookings',
  group,
  tags,
  method: 'GET',
  path: `${base}/claimBookings.json`,
  summary:
    "Add the bookings made without signing in under the account's address (the mailed claim link; signed in with the password)",
  description:
    "The link mailed to the address when its account is activated or its password reset and the address has a guest record with stays or invoices. Opened with a session that signed in with the password (an activation's session is not enough: whoever reads the mailbox must also know the password, docs/tenants.md \"Claiming a guest record's stays\"), it moves the guest record's stays and invoices to the account and answers their ids. A browser gets a page. Works once, for 7 days; a link of another account, used or expired is the 404 of a missing one.",
  auth: { kind: 'tenant' },
  query: claimQuery,
  rateLimits: [CLAIM_LIMIT],
  response: v.object({
    success: v.boolean(),
    reservationIds: v.array(v.number()),
    invoiceIds: v.array(v.number()),
  }),
  errors: {
    400: 'token missing',
    401: 'not signed in, or signed in only by an activation link: sign in with the password',
    404: 'no such claim for this account',
    429: 'too many attempts',
  },
  beyondSpec:
    'A guest record\'s stays join an account only through a link mailed to the address and opened while signed in to that account (DESIGN.md "Identity and sessions")',
});

export const routes = [
  login,
  logout,
  me,
  register,
  activate,
  passwordReset,
  passwordResetConfirm,
  claimBookings,
];
