/**
 * Rate-limit windows in the table (docs/data-model.md F8): one item per subject, `PK=RATE#<scope>#<subject>`,
 * `SK=WINDOW`, with the window's `windowStart`, its `count` and a TTL `expiresAt` = start + window length.
 *
 * A window is fixed in length but starts at the first counted event of a subject (not at a clock boundary),
 * so "5 failures within 15 minutes" cannot be doubled by straddling a boundary, and it ends exactly one
 * window length after that first event. Counting is one conditional UpdateItem: the first event of a window
 * (the usual case for the limits we have: logins, registrations, bookings) opens it in one round trip; an
 * event inside an open window fails that condition and is added in a second one — or in one, when this
 * instance counted the subject's open window before (it then adds first). Two events racing to open
 * the same window: one opens it, the other's condition fails and it is added, so none is lost. DynamoDB's TTL
 * deletion is lazy (the local emulator's never happens), so expiry is part of every condition.
 */

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';

export interface WindowState {
  /** Events counted in the subject's open window. */
  count: number;
  /** Epoch seconds when that window ends (0 when none is open). */
  resetAt: number;
  /** The window's start (epoch seconds), for `clear`; 0 when none is open. */
  start: number;
}

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

const stateOf = (item: Record<string, unknown> | undefined, nowSec: number): WindowState => {
  const expiresAt = Number(item?.expiresAt ?? 0);
  if (!item || expiresAt <= nowSec) return { count: 0, resetAt: 0, start: 0 };
  return { count: Number(item.count ?? 0), resetAt: expiresAt, start: Number(item.windowStart ?? 0) };
};

const failedCondition = (error: unknown) => error instanceof ConditionalCheckFailedException;

/** Opens a new window at this event when none is open; false when one is. */
async function open(scope: string, subject: string, windowSeconds: number, nowSec: number) {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.rateWindow(scope, subject),
        UpdateExpression: 'SET #count = :one, windowStart = :now, expiresAt = :exp, entity = :entity',
        ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt <= :now',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': nowSec,
          ':exp': nowSec + windowSeconds,
          ':entity': 'rateWindow',
        },
      }),
    );
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

/** Adds the event to the open window; undefined when it closed meanwhile. */
async function add(scope: string, subject: string, nowSec: number): Promise<WindowState | undefined> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.rateWindow(scope, subject),
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'expiresAt > :now',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':now': nowSec },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stateOf(Attributes, nowSec);
  } catch (error) {
    if (failedCondition(error)) return undefined;
    throw error;
  }
}

/** The subject's open window, without counting. */
export async function peek(scope: string, subject: string, now: Date): Promise<WindowState> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.rateWindow(scope, subject), ConsistentRead: true }),
  );
  return stateOf(Item, seconds(now));
}

/**
 * When the windows this instance last counted end, by `<scope>#<subject>`: a subject seen with an open window
 * is counted by `add` first (one round trip for a busy subject, e.g. a visitor's quotes, instead of a failed
 * `open` and then `add`). Only the order of the attempts: each falls through to the other, so a stale entry
 * costs a round trip, never a miscount. Cleared when full, so it stays small.
 */
const knownOpen = new Map<string, number>();
const KNOWN_OPEN_MAX = 10_000;

function remember(id: string, state: WindowState): WindowState {
  if (knownOpen.size >= KNOWN_OPEN_MAX) knownOpen.clear();
  knownOpen.set(id, state.resetAt);
  return state;
}

/** Counts one event and returns the state including it (each caller sees its own count). */
export async function hit(
  scope: string,
  subject: string,
  windowSeconds: number,
  now: Date,
): Promise<WindowState> {
  const nowSec = seconds(now);
  const id = `${scope}#${subject}`;
  if ((knownOpen.get(id) ?? 0) > nowSec) {
    const counted = await add(scope, subject, nowSec);
    if (counted) return remember(id, counted);
  }
  // A window that closes between the two calls is opened again: two turns at most in practice.
  for (;;) {
    if (await open(scope, subject, windowSeconds, nowSec))
      return remember(id, { count: 1, resetAt: nowSec + windowSeconds, start: nowSec });
    const counted = await add(scope, subject, nowSec);
    if (counted) return remember(id, counted);
  }
}

/** Forgets a subject's window (a successful login forgives earlier failures); a newer window is kept. */
export async function clear(scope: string, subject: string, start: number): Promise<void> {
  if (!start) return;
  knownOpen.delete(`${scope}#${subject}`);
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: keys.rateWindow(scope, subject),
        ConditionExpression: 'windowStart = :start',
        ExpressionAttributeValues: { ':start': start },
      }),
    );
  } catch (error) {
    if (!failedCondition(error)) throw error;
  }
}
