/**
 * Server-side sessions: a random 256-bit token goes to the client in a cookie; the table holds only its
 * SHA-256, so a leaked table dump cannot be replayed as a cookie. TTL cleans up; expiry is checked on read
 * because TTL deletion is lazy.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import type { AdminSession, Session, TenantSession } from './session-types.js';

export const ADMIN_SESSION_SECONDS = 8 * 60 * 60;
export const TENANT_SESSION_SECONDS = 7 * 24 * 60 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Tokens are base64url of 32 random bytes; anything else is not worth a table read. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type NewSession<S extends Session> = Omit<S, 'expiresAt'>;

export async function openSession<S extends Session>(
  data: NewSession<S>,
  lifetimeSeconds: number,
  now: Date,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.session(hashToken(token)), entity: 'session', ...data, expiresAt },
    }),
  );
  return { token, expiresAt };
}

export async function loadSession(
  token: string | undefined,
  kind: 'admin',
  now: Date,
): Promise<AdminSession | undefined>;
export async function loadSession(
  token: string | undefined,
  kind: 'tenant',
  now: Date,
): Promise<TenantSession | undefined>;
export async function loadSession(token: string | undefined, kind: Session['kind'], now: Date) {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.session(hashToken(token)) }),
  );
  if (!Item || Item.kind !== kind || Number(Item.expiresAt) <= now.getTime() / 1000) return undefined;
  const { PK: _pk, SK: _sk, entity: _entity, ...session } = Item;
  return session as Session;
}

export async function closeSession(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await ddb.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.session(hashToken(token)) }));
}
