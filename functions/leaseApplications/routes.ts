/**
 * Lease applications (spec "Lease applications") and, in the same Lambda, the admin list of applications
 * (controller adminApplications, beyond the spec).
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { applicationRow } from '../../shared/domain/responses/people.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam } from '../../shared/http/schemas.js';
import { applyBody, decisionBody, listApplicationsQuery } from './schemas.js';

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
  beyondSpec: 'Admins need to read the applications that apply.json stores.',
  auth: { kind: 'admin', roles: READ_ROLES },
  response: paged(applicationRow),
  query: listApplicationsQuery,
  description:
    'A landlord filtering by another landlord’s propertyId gets the empty list of a property that does not exist.',
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

const decisionsBeyondSpec =
  'DESIGN.md "Paths of what we add beyond the spec" (adminApplications): an application is read and decided, and an approval makes the lease.';

export const getApplication = defineRoute({
  id: 'adminApplications.get',
  group,
  tags: ['Admin applications'],
  method: 'GET',
  path: '/API/adminApplications/V1/applications/{id}.json',
  summary: 'One lease application with its decision once decided (landlords: their own properties’ only)',
  beyondSpec: decisionsBeyondSpec,
  auth: { kind: 'admin', roles: READ_ROLES },
  params: v.object({ id: idParam }),
  response: applicationRow,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such application' },
});

export const decideApplication = defineRoute({
  id: 'adminApplications.decide',
  group,
  tags: ['Admin applications'],
  method: 'POST',
  path: '/API/adminApplications/V1/applications/{id}/decision.json',
  summary:
    'Decide an open application: approve with the lease’s terms (makes the lease) or decline; the applicant is mailed',
  description:
    'approve takes `lease` with the terms of adminLeases POST (startDate, endDate, rent, deposit, dueDay, graceDays, lateFee, issueDaysBefore) and makes the lease of the application’s tenant and property, its DEPOSIT invoice included, in the decision’s transaction; decline closes the application. Either way the note is kept and the decision is recorded (201) and mailed to the applicant (message kind applicationDecision). A decided application is a 409: of two decisions at once one wins.',
  beyondSpec: decisionsBeyondSpec,
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: v.object({ id: idParam }),
  body: decisionBody,
  successStatus: 201,
  response: v.object({
    success: v.boolean(),
    applicationId: v.number(),
    /** The lease an approval made; null for a decline. */
    leaseId: v.nullable(v.number()),
    application: applicationRow,
  }),
  errors: {
    400: 'validation (approve without lease terms, bad terms, lease with decline), or the property no longer takes leases (VR, archived)',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such application',
    409: 'the application is decided already, or the lease would overlap another lease of the property',
  },
});

export const routes = [apply, listApplications, getApplication, decideApplication];
