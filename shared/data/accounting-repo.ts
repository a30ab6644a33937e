/**
 * The accounting connection (docs/data-model.md X1–X2; docs/accounting.md): the OAuth `state` of an
 * authorization under way (`OAUTHSTATE#<state>`, 10 minutes, single use: consumed by a conditional delete that
 * also checks its expiry and its admin, since DynamoDB's TTL deletes lazily) and the tokens
 * (`INTEGRATION#accounting` / `TOKENS`), sealed under the data key like tenant contact fields.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { openFields, sealFields } from '../crypto/fields.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';
import { type AccountingConnection, updateConnection } from './accounting-connection-repo.js';

export type { AccountingConnection } from './accounting-connection-repo.js';

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
