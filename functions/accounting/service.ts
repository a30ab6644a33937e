/**
 * The accounting authorization (docs/accounting.md): start stores a fresh `state` for the admin (10 minutes)
 * and sends the browser to the provider; the callback consumes the state once, exchanges the code and stores
 * the tokens sealed, with a change item (tokens never in it). The status read never shows the tokens.
 */
import { randomBytes } from 'node:crypto';
import { getConnection } from '../../shared/data/accounting-connection-repo.js';
import * as repo from '../../shared/data/accounting-repo.js';
import { changePart } from '../../shared/data/changes-repo.js';
import { commit } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { BadRequest } from '../../shared/errors.js';
import { authorizeUrl, exchangeCode, providerSettings } from './provider.js';
import { syncFigures } from './sync-admin.js';

/** Starts an authorization: the provider's consent URL with a fresh state. */
export async function start(adminId: number, now: Date): Promise<string> {
  const settings = providerSettings();
  const state = randomBytes(32).toString('base64url');
  await repo.putState(state, adminId, now);
  return authorizeUrl(settings, state);
}

export interface CallbackQuery {
  state: string;
  code?: string | undefined;
  realmId?: string | undefined;
  error?: string | undefined;
}

const connectionView = (c: repo.AccountingConnection | undefined) =>
  c
    ? {
        connected: true,
        realmId: c.realmId,
        scope: c.scope,
        connectedAt: c.connectedAt,
        connectedBy: c.connectedBy,
        expiresAt: c.accessExpiresAt,
        refreshExpiresAt: c.refreshExpiresAt,
        syncSince: c.syncSince ?? c.connectedAt,
        needsConsent: c.needsConsent === true,
        needsConsentSince: c.needsConsentSince ?? null,
        consentError: c.consentError ?? null,
        lastSyncAt: c.lastSyncAt ?? null,
        lastRunAt: c.lastRunAt ?? null,
      }
    : { connected: false };

const connectionChange = (action: string, before: object | undefined, after: object | undefined) => ({
  recordType: 'accountingConnection',
  recordId: 'accounting',
  action,
  before: before as Record<string, unknown> | undefined,
  after: after as Record<string, unknown> | undefined,
});

/** The provider's redirect back: the state once (400 when unknown, used, expired or another admin's), then the code. */
export async function callback(query: CallbackQuery, by: Actor & { adminId: number }, now: Date) {
  const settings = providerSettings();
  if (!(await repo.consumeState(query.state, by.adminId, now)))
    throw new BadRequest('This authorization is unknown, expired or already used: start it again', [
      { field: 'state', message: 'unknown, expired or already used' },
    ]);
  if (query.error || !query.code)
    throw new BadRequest(`The accounting provider did not authorize: ${query.error ?? 'no code'}`, [
      { field: query.error ? 'error' : 'code', message: query.error ?? 'is required' },
    ]);
  // QuickBooks names the company consented to only here, beside the code and this state
  // (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0):
  // the connection this state makes is that company's, or none (a connection without one could sync nothing).
  const realmId = query.realmId;
  if (!realmId)
    throw new BadRequest('The accounting provider sent no company (realmId) with the code: start again', [
      { field: 'realmId', message: 'is required with the code' },
    ]);
  const answer = await exchangeCode(settings, query.code);
  const after = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  const before = await getConnection();
  const connection: repo.AccountingConnection = {
    realmId,
    scope: settings.scope,
    connectedAt: now.toISOString(),
    connectedBy: by.adminId,
    accessExpiresAt: after(answer.expiresInSeconds),
    refreshExpiresAt: answer.refreshExpiresInSeconds === null ? null : after(answer.refreshExpiresInSeconds),
    // The same company again (a new consent): what changed meanwhile is still pushed. Another company starts now.
    syncSince:
      before && before.realmId === realmId ? (before.syncSince ?? before.connectedAt) : now.toISOString(),
  };
  await commit([
    await repo.saveConnectionPart(connection, {
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken,
    }),
    changePart(connectionChange('connected', before, connection), by, now),
  ]);
  return { success: true, ...connectionView(connection) };
}

export async function status() {
  const connection = await getConnection();
  return { ...connectionView(connection), ...(await syncFigures(connection?.realmId ?? null)) };
}

/** Forgets the tokens (the provider's own revocation is the admin's, in its app centre). */
export async function disconnect(by: Actor, now: Date) {
  const before = await getConnection();
  if (before)
    await commit([
      repo.deleteConnectionPart(),
      changePart(connectionChange('disconnected', before, undefined), by, now),
    ]);
  return { success: true, connected: false };
}
