/**
 * Conflicts (docs/data-model.md "Channel and conflicts", docs/channel.md "Conflicts"): a stay the channel
 * manager or an iCal feed sent that could not be taken because a night was full, or a stay a super admin
 * took on full nights on purpose (an explicit overbooking, `overbooking#<reservationId>`). One record per
 * `<source>#<reference>` (`channel#<channel>#<channelReservationId>`, `ical#<feedId>#<uid>`), so a repeated
 * delivery or import finds the record it already wrote instead of piling up copies; the admin list reads
 * every source from one index partition (GSI1 `CONFLICTS`, newest first).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { Actor } from '../domain/change.js';
import { changePart } from './changes-repo.js';

export type ConflictSource = 'channel' | 'ical' | 'overbooking';
export type ConflictStatus = 'open' | 'resolved';

export interface ConflictInput {
  source: ConflictSource;
  /** The integration's own reference: `<channel>#<channelReservationId>`, `<feedId>#<uid>`; an overbooking's reservation id. */
  reference: string;
  propertyId: number;
  dateFrom: string;
  /** Check-out (exclusive). */
  dateTo: string;
  /** Why the stay was not taken, in words an admin acts on. */
  detail: string;
}

export interface ConflictRecord extends ConflictInput {
  conflictId: string;
  status: ConflictStatus;
  /** When this stay was first found in conflict (a different stay for the same reference starts again). */
  detectedAt: string;
  resolvedAt: string | null;
}

export const conflictIdOf = (source: ConflictSource, reference: string) => `${source}#${reference}`;

const putLabel = (conflictId: string) => `put:conflict ${conflictId}`;

function toItem(record: ConflictRecord): Item {
  return {
    ...keys.conflict(record.conflictId),
    entity: 'conflict',
    ...record,
    GSI1PK: indexKeys.conflicts(),
    GSI1SK: indexKeys.conflictOrder(record.detectedAt, record.conflictId),
  };
}

/**
 * The parts of a conflict: the record, written only when it is new or differs from the open one (another
 * stay, or resolved since), and its change record announcing `event` ('channel.conflict', 'ical.conflict';
 * an overbooking is announced by its reservation's own change). When the same open conflict is already there
 * the put's condition fails: `isSameConflict(error)`.
 */
export function conflictParts(
  input: ConflictInput,
  event: string | undefined,
  by: Actor,
  now: Date,
): TxPart[] {
  const conflictId = conflictIdOf(input.source, input.reference);
  const record: ConflictRecord = {
    ...input,
    conflictId,
    status: 'open',
    detectedAt: now.toISOString(),
    resolvedAt: null,
  };
  return [
    part.put(putLabel(conflictId), toItem(record), {
      condition:
        'attribute_not_exists(PK) OR #status <> :open OR propertyId <> :p OR dateFrom <> :f OR dateTo <> :t',
      names: { '#status': 'status' },
      values: { ':open': 'open', ':p': input.propertyId, ':f': input.dateFrom, ':t': input.dateTo },
    }),
    changePart(
      {
        recordType: 'conflict',
        recordId: conflictId,
        action: 'created',
        after: { ...record },
        ...(event ? { event } : {}),
      },
      by,
      now,
    ),
  ];
}

/** The same open conflict was already recorded (nothing was written, nothing announced again). */
export const isSameConflict = (error: unknown, input: ConflictInput): boolean =>
  error instanceof TransactionFailed &&
  error.conditionFailed(putLabel(conflictIdOf(input.source, input.reference)));

export async function getConflict(conflictId: string): Promise<ConflictRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.conflict(conflictId) }));
  return Item ? stripKeys<ConflictRecord>(Item) : undefined;
}

/** Label of a conflict's resolution (its id follows). */
export const CONFLICT_RESOLVE_LABEL = 'resolve:conflict';

/**
 * Marks an open conflict resolved (the integration later took or withdrew that stay), with its change
 * record; conditioned on still being open, label `resolve:conflict <id>`.
 */
export function resolveConflictParts(conflict: ConflictRecord, by: Actor, now: Date): TxPart[] {
  const resolvedAt = now.toISOString();
  return [
    part.update(
      `${CONFLICT_RESOLVE_LABEL} ${conflict.conflictId}`,
      keys.conflict(conflict.conflictId),
      'SET #status = :resolved, resolvedAt = :at',
      {
        condition: '#status = :open',
        names: { '#status': 'status' },
        values: { ':resolved': 'resolved', ':open': 'open', ':at': resolvedAt },
      },
    ),
    changePart(
      {
        recordType: 'conflict',
        recordId: conflict.conflictId,
        action: 'resolved',
        before: { status: 'open', resolvedAt: null },
        after: { status: 'resolved', resolvedAt },
      },
      by,
      now,
    ),
  ];
}

export interface ConflictFilter {
  source?: ConflictSource | undefined;
  propertyId?: number | undefined;
  status?: ConflictStatus | undefined;
}

/** K3: every conflict, newest first, filtered in code (a short list: each is a stay an admin must look at). */
export async function listConflicts(filter: ConflictFilter = {}): Promise<ConflictRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.conflicts(), descending: true });
  return items
    .map((item) => stripKeys<ConflictRecord>(item))
    .filter(
      (c) =>
        (filter.source === undefined || c.source === filter.source) &&
        (filter.propertyId === undefined || c.propertyId === filter.propertyId) &&
        (filter.status === undefined || c.status === filter.status),
    );
}
