/**
 * The sync state of one of our records in the connected QuickBooks company (docs/accounting.md "The sync"): what
 * the admin list shows (pending, synced with the QuickBooks id and when, failed with QuickBooks' reason,
 * skipped with ours) and what makes a push idempotent (the QuickBooks id and SyncToken, the `requestid` of a
 * create, a fingerprint of what was last sent).
 */
import { createHash } from 'node:crypto';
import { exponentialBackoff } from '../../backoff.js';
import type { RetryPolicy } from '../../retry-policy.js';

export const SYNC_STATUSES = ['pending', 'synced', 'failed', 'skipped'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/**
 * The records that reach QuickBooks: money documents and payments (from their changes), and what they need
 * there first: the invoicee as a Customer (a tenant, or an admin invoiced as an owner) and the payee of an
 * expense as a Vendor.
 */
export const SYNC_RECORD_TYPES = ['invoice', 'payment', 'expense', 'tenant', 'admin', 'payee'] as const;
export type SyncRecordType = (typeof SYNC_RECORD_TYPES)[number];

/** A record to push: its type and id (payments also name their document). */
export interface SyncRef {
  recordType: SyncRecordType;
  recordId: string;
}

export interface SyncError {
  /** QuickBooks' error code (`6000`, `6210` …), or ours (`dependency`, `network` …). */
  code: string;
  message: string;
  detail: string;
  at: string;
}

export interface SyncState extends SyncRef {
  realmId: string;
  status: SyncStatus;
  /** The QuickBooks entity (`Invoice`, `Payment`, `RefundReceipt` …) and its Id and SyncToken once created. */
  qboType: string | null;
  qboId: string | null;
  syncToken: string | null;
  /** A digest of the body last sent: an unchanged record sends nothing. */
  fingerprint: string | null;
  syncedAt: string | null;
  /** The QuickBooks document was voided (an invoice) or deleted (a bill). */
  closed: boolean;
  /** When the first change not yet pushed happened (the push order). */
  pendingSince: string | null;
  /** Not tried before this time (a retry's wait). */
  notBefore: string | null;
  /** Moved by every change marked: a push that read an older value leaves the record pending. */
  changeSeq: number;
  attempts: number;
  error: SyncError | null;
  /** Why a record was skipped, or what a push left as is. */
  note: string | null;
  /** Counts the creates QuickBooks refused: a new generation is a new `requestid`. */
  generation: number;
  /** The fingerprint of the body of the create under way (sent with this generation's `requestid`). */
  createFingerprint: string | null;
  /** The next push sends the record even when nothing changed (an admin's resync). */
  force: boolean;
  /** A payment's document. */
  documentType?: 'invoice' | 'expense';
  documentId?: number;
  updatedAt: string;
}

/**
 * The tries of a record QuickBooks could not take for now (shared/retry-policy.ts): 1, 2, 4 … minutes apart, at
 * most an hour; never given up by itself (it stays pending, in its place, until QuickBooks takes it or refuses
 * it for good).
 */
export const SYNC_RETRY: RetryPolicy = {
  maxTries: Number.POSITIVE_INFINITY,
  backoff: exponentialBackoff(60_000, 3_600_000),
};

/**
 * QuickBooks' `requestid` of a create: the same for every try of one create (a lost answer is replayed, never
 * a second entity), new after QuickBooks refused it (a replay would repeat the refusal). At most 50
 * characters (https://blogs.intuit.com/blog/2015/04/06/15346/ "Request ID update for QuickBooks Online
 * integration"): a hex digest of realm, record, operation and generation.
 */
export function requestIdFor(
  realmId: string,
  ref: SyncRef,
  operation: string,
  generation: number | string,
): string {
  return createHash('sha256')
    .update(`${realmId}\n${ref.recordType}\n${ref.recordId}\n${operation}\n${generation}`)
    .digest('hex')
    .slice(0, 40);
}

/** The digest of a request body, keys sorted: equal bodies, equal fingerprints. */
export function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('base64url').slice(0, 32);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** A new record's state before its first push. */
export function newSyncState(realmId: string, ref: SyncRef, now: string): SyncState {
  return {
    realmId,
    ...ref,
    status: 'pending',
    qboType: null,
    qboId: null,
    syncToken: null,
    fingerprint: null,
    syncedAt: null,
    closed: false,
    pendingSince: now,
    notBefore: now,
    changeSeq: 0,
    attempts: 0,
    error: null,
    note: null,
    generation: 0,
    createFingerprint: null,
    force: false,
    updatedAt: now,
  };
}
