/**
 * Request schemas of the admin tenant endpoints (spec "Admin tenants"); the tenant fields they share with
 * registration are in shared/domain/tenant-schemas.ts. Contracts import these, so nothing here may pull in
 * the AWS SDK.
 */
import * as v from 'valibot';
import { contactFields, emailField, nameField, passwordField } from '../../shared/domain/tenant-schemas.js';
import { flag01, idParam, paging, text } from '../../shared/http/schemas.js';

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
