/** A generated adminAPISecret: 192 random bits, meeting the admin pool's policy (12+, lower case, digits, symbols). */
import { randomBytes } from 'node:crypto';

export function generateSecret(): string {
  return `${randomBytes(24).toString('base64url')}a7!`;
}

/** The admin pool's policy (constructs/admin-user-pool.ts), checked before Cognito is called. */
export function meetsPolicy(secret: string): boolean {
  return secret.length >= 12 && /[a-z]/.test(secret) && /\d/.test(secret) && /[^A-Za-z0-9]/.test(secret);
}
