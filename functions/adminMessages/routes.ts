/**
 * The message log's admin read (DESIGN.md "Messages to people"; beyond the spec). The adminMessages group also
 * owns the message jobs (jobs.ts): the outbox consumer, the retries and the three schedules (pre-arrival mails,
 * owner statements, rent reminders).
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES } from '../../shared/auth/roles.js';
import { MESSAGE_KINDS } from '../../shared/domain/messages/kinds.js';
import { MESSAGE_STATUSES } from '../../shared/domain/messages/record.js';
import { defineRoute } from '../../shared/http/route.js';
import { paging, requiredText } from '../../shared/http/schemas.js';

const group = 'adminMessages';
const base = '/API/adminMessages/V1';

const nullableText = v.nullable(v.string());

export const messageRow = v.object({
  messageId: v.pipe(v.string(), v.description('`<kind>.<cause>`: one message per cause and kind')),
  kind: v.pipe(v.picklist(MESSAGE_KINDS), v.description('The template (filter `template`)')),
  to: v.pipe(v.string(), v.description('The recipient’s address')),
  recordType: v.pipe(v.string(), v.description('What it is about: reservation, payment, landlord')),
  recordId: v.string(),
  subject: v.string(),
  status: v.pipe(
    v.picklist(MESSAGE_STATUSES),
    v.description(
      'pending (a try is due), sent, failed (after its last try), skipped (the kind is off, or another mail of the same change says it)',
    ),
  ),
  attempts: v.number(),
  sesMessageId: v.pipe(nullableText, v.description('SES’s id of the sent mail')),
  sentAt: nullableText,
  lastError: v.pipe(nullableText, v.description('Why the last try failed')),
  nextAttemptAt: v.pipe(nullableText, v.description('While pending: when the next try is due')),
  createdAt: v.string(),
});

export const listMessages = defineRoute({
  id: 'adminMessages.messages',
  group,
  tags: ['Admin messages'],
  method: 'GET',
  path: `${base}/messages.json`,
  summary: 'Every e-mail the service sent, is sending, failed to send, or skipped, newest first',
  description:
    'recordType with recordId: the messages about one record; to: the messages to one address; neither: every ' +
    'message. template and status narrow any of them. recordId without recordType is a 400. The mail’s body is ' +
    'not kept. Landlords may not read it (it holds guests’ addresses).',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  query: v.pipe(
    v.object({
      to: v.optional(v.pipe(requiredText(254), v.email('must be an e-mail address'))),
      template: v.optional(v.picklist(MESSAGE_KINDS, `must be one of ${MESSAGE_KINDS.join(', ')}`)),
      recordType: v.optional(requiredText(64)),
      recordId: v.optional(requiredText(64)),
      status: v.optional(v.picklist(MESSAGE_STATUSES, `must be one of ${MESSAGE_STATUSES.join(', ')}`)),
      ...paging(),
    }),
    v.forward(
      v.check(
        (q) => q.recordId === undefined || q.recordType !== undefined,
        'name the recordType of recordId',
      ),
      ['recordType'],
    ),
  ),
  response: v.object({
    items: v.array(messageRow),
    page: v.number(),
    limit: v.number(),
    total: v.number(),
  }),
  beyondSpec:
    'DESIGN.md "Messages to people": super_admin and svc_rep read the log of every message mailed to guests and landlords.',
  errors: {
    400: 'invalid filter (recordId without recordType, unknown template or status, not an address)',
    401: 'no admin session',
    403: 'wrong role (landlords and housekeepers)',
  },
});

export const routes = [listMessages];
