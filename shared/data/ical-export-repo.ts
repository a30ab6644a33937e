/**
 * A property's export feed token (docs/data-model.md "iCal", IC3: `PROPERTY#<id> / ICALEXPORT`). The token
 * is a bearer secret in a URL that admins must be able to show again, so it is kept twice: sealed with the
 * data key (shared/crypto/fields.ts) for the admin's GET, and as its SHA-256 for the public feed
 * (ical-export-token.ts), which compares digests in constant time and needs no key to answer.
 */
import { randomBytes } from 'node:crypto';
import { openFields, sealFields } from '../crypto/fields.js';
import { tokenDigestHex } from '../crypto/token-digest.js';
import { keys } from '../db/keys.js';
import { part, type TxPart } from '../db/transaction.js';
import { EXPORT_TOKEN_ENTITY, readExportToken } from './ical-export-token.js';

const aad = (propertyId: number) => `icalExport:${propertyId}`;

export const newExportToken = () => randomBytes(24).toString('base64url');

export const exportTokenLabel = (propertyId: number) => `put:icalExport ${propertyId}`;

/** The token in clear for an admin, or undefined when none was made yet (or it cannot be decrypted). */
export async function revealExportToken(propertyId: number): Promise<string | undefined> {
  const stored = await readExportToken(propertyId);
  if (!stored) return undefined;
  const open = await openFields<'token'>({ token: stored.sealed }, aad(propertyId));
  return open.token;
}

/**
 * The part that stores a token: `first` only when none exists (two admins opening the export at once keep
 * one token), otherwise a rotation that replaces it.
 */
export async function exportTokenPart(
  propertyId: number,
  token: string,
  now: Date,
  first: boolean,
): Promise<TxPart> {
  const sealed = await sealFields<'token'>({ token }, aad(propertyId));
  const item = {
    ...keys.icalExportToken(propertyId),
    entity: EXPORT_TOKEN_ENTITY,
    propertyId,
    tokenHash: tokenDigestHex(token),
    tokenSealed: sealed.token,
    rotatedAt: now.toISOString(),
  };
  const label = exportTokenLabel(propertyId);
  return first ? part.putIfAbsent(label, item) : part.put(label, item);
}
