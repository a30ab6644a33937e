/**
 * Helpers of the accounting tests (test/accounting*.test.ts): the connection made through the local stand-in
 * provider as a browser makes it (start → consent → Allow → callback), and the local QuickBooks stand-in's
 * control paths (infra/local/quickbooks-stand-in.ts): the company's books, its refusals, expiring and revoking
 * the tokens, and a sync run until nothing is waiting.
 */
import { LOCAL_ACCOUNTING } from '../../infra/local/accounting-provider.js';
import { QUICKBOOKS_STAND_IN_PATH } from '../../infra/local/quickbooks-stand-in.js';
import { API_URL, type Client } from './client.js';
import { runJob } from './jobs.js';

export const CONNECTION = '/API/accounting/V1/connection.json';
export const SYNC = '/API/accounting/V1/sync.json';
export const RESYNC = '/API/accounting/V1/resync.json';
export const MAPPING = '/API/accounting/V1/mapping.json';
export const REALM = LOCAL_ACCOUNTING.realmId;

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Connects the stand-in's company as `admin` (a super admin): start, Allow, and the callback. */
export async function connectAccounting(admin: Client): Promise<void> {
  const start = await fetch(new URL('/API/accounting/oauth-start.php', API_URL), {
    redirect: 'manual',
    headers: { cookie: cookieOf(admin) },
  });
  const authorize = new URL(start.headers.get('location') ?? '');
  const allow = new URL(LOCAL_ACCOUNTING.allowPath, API_URL);
  for (const name of ['redirect_uri', 'state'])
    allow.searchParams.set(name, authorize.searchParams.get(name) ?? '');
  const back = new URL((await fetch(allow, { redirect: 'manual' })).headers.get('location') ?? '');
  const res = await admin.get(`${back.pathname}${back.search}`);
  if (res.status !== 200) throw new Error(`oauth-callback.php answered ${res.status}: ${res.text}`);
}

async function control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(`${QUICKBOOKS_STAND_IN_PATH}${path}`, API_URL), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export type QboEntity = Record<string, unknown> & { Id: string; SyncToken: string };

/** The stand-in company's entities, by kind. */
export async function books(): Promise<Record<string, QboEntity[]>> {
  const company = await control('GET', `/companies/${REALM}`);
  return company.entities as Record<string, QboEntity[]>;
}

/** The entities of one kind (none: an empty list). */
export const entitiesOf = async (entity: string): Promise<QboEntity[]> => (await books())[entity] ?? [];

/** The company refuses the document with this DocNumber (a ValidationFault) until `acceptAgain`. */
export const refuseDocument = (entity: string, docNumber: string | number, message: string) =>
  control('POST', `/companies/${REALM}/refusals`, { entity, docNumber: String(docNumber), message });

export const acceptAgain = () => control('DELETE', `/companies/${REALM}/refusals`);

/** Every access token issued so far expires now, or after the next `afterRequests` API calls: then a 401. */
export const expireAccessTokens = (afterRequests?: number) =>
  control('POST', '/tokens/expire', afterRequests ? { afterRequests } : {});

/** Every token is revoked (the company disconnected the app): the next refresh is invalid_grant. */
export const revokeTokens = () => control('POST', '/tokens/revoke');

/** Refresh grants the stand-in provider answered so far. */
export const refreshes = async (): Promise<number> => Number((await control('GET', '')).refreshes);

export interface ConnectionView {
  connected: boolean;
  needsConsent?: boolean;
  waiting?: number;
  failed?: number;
  lastSyncAt?: string | null;
}

/**
 * Runs the sync job until nothing is waiting (a run that finds the lease taken, by the schedule's own timer,
 * does nothing: the next try goes on), or until `done` says so. Deadline 25 s (within a test's 30 s).
 */
export async function syncSettled(
  admin: Client,
  done: (c: ConnectionView) => boolean = (c) => c.waiting === 0,
): Promise<ConnectionView> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    await runJob('accountingSync');
    const connection = (await admin.get<ConnectionView>(CONNECTION)).body;
    if (done(connection)) return connection;
    if (Date.now() > deadline) throw new Error(`the sync did not settle: ${JSON.stringify(connection)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
