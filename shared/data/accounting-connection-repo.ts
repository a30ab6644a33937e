/**
 * The accounting connection's state without its tokens (docs/data-model.md X2; docs/accounting.md): the
 * company connected, since when its changes are pushed, whether it needs a new consent, and when the sync last
 * ran, on the `INTEGRATION#accounting` / `TOKENS` item whose sealed tokens shared/data/accounting-repo.ts
 * writes and opens. Apart from the tokens so that what only reads the state (the change consumer, the status)
 * never loads the field cipher.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { isConditionFailure } from '../db/transaction.js';
import { updateParts } from '../db/update-expression.js';

export interface AccountingConnection {
  realmId: string | null;
  scope: string;
  connectedAt: string;
  connectedBy: number;
  /** When the access token expires (ISO); the refresh token lives longer. */
  accessExpiresAt: string;
  refreshExpiresAt: string | null;
  /**
   * Changes from this time on are pushed (docs/accounting.md "The sync"): the first connection's time, kept when the
   * same company is authorized again (a new consent loses nothing); absent on connections made before the sync.
   */
  syncSince?: string;
  /** The refresh token was refused (revoked, expired): nothing is pushed until an admin connects again. */
  needsConsent?: boolean;
  needsConsentSince?: string | null;
  consentError?: string | null;
  /** When a sync run last pushed something, and when one last ran. */
  lastSyncAt?: string | null;
  lastRunAt?: string | null;
}

/** The connection's state fields (what getConnection reads; never the tokens). */
const CONNECTION_FIELDS = [
  'realmId',
  'scope',
  'connectedAt',
  'connectedBy',
  'accessExpiresAt',
  'refreshExpiresAt',
  'syncSince',
  'needsConsent',
  'needsConsentSince',
  'consentError',
  'lastSyncAt',
  'lastRunAt',
] as const;

/** The connection without its tokens (what admins may read). */
export async function getConnection(): Promise<AccountingConnection | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.accountingTokens(),
      ProjectionExpression: CONNECTION_FIELDS.map((_, i) => `#f${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(CONNECTION_FIELDS.map((f, i) => [`#f${i}`, f])),
      ConsistentRead: true,
    }),
  );
  return Item ? (Item as AccountingConnection) : undefined;
}

/** Updates of the connection item never bring back a connection an admin ended meanwhile. */
export async function updateConnection(
  set: Record<string, unknown>,
  condition = 'attribute_exists(PK)',
  values: Record<string, unknown> = {},
  remove: readonly string[] = [],
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.accountingTokens(),
        ...updateParts({ set, remove }, { expression: condition, values }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Marks the connection as needing a new consent (the refresh token was refused), unless tokens changed since
 * `readVersion` (a new consent came first). True when this call marked it (the first to notice).
 */
export function markNeedsConsent(reason: string, readVersion: number, now: Date): Promise<boolean> {
  return updateConnection(
    { needsConsent: true, needsConsentSince: now.toISOString(), consentError: reason.slice(0, 300) },
    'attribute_exists(PK) AND (attribute_not_exists(needsConsent) OR needsConsent = :false) AND (tokenVersion = :read OR (attribute_not_exists(tokenVersion) AND :read = :zero))',
    { ':read': readVersion, ':zero': 0, ':false': false },
  );
}

/** What a sync run did: when it ran, and when it last pushed something. */
export function recordSyncRun(run: { at: Date; pushed: boolean }): Promise<boolean> {
  const at = run.at.toISOString();
  return updateConnection({ lastRunAt: at, ...(run.pushed ? { lastSyncAt: at } : {}) });
}
