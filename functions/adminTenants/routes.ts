/** Admin tenants (spec "Admin tenants (controller adminTenants)"), with the singular /tenant/{id}.json alias. */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { tenantListItem, tenantProfile } from '../../shared/domain/responses/people.js';
import { defineRoute } from '../../shared/http/route.js';
import { createTenantBody, listTenantsQuery, tenantIdParams, updateTenantBody } from './schemas.js';

const group = 'adminTenants';
const base = '/API/adminTenants/V1';
const tags = ['Admin tenants'];

export const listTenants = defineRoute({
  id: 'adminTenants.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/tenants.json`,
  summary:
    'List tenants: search by e-mail or name, isActive filter (landlords see tenants with a lease on their properties)',
  auth: { kind: 'admin', roles: READ_ROLES },
  response: paged(tenantListItem),
  query: listTenantsQuery,
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const getTenant = defineRoute({
  id: 'adminTenants.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/tenants/{id}.json`,
  aliasPaths: [`${base}/tenant/{id}.json`],
  summary: 'One tenant with decrypted contact fields and leases (never the password)',
  auth: { kind: 'admin', roles: READ_ROLES },
  response: tenantProfile,
  params: tenantIdParams,
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such tenant (a landlord asking for a tenant of other properties gets the same)',
  },
});

export const createTenant = defineRoute({
  id: 'adminTenants.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/tenants.json`,
  summary: 'Create a tenant (password hashed, contact fields encrypted, inactive unless isActive=1)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  body: createTenantBody,
  successStatus: 201,
  response: v.object({ tenantId: v.number() }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role', 409: 'duplicate e-mail' },
});

export const updateTenant = defineRoute({
  id: 'adminTenants.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/tenants/{id}.json`,
  aliasPaths: [`${base}/tenant/{id}.json`],
  summary: 'Update tenantFirstName, isActive or the password; any other field is a 400',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  response: v.object({ success: v.boolean(), tenant: tenantListItem }),
  params: tenantIdParams,
  body: updateTenantBody,
  errors: {
    400: 'unknown field or validation',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such tenant',
  },
});

export const deactivateTenant = defineRoute({
  id: 'adminTenants.deactivate',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/tenants/{id}.json`,
  aliasPaths: [`${base}/tenant/{id}.json`],
  summary: 'Deactivate a tenant (isActive=0); the record is kept',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: tenantIdParams,
  response: v.object({ success: v.boolean(), tenantId: v.number(), isActive: v.number() }),
  errors: { 401: 'no admin session', 403: 'wrong role', 404: 'no such tenant' },
});

export const routes = [listTenants, getTenant, createTenant, updateTenant, deactivateTenant];
