/**
 * Tenant password hashing with scrypt (memory-hard, in node:crypto, no native add-on to bundle).
 * The stored string carries its own parameters — `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url) — so the
 * cost can be raised later without invalidating existing hashes: `needsRehash` tells login to upgrade a
 * hash made with older parameters once the password has been verified.
 *
 * Cost (docs/tenants.md): N=2^13, r=8, p=1 uses 8 MiB and measured ~24 ms per hash on the dev machine,
 * so a 256 MB Lambda (about 1/7 of a vCPU) spends roughly 170 ms per login, inside the 250 ms budget.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: Readonly<ScryptParams> = { N: 2 ** 13, r: 8, p: 1 };

const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Refuse absurd parameters read back from storage: a corrupted row must not make one login take minutes. */
const MAX_N = 2 ** 20;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r * params.p + 1024 * 1024 };
  // The async form runs on libuv's thread pool, so one hash does not stall every other request of the process.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, HASH_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function format(params: ScryptParams, salt: Buffer, hash: Buffer): string {
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

interface Parsed {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

export function parseHash(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!valid(N, MAX_N) || (N & (N - 1)) !== 0 || !valid(r, 32) || !valid(p, 16)) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || hash.length !== HASH_BYTES) return undefined;
  return { params: { N, r, p }, salt, hash };
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(params, salt, await scryptAsync(password, salt, params));
}

/** Constant-time comparison; an unparsable stored value verifies as false (after the same work). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) {
    await scryptAsync(password, DUMMY_SALT, DEFAULT_SCRYPT);
    return false;
  }
  const actual = await scryptAsync(password, parsed.salt, parsed.params);
  return timingSafeEqual(actual, parsed.hash);
}

export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

const DUMMY_SALT = Buffer.from('rental-pm-dummy-salt');
/**
 * Login verifies against this when the e-mail is unknown, so an unknown e-mail costs the same scrypt run as
 * a wrong password (no timing oracle for which e-mails have accounts). Its hash bytes are zeros: no password
 * produces them, so it never verifies.
 */
export const DUMMY_HASH = format(DEFAULT_SCRYPT, DUMMY_SALT, Buffer.alloc(HASH_BYTES));
