/**
 * The accounting connection (docs/data-model.md X1–X2; docs/accounting.md): the OAuth `state` of an
 * authorization under way (`OAUTHSTATE#<state>`, 10 minutes, single use: consumed by a conditional delete that
 * also checks its expiry and its admin, since DynamoDB's TTL deletes lazily) and the tokens
 * (`INTEGRATION#accounting` / `TOKENS`), sealed under the data key like tenant contact fields.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openFields, sealFields } from '../crypto/fields.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';

export const STATE_TTL_SECONDS = 600;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** X1: remembers a state for the admin who started the authorization. */
export async function putState(state: string, adminId: number, now: Date): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.oauthState(state),
        entity: 'oauthState',
        adminId,
        createdAt: now.toISOString(),
        expiresAt: epoch(now) + STATE_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Consumes a state in one conditional delete: true only for a state that exists, has not expired and was
 * started by this admin. A replay (already deleted), an expired or another admin's state is false.
 */
export async function consumeState(state: string, adminId: number, now: Date): Promise<boolean> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: keys.oauthState(state),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND adminId = :admin',
        ExpressionAttributeValues: { ':now': epoch(now), ':admin': adminId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface AccountingConnection {
  realmId: string | null;
  scope: string;
  connectedAt: string;
  connectedBy: number;
  /** When the access token expires (ISO); the refresh token lives longer. */
  accessExpiresAt: string;
  refreshExpiresAt: string | null;
  /**
   * Changes from this time on are pushed (docs/accounting.md "Sync"): the first connection's time, kept when the
   * same company is authorized again (a new consent loses nothing); absent on connections made before the sync.
   */
  syncSince?: string;
  /** The refresh token was refused (revoked, expired): nothing is pushed until an admin connects again. */
  needsConsent?: boolean;
  needsConsentSince?: string | null;
  consentError?: string | null;
  /** When a sync run last pushed something, and when one last ran. */
  lastSyncAt?: string | null;
  lastRunAt?: string | null;
}

/** The connection's state fields (what getConnection reads; never the tokens). */
const CONNECTION_FIELDS = [
  'realmId',
  'scope',
  'connectedAt',
  'connectedBy',
  'accessExpiresAt',
  'refreshExpiresAt',
  'syncSince',
  'needsConsent',
  'needsConsentSince',
  'consentError',
  'lastSyncAt',
  'lastRunAt',
] as const;

export interface AccountingTokens {
  accessToken: string;
  refreshToken: string;
}

const TOKEN_OWNER = 'integration:accounting';
const TOKEN_FIELDS = ['accessToken', 'refreshToken'] as const;

/** X2: the connection with its tokens sealed; one item, replaced by each new authorization. */
export async function saveConnectionPart(
  connection: AccountingConnection,
  tokens: AccountingTokens,
): Promise<TxPart> {
  const sealed = await sealFields<(typeof TOKEN_FIELDS)[number]>(tokens, TOKEN_OWNER);
  return part.put('put:accountingConnection', {
    ...keys.accountingTokens(),
    entity: 'accountingConnection',
    ...connection,
    ...sealed,
    tokenVersion: 1,
  });
}

export function deleteConnectionPart(): TxPart {
  return part.delete('delete:accountingConnection', keys.accountingTokens());
}

/** The connection without its tokens (what admins may read). */
export async function getConnection(): Promise<AccountingConnection | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.accountingTokens(),
      ProjectionExpression: CONNECTION_FIELDS.map((_, i) => `#f${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(CONNECTION_FIELDS.map((f, i) => [`#f${i}`, f])),
      ConsistentRead: true,
    }),
  );
  return Item ? (Item as AccountingConnection) : undefined;
}

/** The tokens as stored now: opened, with their expiry and the version a refresh is conditioned on. */
export interface StoredTokens extends AccountingTokens {
  accessExpiresAt: string;
  tokenVersion: number;
}

/** The tokens, opened (for the integration's calls to the provider; never answered to a client). */
export async function getTokens(): Promise<StoredTokens | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.accountingTokens(), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const open = await openFields<(typeof TOKEN_FIELDS)[number]>(
    { accessToken: Item.accessToken as string, refreshToken: Item.refreshToken as string },
    TOKEN_OWNER,
  );
  return open.accessToken && open.refreshToken
    ? {
        accessToken: open.accessToken,
        refreshToken: open.refreshToken,
        accessExpiresAt: String(Item.accessExpiresAt),
        tokenVersion: Number(Item.tokenVersion ?? 0),
      }
    : undefined;
}

/** Updates of the connection item never bring back a connection an admin ended meanwhile. */
async function updateConnection(
  set: Record<string, unknown>,
  condition = 'attribute_exists(PK)',
  values: Record<string, unknown> = {},
  remove: readonly string[] = [],
): Promise<boolean> {
  const names = Object.keys(set);
  const removing = remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : '';
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.accountingTokens(),
        UpdateExpression: `SET ${names.map((_, i) => `#s${i} = :s${i}`).join(', ')}${removing}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((n, i) => [`#s${i}`, n])),
          ...Object.fromEntries(remove.map((n, i) => [`#r${i}`, n])),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((n, i) => [`:s${i}`, set[n]])),
          ...values,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Stores tokens a refresh returned (the refresh token rotates: the old one is spent), conditioned on the
 * version read, so of two refreshes one is kept; false when another refresh (or a new consent) came first.
 */
export async function saveRefreshedTokens(
  tokens: AccountingTokens,
  expiry: { accessExpiresAt: string; refreshExpiresAt: string | null },
  readVersion: number,
): Promise<boolean> {
  const sealed = await sealFields<(typeof TOKEN_FIELDS)[number]>(tokens, TOKEN_OWNER);
  return updateConnection(
    { ...sealed, ...expiry, tokenVersion: readVersion + 1 },
    'attribute_exists(PK) AND (tokenVersion = :read OR (attribute_not_exists(tokenVersion) AND :read = :zero))',
    { ':read': readVersion, ':zero': 0 },
  );
}

/**
 * Marks the connection as needing a new consent (the refresh token was refused), unless tokens changed since
 * `readVersion` (a new consent came first). True when this call marked it (the first to notice).
 */
export function markNeedsConsent(reason: string, readVersion: number, now: Date): Promise<boolean> {
  return updateConnection(
    { needsConsent: true, needsConsentSince: now.toISOString(), consentError: reason.slice(0, 300) },
    'attribute_exists(PK) AND (attribute_not_exists(needsConsent) OR needsConsent = :false) AND (tokenVersion = :read OR (attribute_not_exists(tokenVersion) AND :read = :zero))',
    { ':read': readVersion, ':zero': 0, ':false': false },
  );
}

/** What a sync run did: when it ran, and when it last pushed something. */
export function recordSyncRun(run: { at: Date; pushed: boolean }): Promise<boolean> {
  const at = run.at.toISOString();
  return updateConnection({ lastRunAt: at, ...(run.pushed ? { lastSyncAt: at } : {}) });
}
