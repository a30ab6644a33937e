/**
 * The change outbox (docs/data-model.md "Changes and audit"): one `CHANGE#<changeId>` item per change,
 * written as a part of the change's own transaction. The table's stream carries it to the audit job (and, in
 * a later slice, to outbound webhooks). Kept for a week: the stream delivers within seconds, the rest is slack
 * for a consumer that was down.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import type { TxPart } from '../db/transaction.js';
import { part } from '../db/transaction.js';
import { type Actor, type Change, type ChangeInput, diffFields, eventRecordOf } from '../domain/change.js';

export type { ChangeInput } from '../domain/change.js';

export const CHANGE_ENTITY = 'change';
const KEEP_SECONDS = 7 * 24 * 3600;

/** Sortable and unique: the time, then randomness (two changes in one millisecond still differ). */
export function newChangeId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/** The start of every change record's label (a change's parts can be told from the record's own). */
export const CHANGE_LABEL = 'change:';

/**
 * The outbox part of a change; label `change:<recordType> <recordId>`, or `change:<recordType> <recordId>
 * <action>` for a second change of the same record in one transaction (a stay created as an overbooking).
 */
export function changePart(input: ChangeInput, by: Actor, now: Date, second = false): TxPart {
  const changeId = newChangeId(now);
  const change: Change = {
    recordType: input.recordType,
    recordId: String(input.recordId),
    action: input.action,
    actor: by.actor,
    requestId: by.requestId,
    at: now.toISOString(),
    fields: diffFields(input.before, input.after, input.masked),
    ...(input.event ? { event: input.event, ...eventRecordOf(input) } : {}),
  };
  const label = `${CHANGE_LABEL}${input.recordType} ${input.recordId}${second ? ` ${input.action}` : ''}`;
  return part.putIfAbsent(label, {
    ...keys.change(changeId),
    entity: CHANGE_ENTITY,
    changeId,
    ...change,
    expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  });
}

/** Reads a change back from a stream image or an item. */
export function changeFromItem(item: Readonly<Record<string, unknown>>): Change & { changeId: string } {
  return {
    changeId: String(item.changeId),
    recordType: String(item.recordType),
    recordId: String(item.recordId),
    action: String(item.action),
    actor: String(item.actor) as Change['actor'],
    requestId: String(item.requestId),
    at: String(item.at),
    fields: (item.fields ?? []) as Change['fields'],
    ...(item.event ? { event: String(item.event) } : {}),
    ...(item.data ? { data: item.data as Record<string, unknown> } : {}),
    ...(item.previous ? { previous: item.previous as Record<string, unknown> } : {}),
  };
}

/** A change by its id (a message's retry renders it again from its cause); undefined once it expired. */
export async function getChange(changeId: string): Promise<(Change & { changeId: string }) | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.change(changeId) }));
  return Item ? changeFromItem(Item) : undefined;
}
