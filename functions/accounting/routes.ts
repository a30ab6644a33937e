/**
 * The accounting authorization (spec "Integration scripts": oauth-start.php; DESIGN.md "Accounting
 * authorization start" and its oauth-callback.php), plus the connection's status and disconnect for admins.
 * super_admin connects; svc_rep may read the status. docs/accounting.md.
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES } from '../../shared/auth/roles.js';
import { mappingInput, mappingView } from '../../shared/domain/accounting/mapping.js';
import { SYNC_RECORD_TYPES, SYNC_STATUSES } from '../../shared/domain/accounting/sync-state.js';
import { defineRoute } from '../../shared/http/route.js';
import { isoDate, MAX_INT_ID, paging, requiredText, text } from '../../shared/http/schemas.js';

const group = 'accounting';
const tags = ['Accounting'];
const beyondSpec =
  'DESIGN.md "Paths of what we add beyond the spec" (accounting: oauth-callback.php next to oauth-start.php), and the connection the callback makes, for admins to see and end.';

const nullableText = v.optional(v.nullable(v.string()));

const connection = v.object({
  connected: v.boolean(),
  realmId: v.optional(v.nullable(v.string())),
  scope: v.optional(v.string()),
  connectedAt: v.optional(v.string()),
  connectedBy: v.optional(v.number()),
  expiresAt: v.optional(v.string()),
  refreshExpiresAt: nullableText,
  syncSince: v.optional(
    v.pipe(v.string(), v.description('Changes from this time on are pushed to QuickBooks')),
  ),
  needsConsent: v.optional(
    v.pipe(
      v.boolean(),
      v.description('QuickBooks refused to renew access: connect again (oauth-start.php); nothing is lost'),
    ),
  ),
  needsConsentSince: nullableText,
  consentError: nullableText,
  lastSyncAt: v.optional(
    v.pipe(v.nullable(v.string()), v.description('When a sync run last pushed something')),
  ),
  lastRunAt: nullableText,
  waiting: v.optional(v.pipe(v.number(), v.description('Records waiting to be pushed (counted up to 1000)'))),
  failed: v.optional(v.pipe(v.number(), v.description('Records QuickBooks refused (counted up to 1000)'))),
  backfill: v.optional(v.nullable(v.object({ since: v.string(), phase: v.string(), marked: v.number() }))),
});

export const oauthStart = defineRoute({
  id: 'accounting.oauthStart',
  group,
  tags,
  method: 'GET',
  path: '/API/accounting/oauth-start.php',
  summary: 'Start the authorization with the accounting package: 302 to its consent page',
  description:
    'Redirects (302, Location) to ACCOUNTING_AUTHORIZE_URL (default QuickBooks Online’s) with client_id, redirect_uri (the oauth-callback URL), response_type=code, scope and a state kept 10 minutes for this admin, whatever the Accept header (the back office opens it or fetches it as a script that redirects). The body holds the same URL as authorizeUrl; connection.json tells a JSON client the outcome.',
  auth: { kind: 'admin', roles: ['super_admin'] },
  successStatus: 302,
  response: v.object({ authorizeUrl: v.string() }),
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    503: 'the integration is not configured (ACCOUNTING_CLIENT_ID)',
  },
});

export const oauthCallback = defineRoute({
  id: 'accounting.oauthCallback',
  group,
  tags,
  method: 'GET',
  path: '/API/accounting/oauth-callback.php',
  summary:
    'The provider’s redirect back: checks the state once, exchanges the code, stores the tokens encrypted',
  description:
    'Needs the session of the admin who started. The state is good once, for 10 minutes; the connection it makes is the company (realmId) the provider sent with it, so realmId is required with the code; the code is exchanged at ACCOUNTING_TOKEN_URL with HTTP basic client authentication (a code the provider refuses as used or expired is a 400 with its reason). Answers the connection (never the tokens).',
  auth: { kind: 'admin', roles: ['super_admin'] },
  beyondSpec,
  query: v.object({
    state: requiredText(200),
    code: v.optional(text(2000)),
    realmId: v.optional(text(100)),
    error: v.optional(text(200)),
  }),
  response: v.object({ ...connection.entries, success: v.boolean() }),
  errors: {
    400: 'validation; the state is unknown, expired, used or another admin’s; the provider refused consent; no realmId with the code; the provider refused the code (invalid_grant: used, expired)',
    401: 'no admin session',
    403: 'wrong role',
    502: 'the token endpoint failed or answered without tokens',
    503: 'the integration is not configured',
  },
});

export const connectionStatus = defineRoute({
  id: 'accounting.connection',
  group,
  tags,
  method: 'GET',
  path: '/API/accounting/V1/connection.json',
  summary: 'Whether the accounting package is connected: realmId, when, token expiry (never the tokens)',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  beyondSpec,
  response: connection,
  errors: { 401: 'no admin session', 403: 'wrong role' },
});

export const disconnect = defineRoute({
  id: 'accounting.disconnect',
  group,
  tags,
  method: 'DELETE',
  path: '/API/accounting/V1/connection.json',
  summary: 'Forget the accounting connection’s tokens (again: no change)',
  auth: { kind: 'admin', roles: ['super_admin'] },
  beyondSpec,
  response: v.object({ success: v.boolean(), connected: v.boolean() }),
  errors: { 401: 'no admin session', 403: 'wrong role' },
});

const syncBeyondSpec =
  'DESIGN.md "Accounting sync (QuickBooks Online)": the sync of invoices, payments, refunds and expenses to the connected company, its mapping and its states.';

const mappingResponse = v.object({ mapping: mappingView, updatedAt: nullableText, updatedBy: nullableText });

export const getMapping = defineRoute({
  id: 'accounting.getMapping',
  group,
  tags,
  method: 'GET',
  path: '/API/accounting/V1/mapping.json',
  summary:
    'Which QuickBooks item and account each invoice type, the tax, each expense type and payments map to',
  description:
    'Accounts and items are named; the sync finds each by name in the company and creates what is missing (an account with the type given, a service item posting to its account). DEPOSIT maps to a liability account by default. classes: each document carries its property as a Class when the company tracks classes.',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  beyondSpec: syncBeyondSpec,
  response: mappingResponse,
  errors: { 401: 'no admin session', 403: 'wrong role' },
});

export const putMapping = defineRoute({
  id: 'accounting.putMapping',
  group,
  tags,
  method: 'PUT',
  path: '/API/accounting/V1/mapping.json',
  summary: 'Change the mapping: any part of it; what is left out keeps its value',
  description:
    'A changed mapping applies to what is pushed from then on; records QuickBooks refused for a mapping reason go again with resync.json {failed: true}.',
  auth: { kind: 'admin', roles: ['super_admin'] },
  beyondSpec: syncBeyondSpec,
  body: mappingInput,
  response: v.object({ success: v.boolean(), mapping: mappingView }),
  errors: {
    400: 'validation (an unknown type or key, a name QuickBooks refuses, an unknown account type, a DEPOSIT or the tax on an account that is not a liability)',
    401: 'no admin session',
    403: 'wrong role',
    409: 'the mapping changed meanwhile',
  },
});

const syncRow = v.object({
  recordType: v.picklist(SYNC_RECORD_TYPES),
  recordId: v.string(),
  status: v.pipe(
    v.picklist(SYNC_STATUSES),
    v.description(
      'pending (waiting for a push), synced, failed (QuickBooks refused it: error), skipped (note says why)',
    ),
  ),
  qboType: v.pipe(
    v.nullable(v.string()),
    v.description('The QuickBooks entity: Invoice, Payment, RefundReceipt, Bill …'),
  ),
  qboId: v.pipe(v.nullable(v.string()), v.description('Its Id in QuickBooks')),
  syncedAt: v.nullable(v.string()),
  error: v.nullable(v.object({ code: v.string(), message: v.string(), detail: v.string(), at: v.string() })),
  note: v.nullable(v.string()),
  attempts: v.number(),
  pendingSince: v.nullable(v.string()),
  nextTryAt: v.nullable(v.string()),
  updatedAt: v.string(),
});

export const listSync = defineRoute({
  id: 'accounting.sync',
  group,
  tags,
  method: 'GET',
  path: '/API/accounting/V1/sync.json',
  summary:
    'Each record’s state in QuickBooks: pending, synced (QuickBooks id and when), failed (the reason), skipped',
  description:
    'recordType with recordId: one record; status and recordType narrow the list; newest change first. Empty when QuickBooks is not connected.',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  beyondSpec: syncBeyondSpec,
  query: v.pipe(
    v.object({
      recordType: v.optional(v.picklist(SYNC_RECORD_TYPES, `must be one of ${SYNC_RECORD_TYPES.join(', ')}`)),
      recordId: v.optional(requiredText(64)),
      status: v.optional(v.picklist(SYNC_STATUSES, `must be one of ${SYNC_STATUSES.join(', ')}`)),
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
  response: v.object({ items: v.array(syncRow), page: v.number(), limit: v.number(), total: v.number() }),
  errors: { 400: 'invalid filter', 401: 'no admin session', 403: 'wrong role' },
});

/**
 * A record's id as every other body takes one: a number (an invoice's, a tenant's), or its text; a payee's id
 * is text (`paytoId`). Kept as text, as sync.json lists it.
 */
const resyncRecordId = v.union(
  [
    v.pipe(
      v.number(),
      v.integer('must be an integer'),
      v.minValue(0, 'must be at least 0'),
      v.maxValue(MAX_INT_ID, `must be at most ${MAX_INT_ID}`),
      v.transform(String),
    ),
    requiredText(64),
  ],
  'must be a number or a string of 1–64 characters',
);

export const resync = defineRoute({
  id: 'accounting.resync',
  group,
  tags,
  method: 'POST',
  path: '/API/accounting/V1/resync.json',
  summary:
    'Push again: one record (an invoice or expense with its payments), the failed ones, or everything since a date',
  description:
    'Exactly one of {recordType, recordId}, {failed: true} or {since: YYYY-MM-DD}. A record is pushed even when unchanged (and made again if it was deleted in QuickBooks); since starts a back-fill of the invoices, expenses and payments from that day, marked page by page by the sync runs.',
  auth: { kind: 'admin', roles: ['super_admin'] },
  beyondSpec: syncBeyondSpec,
  body: v.pipe(
    v.strictObject({
      recordType: v.optional(v.picklist(SYNC_RECORD_TYPES, `must be one of ${SYNC_RECORD_TYPES.join(', ')}`)),
      recordId: v.optional(resyncRecordId),
      failed: v.optional(v.literal(true, 'must be true')),
      since: v.optional(isoDate),
    }),
    v.forward(
      v.check(
        (b) => (b.recordType === undefined) === (b.recordId === undefined),
        'recordType and recordId go together',
      ),
      ['recordId'],
    ),
    v.forward(
      v.check(
        (b) =>
          [b.recordType !== undefined, b.failed === true, b.since !== undefined].filter(Boolean).length === 1,
        'send exactly one of: recordType with recordId, failed: true, since',
      ),
      ['recordType'],
    ),
  ),
  response: v.object({ success: v.boolean(), queued: v.number(), backfillSince: v.optional(v.string()) }),
  errors: {
    400: 'validation (none or several of the forms, an unknown type, a bad date)',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such record',
    409: 'QuickBooks is not connected',
  },
});

export const routes = [
  oauthStart,
  oauthCallback,
  connectionStatus,
  disconnect,
  getMapping,
  putMapping,
  listSync,
  resync,
];
