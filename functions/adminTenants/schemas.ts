/**
 * Request schemas of the admin tenant endpoints (spec "Admin tenants") and the tenant fields shared with
 * registration (publicAuth). Contracts import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { flag01, idParam, paging, requiredText, text } from '../../shared/http/schemas.js';

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

/** The spec's fields (tenantPhone among the contact fields) plus the other contact fields of the Tenant record. */
export const createTenantBody = v.strictObject({
  tenantEmail: emailField,
  tenantFirstName: nameField,
  tenantLastName: nameField,
  password: passwordField,
  isActive: v.optional(flag01, 0),
  ...contactFields,
});

/** Exactly the spec's update fields; anything else is a 400. */
export const updateTenantBody = v.pipe(
  v.strictObject({
    tenantFirstName: v.optional(nameField),
    isActive: v.optional(flag01),
    password: v.optional(passwordField),
  }),
  v.check(
    (b) => Object.values(b).some((x) => x !== undefined),
    'send at least one of tenantFirstName, isActive, password',
  ),
);

export const listTenantsQuery = v.object({
  search: v.optional(text(128)),
  isActive: v.optional(v.picklist(['0', '1'], 'must be 0 or 1')),
  ...paging(),
});

export const tenantIdParams = v.object({ id: idParam });

export type CreateTenantInput = v.InferOutput<typeof createTenantBody>;
export type UpdateTenantInput = v.InferOutput<typeof updateTenantBody>;
export type ListTenantsQuery = v.InferOutput<typeof listTenantsQuery>;
