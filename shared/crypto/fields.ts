/**
 * Encrypting a record's sensitive fields with the configured data key. The key source is resolved on first
 * use, so groups that never touch encrypted fields need no key configuration.
 */
import { wrappedKeyStore } from '../data/data-keys-repo.js';
import { log } from '../log.js';
import { decryptText, encryptText } from './field-cipher.js';
import { configuredKeySource, type DataKeySource } from './key-source.js';

let source: DataKeySource | undefined;
const keySource = () => {
  source ??= configuredKeySource(wrappedKeyStore);
  return source;
};

/** Tests and tools may point field encryption at another key source. */
export function useKeySource(next: DataKeySource): void {
  source = next;
}

/** `aadPrefix` names the owner (e.g. `tenant:12`); the field name completes the authenticated data. */
export async function sealFields<F extends string>(values: Partial<Record<F, string>>, aadPrefix: string) {
  const key = await keySource().dataKey();
  const sealed: Partial<Record<F, string>> = {};
  for (const [field, value] of Object.entries(values) as [F, string | undefined][]) {
    if (value) sealed[field] = encryptText(key, value, `${aadPrefix}:${field}`);
  }
  return sealed;
}

/** Decrypts what it can; a value that fails (wrong key, tampered) is left out and logged, not a 500. */
export async function openFields<F extends string>(sealed: Partial<Record<F, string>>, aadPrefix: string) {
  const key = await keySource().dataKey();
  const open: Partial<Record<F, string>> = {};
  for (const [field, value] of Object.entries(sealed) as [F, string | undefined][]) {
    if (!value) continue;
    try {
      open[field] = decryptText(key, value, `${aadPrefix}:${field}`);
    } catch (error) {
      log('warn', 'encrypted field could not be decrypted', {
        owner: aadPrefix,
        field,
        error: (error as Error).message,
      });
    }
  }
  return open;
}
