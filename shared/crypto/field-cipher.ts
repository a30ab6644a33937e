/**
 * Field encryption at rest: AES-256-GCM with a fresh 96-bit IV per value and a 128-bit tag. The stored text
 * is versioned — `v1:<base64url(iv ‖ ciphertext ‖ tag)>` — so the algorithm or the key scheme can change
 * later while old values stay readable. Each value is bound to where it belongs through the additional
 * authenticated data (e.g. `tenant:12:tenantPhone`): a ciphertext copied onto another record or field fails
 * to decrypt instead of showing someone else's data.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class DecryptionFailed extends Error {}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`The data key must be ${KEY_BYTES} bytes, got ${key.length}`);
}

export function encryptText(key: Buffer, plaintext: string, aad: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

export function decryptText(key: Buffer, stored: string, aad: string): string {
  assertKey(key);
  const [version, payload, ...rest] = stored.split(':');
  if (version !== VERSION || payload === undefined || rest.length)
    throw new DecryptionFailed('unknown ciphertext format');
  const blob = Buffer.from(payload, 'base64url');
  if (blob.length < IV_BYTES + TAG_BYTES) throw new DecryptionFailed('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(blob.subarray(IV_BYTES, blob.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch (error) {
    throw new DecryptionFailed('ciphertext failed authentication', { cause: error });
  }
}

export const isCiphertext = (value: string) => value.startsWith(`${VERSION}:`);
