/**
 * The mailed links of a tenant account (docs/data-model.md T9, T10; docs/tenants.md): a password reset and the
 * claim of a guest record's stays. Each is one item per account holding the live token: a new one replaces the
 * last (its link stops working). The token is random and kept twice, as the pay token is (pay-tokens-repo.ts):
 * its SHA-256, which a presented token is compared with in constant time, and sealed with the data key for the
 * message job, which renders the mail after the change committed (the outbox). Single use: the change the token
 * allows deletes it in its own transaction, conditioned on the token and its expiry. TTL `expiresAt`, checked on
 * read too (TTL deletion is lazy).
 */
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { openFields, sealFields } from '../crypto/fields.js';
import { tokenDigestHex, tokenMatches } from '../crypto/token-digest.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';

/** What a token lets its holder do: set the account's password, or claim a guest record into the account. */
export type AccountTokenPurpose = 'passwordReset' | 'guestClaim';

const KEY_OF: Readonly<Record<AccountTokenPurpose, (tenantId: number) => { PK: string; SK: string }>> = {
  passwordReset: keys.passwordReset,
  guestClaim: keys.guestClaim,
};

const aad = (purpose: AccountTokenPurpose, tenantId: number) => `${purpose}:${tenantId}`;
const label = (verb: string, purpose: AccountTokenPurpose) => `${verb}:${purpose}`;

/** 32 random bytes, base64url (43 characters): a bearer credential for one account. */
export const newAccountToken = () => randomBytes(32).toString('base64url');

/** A token's shape: anything else is refused without a table read. */
export const isAccountTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export interface StoredAccountToken {
  tenantId: number;
  /** SHA-256 (hex) of the token. */
  tokenHash: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** A claim's guest record (T10). */
  guestTenantId?: number;
}

/**
 * `put:<purpose>`: the account's live token of this purpose, replacing any earlier one. `guestTenantId` names
 * the guest record a claim is for.
 */
export async function accountTokenPart(
  purpose: AccountTokenPurpose,
  tenantId: number,
  token: string,
  expiresAt: number,
  now: Date,
  guestTenantId?: number,
): Promise<TxPart> {
  const sealed = await sealFields<'token'>({ token }, aad(purpose, tenantId));
  return part.put(label('put', purpose), {
    ...KEY_OF[purpose](tenantId),
    entity: purpose,
    tenantId,
    tokenHash: tokenDigestHex(token),
    tokenSealed: sealed.token,
    expiresAt,
    createdAt: now.toISOString(),
    ...(guestTenantId === undefined ? {} : { guestTenantId }),
  });
}

const getItem = async (purpose: AccountTokenPurpose, tenantId: number) =>
  (
    await ddb.send(
      new GetCommand({ TableName: TABLE_NAME, Key: KEY_OF[purpose](tenantId), ConsistentRead: true }),
    )
  ).Item;

function storedOf(
  tenantId: number,
  item: Record<string, unknown> | undefined,
): StoredAccountToken | undefined {
  if (typeof item?.tokenHash !== 'string') return undefined;
  return {
    tenantId,
    tokenHash: item.tokenHash,
    expiresAt: Number(item.expiresAt),
    ...(typeof item.guestTenantId === 'number' ? { guestTenantId: item.guestTenantId } : {}),
  };
}

const isLive = (stored: StoredAccountToken, now: Date) => stored.expiresAt > now.getTime() / 1000;

/** The account's token of this purpose as stored (strongly consistent: a link is often opened at once). */
export async function readAccountToken(
  purpose: AccountTokenPurpose,
  tenantId: number,
): Promise<StoredAccountToken | undefined> {
  return storedOf(tenantId, await getItem(purpose, tenantId));
}

/**
 * The live token of this purpose that `presented` is, or undefined: none stored, another token (compared in
 * constant time), or expired at `now`.
 */
export async function liveAccountToken(
  purpose: AccountTokenPurpose,
  tenantId: number,
  presented: string,
  now: Date,
): Promise<StoredAccountToken | undefined> {
  const stored = await readAccountToken(purpose, tenantId);
  if (!stored || !tokenMatches(stored.tokenHash, presented)) return undefined;
  return isLive(stored, now) ? stored : undefined;
}

/** The token in clear for the message job, while it is live at `now`; undefined otherwise. */
export async function revealAccountToken(
  purpose: AccountTokenPurpose,
  tenantId: number,
  now: Date,
): Promise<{ token: string; stored: StoredAccountToken } | undefined> {
  const item = await getItem(purpose, tenantId);
  const stored = storedOf(tenantId, item);
  if (!stored || !isLive(stored, now) || typeof item?.tokenSealed !== 'string') return undefined;
  const { token } = await openFields<'token'>({ token: item.tokenSealed }, aad(purpose, tenantId));
  return token ? { token, stored } : undefined;
}

/** The condition every use of a token commits under: still this token (by its hash), still unexpired. */
const stillLive = (tokenHash: string, now: Date) => ({
  condition: 'tokenHash = :hash AND expiresAt > :now',
  values: { ':hash': tokenHash, ':now': Math.floor(now.getTime() / 1000) },
});

/** `consume:<purpose>`: deletes the token, only while it is the one read and unexpired (single use). */
export const consumeAccountTokenPart = (
  purpose: AccountTokenPurpose,
  stored: StoredAccountToken,
  now: Date,
): TxPart =>
  part.delete(label('consume', purpose), KEY_OF[purpose](stored.tenantId), stillLive(stored.tokenHash, now));

/** `check:<purpose>`: the token is still the one read and unexpired (a step of a use that ends later). */
export const accountTokenStillLivePart = (
  purpose: AccountTokenPurpose,
  stored: StoredAccountToken,
  now: Date,
): TxPart =>
  part.check(
    label('check', purpose),
    KEY_OF[purpose](stored.tenantId),
    stillLive(stored.tokenHash, now).condition,
    { values: stillLive(stored.tokenHash, now).values },
  );

/** The token was used, replaced or ran out between the read and the commit. */
export const accountTokenGone = (error: unknown, purpose: AccountTokenPurpose): boolean =>
  error instanceof TransactionFailed &&
  (error.conditionFailed(label('consume', purpose)) || error.conditionFailed(label('check', purpose)));
