/**
 * The audit log's admin read (DESIGN.md "Audit log"; beyond the spec). The `audit` group serves the
 * `adminAudit` controller and also owns the audit job (jobs.ts).
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES } from '../../shared/auth/roles.js';
import { defineRoute } from '../../shared/http/route.js';
import { isoDate, paging, requiredText } from '../../shared/http/schemas.js';

const group = 'audit';
const base = '/API/adminAudit/V1';

const fieldChange = v.object({
  field: v.string(),
  old: v.unknown(),
  new: v.unknown(),
});

export const auditEntry = v.object({
  entryId: v.pipe(v.string(), v.description('The change id: sortable by time, unique')),
  at: v.pipe(v.string(), v.description('ISO-8601 time of the change (UTC)')),
  actor: v.pipe(
    v.string(),
    v.description(
      'Who: `admin:<id>`, `tenant:<id>`, `guest:<ip>` or `system:<name>` (stripe, channel, ical …)',
    ),
  ),
  recordType: v.pipe(
    v.string(),
    v.description('The kind of record: property, tenant, content kind, settings …'),
  ),
  recordId: v.string(),
  action: v.pipe(v.string(), v.description('created, updated, deleted, archived …')),
  fields: v.pipe(
    v.array(fieldChange),
    v.description('The changed fields, old and new values; encrypted and secret fields show `***`'),
  ),
  requestId: v.pipe(v.string(), v.description('The request that made the change (also in the logs)')),
  event: v.optional(v.pipe(v.string(), v.description('The outbound event announced with the change'))),
});

export const listEntries = defineRoute({
  id: 'adminAudit.entries',
  group,
  tags: ['Admin audit'],
  method: 'GET',
  path: `${base}/entries.json`,
  summary: 'Audit entries, newest first, by record, by actor or by time',
  description:
    'recordType with recordId: one record’s history; actor: one actor’s changes; neither: every entry, by time. ' +
    'dateFrom/dateTo (UTC days, inclusive) narrow any of them. recordId without recordType is a 400.',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  query: v.object({
    recordType: v.optional(requiredText(64)),
    recordId: v.optional(requiredText(64)),
    actor: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^(admin|tenant|guest|system):[^\s]{1,100}$/, 'must be like admin:3 or system:stripe'),
      ),
    ),
    dateFrom: v.optional(isoDate),
    dateTo: v.optional(isoDate),
    ...paging(),
  }),
  response: v.object({
    items: v.array(auditEntry),
    page: v.number(),
    limit: v.number(),
    total: v.number(),
  }),
  beyondSpec:
    'DESIGN.md "Audit log": super_admin and svc_rep read every admin write (and later every stay and money change) by record and by actor.',
  errors: {
    400: 'invalid filter (recordId without recordType, bad date, dateTo before dateFrom)',
    401: 'no admin session',
    403: 'wrong role',
  },
});

export const routes = [listEntries];
