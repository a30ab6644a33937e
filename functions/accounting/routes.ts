/**
 * The accounting authorization (spec "Integration scripts": oauth-start.php; DESIGN.md "Accounting
 * authorization start" and its oauth-callback.php), plus the connection's status and disconnect for admins.
 * super_admin connects; svc_rep may read the status. docs/accounting.md.
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES } from '../../shared/auth/roles.js';
import { defineRoute } from '../../shared/http/route.js';
import { requiredText, text } from '../../shared/http/schemas.js';

const group = 'accounting';
const tags = ['Accounting'];
const beyondSpec =
  'DESIGN.md "Paths of what we add beyond the spec" (accounting: oauth-callback.php next to oauth-start.php), and the connection the callback makes, for admins to see and end.';

const connection = v.object({
  connected: v.boolean(),
  realmId: v.optional(v.nullable(v.string())),
  scope: v.optional(v.string()),
  connectedAt: v.optional(v.string()),
  connectedBy: v.optional(v.number()),
  expiresAt: v.optional(v.string()),
  refreshExpiresAt: v.optional(v.nullable(v.string())),
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
    'Needs the session of the admin who started. The state is good once, for 10 minutes; the code is exchanged at ACCOUNTING_TOKEN_URL with HTTP basic client authentication. Answers the connection (never the tokens).',
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
    400: 'validation; the state is unknown, expired, used or another admin’s; the provider refused consent',
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

export const routes = [oauthStart, oauthCallback, connectionStatus, disconnect];
