/**
 * Server-side sessions: a random 256-bit token goes to the client in a cookie; the table holds only its
 * SHA-256, so a leaked table dump cannot be replayed as a cookie. TTL cleans up; expiry is checked on read
 * because TTL deletion is lazy. Each load also checks the account's credentials version (stillCurrent).
 */
import { createHash, randomBytes } from 'node:crypto';
import { adminCredentialsVersion } from '../data/admins-repo.js';
import { deleteSession, getSession, putSession } from '../data/sessions-repo.js';
import { getTenantCredentials } from '../data/tenants-repo.js';
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
  await putSession(hashToken(token), { ...data, expiresAt });
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
export async function loadSession(
  token: string | undefined,
  kind: Session['kind'],
  now: Date,
): Promise<Session | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const stored = await getSession(hashToken(token));
  if (!isSession(stored) || stored.kind !== kind || stored.expiresAt <= now.getTime() / 1000)
    return undefined;
  return (await stillCurrent(stored)) ? stored : undefined;
}

/** A stored item with the fields its kind's session has: anything else signs nobody in. */
function isSession(
  item: Readonly<Record<string, unknown>> | undefined,
): item is Record<string, unknown> & Session {
  if (!item || typeof item.expiresAt !== 'number') return false;
  if (item.kind === 'admin') return typeof item.adminId === 'number' && typeof item.role === 'string';
  return item.kind === 'tenant' && typeof item.tenantId === 'number' && typeof item.email === 'string';
}

/**
 * Whether the account's credentials are still those the session was opened with (DESIGN.md "Security
 * rules"): a password change, a deactivation, a reactivation or a role change moves the account's
 * credentials version, which ends every session opened before it. A tenant session also needs the account
 * to be active. One GetItem of two attributes.
 */
async function stillCurrent(session: Session): Promise<boolean> {
  const opened = session.credentialsVersion ?? 0;
  if (session.kind === 'admin') return (await adminCredentialsVersion(session.adminId)) === opened;
  const tenant = await getTenantCredentials(session.tenantId);
  return tenant?.isActive === 1 && tenant.credentialsVersion === opened;
}

export async function closeSession(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await deleteSession(hashToken(token));
}
