/**
 * The tenant fields as requests carry them, shared by registration (publicAuth), admin create (adminTenants)
 * and the fixture format. Contracts import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { requiredText, text } from './values.js';

export const PASSWORD_MIN = 8;
/** scrypt accepts any length; a cap keeps a megabyte "password" from becoming a CPU sink. */
export const PASSWORD_MAX = 256;

export const emailField = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(254, 'must be at most 254 characters'),
  v.email('must be an e-mail address'),
);

/** The password policy: 8 to 256 characters (NIST 800-63B: length over composition rules). */
export const passwordField = v.pipe(
  v.string('must be a string'),
  v.minLength(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
);

export const nameField = requiredText(64);

/** The spec's encrypted contact fields, all optional. */
export const contactFields = {
  tenantPhone: v.optional(text(40)),
  tenantAltPhone: v.optional(text(40)),
  tenantAddress: v.optional(text(256)),
  tenantCity: v.optional(text(128)),
  tenantState: v.optional(text(64)),
  tenantZip: v.optional(text(20)),
  tenantCountry: v.optional(text(64)),
};
