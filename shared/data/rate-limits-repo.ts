/**
 * Rate-limit windows in the table (docs/data-model.md F8): `PK=RATE#<scope>#<subject>`, `SK=WINDOW#<start>`,
 * a `count` moved by ADD and a TTL `expiresAt` = start + window length.
 *
 * A window is fixed in length but starts at the first counted event of a subject (not at a clock boundary),
 * so "5 failures within 15 minutes" cannot be doubled by straddling a boundary, and it ends exactly one
 * window length after that first event. Concurrent first events may open two windows; every unexpired window
 * of the subject is summed, so none is lost. DynamoDB's TTL deletion is lazy (the local emulator's never
 * happens), so expiry is always checked on read.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { queryAll } from '../db/query.js';

export interface WindowState {
  /** Events counted in the subject's unexpired windows. */
  count: number;
  /** Epoch seconds when the last of those windows ends (0 when none is open). */
  resetAt: number;
  /** Window starts, for `clear`. */
  starts: number[];
}

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

async function openWindows(scope: string, subject: string, windowSeconds: number, now: Date) {
  const nowSec = seconds(now);
  // Epoch seconds have ten digits until the year 2286, so the unpadded starts in SK sort as numbers.
  const from = keys.rateWindow(scope, subject, nowSec - windowSeconds);
  const items = await queryAll({
    TableName: TABLE_NAME,
    KeyConditionExpression: 'PK = :pk AND SK > :from',
    ExpressionAttributeValues: {
      ':pk': from.PK,
      ':from': from.SK,
    },
    ConsistentRead: true,
  });
  return items
    .map((i) => ({
      start: Number(i.windowStart),
      count: Number(i.count ?? 0),
      expiresAt: Number(i.expiresAt),
    }))
    .filter((w) => w.expiresAt > nowSec);
}

function summarise(windows: { start: number; count: number; expiresAt: number }[]): WindowState {
  return {
    count: windows.reduce((sum, w) => sum + w.count, 0),
    resetAt: windows.reduce((max, w) => Math.max(max, w.expiresAt), 0),
    starts: windows.map((w) => w.start),
  };
}

export async function peek(
  scope: string,
  subject: string,
  windowSeconds: number,
  now: Date,
): Promise<WindowState> {
  return summarise(await openWindows(scope, subject, windowSeconds, now));
}

/** Counts one event and returns the state including it (the ADD is atomic, so parallel callers each see their own count). */
export async function hit(
  scope: string,
  subject: string,
  windowSeconds: number,
  now: Date,
): Promise<WindowState> {
  const windows = await openWindows(scope, subject, windowSeconds, now);
  const latest = windows.reduce<(typeof windows)[number] | undefined>(
    (a, w) => (!a || w.start > a.start ? w : a),
    undefined,
  );
  const start = latest?.start ?? seconds(now);
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.rateWindow(scope, subject, start),
      UpdateExpression:
        'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :exp), windowStart = :start, entity = :entity',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':exp': start + windowSeconds,
        ':start': start,
        ':entity': 'rateWindow',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const updated = {
    start,
    count: Number(Attributes?.count ?? 1),
    expiresAt: Number(Attributes?.expiresAt ?? start + windowSeconds),
  };
  return summarise([...windows.filter((w) => w.start !== start), updated]);
}

/** Forgets a subject's windows (a successful login forgives earlier failures). */
export async function clear(scope: string, subject: string, starts: readonly number[]): Promise<void> {
  if (!starts.length) return;
  const requests = starts.slice(0, 25).map((start) => ({
    DeleteRequest: { Key: keys.rateWindow(scope, subject, start) },
  }));
  await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: requests } }));
}
