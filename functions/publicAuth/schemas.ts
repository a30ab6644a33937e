/** Request schemas of tenant authentication (spec "Tenant authentication (controller publicAuth)"). */
import * as v from 'valibot';
import { captchaFields } from '../../shared/captcha/schema.js';
import { contactFields, emailField, nameField, passwordField } from '../../shared/domain/tenant-schemas.js';
import { intLike, requiredText, text } from '../../shared/http/schemas.js';

export const registerBody = v.strictObject({
  tenantFirstName: nameField,
  tenantLastName: nameField,
  tenantEmail: emailField,
  password: passwordField,
  // Compared with password in rules.ts (checkRegistration) so the 400 names the field that is wrong.
  password2: v.optional(text(256)),
  applyToLeaseId: v.optional(intLike(1)),
  // The honeypot: a field humans never see; bots fill it (checked in rules.ts).
  isEmpty: v.optional(text(1000)),
  ...contactFields,
  // Checked when the site asks for a CAPTCHA on contact (service.register); always accepted.
  ...captchaFields,
});

/** Presence only: a wrong password of any shape is a 401, not a 400, so the rules cannot be probed. */
export const loginBody = v.strictObject({
  email: requiredText(254),
  password: v.pipe(
    v.string('must be a string'),
    v.minLength(1, 'is required'),
    v.maxLength(256, 'must be at most 256 characters'),
  ),
});

/** Every activation attempt is counted (routes.ts ACTIVATION_LIMIT) before this is validated. */
export const activateQuery = v.object({
  tenantEmail: requiredText(254),
  hash: requiredText(128),
  applyToLeaseId: v.optional(intLike(1)),
});

/** A reset is asked for by address; a malformed address is a 400 like anywhere, a well-formed one always 202. */
export const passwordResetBody = v.strictObject({ email: emailField });

/** The mailed link's address and token, and the new password under the registration's rules. */
export const passwordResetConfirmBody = v.strictObject({
  email: requiredText(254),
  token: requiredText(128),
  password: passwordField,
});

/** The mailed claim link's token; the signed-in session names the account. */
export const claimQuery = v.object({ token: requiredText(128) });

export type RegisterInput = v.InferOutput<typeof registerBody>;
export type LoginInput = v.InferOutput<typeof loginBody>;
export type ActivateQuery = v.InferOutput<typeof activateQuery>;
export type PasswordResetInput = v.InferOutput<typeof passwordResetBody>;
export type PasswordResetConfirmInput = v.InferOutput<typeof passwordResetConfirmBody>;
export type ClaimQuery = v.InferOutput<typeof claimQuery>;
