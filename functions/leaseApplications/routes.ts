/**
 * Lease applications (spec "Lease applications") and, in the same Lambda, the admin list of applications
 * (controller adminApplications, beyond the spec).
 */
import * as v from 'valibot';
import { READ_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { applicationRow } from '../../shared/domain/responses/people.js';
import { defineRoute } from '../../shared/http/route.js';
import { applyBody, listApplicationsQuery } from './schemas.js';

const group = 'leaseApplications';

export const apply = defineRoute({
  id: 'leaseApplications.apply',
  group,
  tags: ['Lease applications'],
  method: 'POST',
  path: '/API/leaseApplications/V1/apply.json',
  summary: 'Apply for a listed LTR property (one open application per tenant and property)',
  description:
    'Applying again while an application is open answers its applicationId with alreadyApplied: true.',
  auth: { kind: 'tenant' },
  body: applyBody,
  response: v.object({
    success: v.boolean(),
    applicationId: v.number(),
    alreadyApplied: v.optional(v.boolean()),
  }),
  errors: {
    400: 'missing or invalid propertyId',
    401: 'login required',
    404: 'no such LTR property on the website',
  },
});

export const listApplications = defineRoute({
  id: 'adminApplications.list',
  group,
  tags: ['Admin applications'],
  method: 'GET',
  path: '/API/adminApplications/V1/applications.json',
  summary: 'Lease applications, newest first (landlords see those for their own properties)',
  beyondSpec: 'Admins need to read the applications that apply.json stores (issue 3).',
  auth: { kind: 'admin', roles: READ_ROLES },
  response: paged(applicationRow),
  query: listApplicationsQuery,
  description:
    'A landlord filtering by another landlord’s propertyId gets the empty list of a property that does not exist.',
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const routes = [apply, listApplications];
