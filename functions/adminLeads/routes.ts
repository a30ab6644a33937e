/**
 * Admin lists of what the website's visitors sent: contact messages, leads and newsletter subscribers
 * (beyond the spec). Staff reads only (super_admin, svc_rep: what visitors sent concerns no one
 * landlord's property), newest first, the spec's paging envelope (page, limit 20/100).
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { contactMessage, lead, subscriber } from '../../shared/domain/responses/people.js';
import { defineRoute } from '../../shared/http/route.js';
import { paging } from '../../shared/http/schemas.js';

const group = 'adminLeads';
const base = '/API/adminLeads/V1';
const tags = ['Admin leads'];
const query = v.object({ ...paging() });
const beyondSpec = 'Admins need to read what the contact form and newsletter signup store.';
const errors = { 401: 'no admin session', 403: 'wrong role (landlords and housekeepers)' };

export const listMessages = defineRoute({
  id: 'adminLeads.messages',
  group,
  tags,
  method: 'GET',
  path: `${base}/messages.json`,
  summary: 'Contact messages, newest first',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  response: paged(contactMessage),
  query,
  beyondSpec,
  errors,
});

export const listLeads = defineRoute({
  id: 'adminLeads.leads',
  group,
  tags,
  method: 'GET',
  path: `${base}/leads.json`,
  summary: 'Leads (contact messages that left a phone number), newest first',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  response: paged(lead),
  query,
  beyondSpec,
  errors,
});

export const listSubscribers = defineRoute({
  id: 'adminLeads.subscribers',
  group,
  tags,
  method: 'GET',
  path: `${base}/subscribers.json`,
  summary: 'Newsletter subscribers, newest first',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  response: paged(subscriber),
  query,
  beyondSpec,
  errors,
});

export const routes = [listMessages, listLeads, listSubscribers];
