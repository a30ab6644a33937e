/**
 * Admin housekeeping (spec "Admin housekeeping (controller adminHousekeeping)"): reads by super_admin and
 * svc_rep, writes by super_admin, no landlord; a housekeeper reads the requests assigned to them and moves their
 * status (DESIGN.md "More decisions"). Statuses 0 open, 1 assigned, 2 in progress, 3 done, 6 archived.
 * docs/housekeeping.md has the rules and the turnover job.
 */
import * as v from 'valibot';
import { paged } from '../../shared/domain/responses/common.js';
import { defineRoute } from '../../shared/http/route.js';
import {
  createRequestBody,
  housekeepingRequest,
  listRequestsQuery,
  requestIdParams,
  updateRequestBody,
} from './schemas.js';

const group = 'adminHousekeeping';
const base = '/API/adminHousekeeping/V1';
const tags = ['Admin housekeeping'];

/** Reads: the spec's staff roles, and a housekeeper for their own requests. */
const READERS = ['super_admin', 'svc_rep', 'housekeeper'] as const;

export const listRequests = defineRoute({
  id: 'adminHousekeeping.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/requests.json`,
  summary: 'List housekeeping requests by request date (archived ones only with status=6)',
  description:
    'Filters: propertyId, status (int; 6 archived is left out unless asked), assignedTo (a housekeeper adminId), dateFrom and dateTo (request date, inclusive), page, limit. A housekeeper gets only the requests assigned to them.',
  auth: { kind: 'admin', roles: READERS },
  query: listRequestsQuery,
  response: paged(housekeepingRequest),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role (landlord)' },
});

export const getRequest = defineRoute({
  id: 'adminHousekeeping.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/requests/{id}.json`,
  summary: 'One housekeeping request',
  description:
    'A housekeeper reads only a request assigned to them; another one answers the 404 of a missing id.',
  auth: { kind: 'admin', roles: READERS },
  params: requestIdParams,
  response: housekeepingRequest,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such request' },
});

export const createRequest = defineRoute({
  id: 'adminHousekeeping.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/requests.json`,
  summary: 'Create a housekeeping request (requestDate defaults to today in the site time zone)',
  description:
    'propertyId (an existing, not archived property) and requestTitle are required; requestDesc, requestDate, requestStatus (0-3) and assignedTo (an admin with the housekeeper role) are optional. Assigning an open request makes it assigned (1).',
  auth: { kind: 'admin', roles: ['super_admin'] },
  body: createRequestBody,
  successStatus: 201,
  response: v.object({ success: v.boolean(), requestId: v.number(), request: housekeepingRequest }),
  errors: {
    400: 'validation, an unknown property or an assignee who is not a housekeeper',
    401: 'no admin session',
    403: 'wrong role',
  },
});

export const updateRequest = defineRoute({
  id: 'adminHousekeeping.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/requests/{id}.json`,
  summary: 'Update a request’s fields, status or assignee (a housekeeper: only the status of their own)',
  description:
    'super_admin: any of propertyId, requestTitle, requestDesc, requestDate, requestStatus (0-3; archive with DELETE, restore an archived one by giving a status) and assignedTo (a housekeeper adminId, or null). A housekeeper: only requestStatus (1, 2 or 3) of a request assigned to them.',
  auth: { kind: 'admin', roles: ['super_admin', 'housekeeper'] },
  params: requestIdParams,
  body: updateRequestBody,
  response: v.object({ success: v.boolean(), request: housekeepingRequest }),
  errors: {
    400: 'validation, or an assignee who is not a housekeeper',
    401: 'no admin session',
    403: 'wrong role, or a housekeeper changing more than the status',
    404: 'no such request (another housekeeper’s answers the same)',
    409: 'the request is archived (a housekeeper), or no status given to restore it',
  },
});

export const archiveRequest = defineRoute({
  id: 'adminHousekeeping.archive',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/requests/{id}.json`,
  summary: 'Archive a request (requestStatus 6)',
  auth: { kind: 'admin', roles: ['super_admin'] },
  params: requestIdParams,
  response: v.object({ success: v.boolean(), request: housekeepingRequest }),
  errors: {
    400: 'not an id',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such request',
    409: 'already archived',
  },
});

export const routes = [listRequests, getRequest, createRequest, updateRequest, archiveRequest];
