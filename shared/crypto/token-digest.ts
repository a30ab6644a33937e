/**
 * Bearer tokens in URLs (an iCal export feed's, an invoice's payment link): the table keeps only their SHA-256,
 * and a presented token is checked by comparing digests in constant time, so the checking Lambda needs no key
 * and a leaked table holds no working token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The stored form of a token: its SHA-256, hex. */
export const tokenDigestHex = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether `presented` is the token whose digest was stored (constant time). */
export function tokenMatches(storedHex: string, presented: string): boolean {
  const expected = Buffer.from(storedHex, 'hex');
  const given = createHash('sha256').update(presented, 'utf8').digest();
  return expected.length === given.length && timingSafeEqual(expected, given);
}
