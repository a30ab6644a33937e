/**
 * The one way to write several items together (DESIGN.md "Transactions"): a TransactWriteItems made of
 * labelled parts. Repositories return parts (`guard:propertyName`, `claim:night 2027-08-01 unit 1`,
 * `update:property 2001` …); a service composes them and commits. A cancelled transaction comes back as a
 * TransactionFailed that names each failed part and why, so services ask "did the name guard fail?" by label,
 * never by array position. Transient conflicts (another transaction on the same items) are retried with
 * jittered backoff a bounded number of times, then answered 409; throttling is a 503.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { jitteredBackoff } from '../backoff.js';
import { pausedForRetry } from '../retry-policy.js';
import { ddb, TABLE_NAME } from './client.js';
import { type Key, keys } from './keys.js';
import { isThrottling, ServiceBusy } from './throttling.js';
import {
  failuresOf,
  isItemSizeMessage,
  MAX_PARTS,
  RecordTooLarge,
  TransactionFailed,
  TransactionTooLarge,
  type TxPart,
  transactionError,
} from './transaction-failure.js';
import { type UpdateSpec, updateParts } from './update-expression.js';

export {
  type FailureReason,
  failuresOf,
  MAX_PARTS,
  type PartFailure,
  RecordTooLarge,
  type TransactItem,
  TransactionFailed,
  TransactionTooLarge,
  type TxPart,
} from './transaction-failure.js';

export interface CommitOptions {
  /** Attempts for a transaction cancelled only by concurrent transactions (default 5). */
  attempts?: number;
}

/** The waits between tries (shared/retry-policy.ts): jittered, up to 20, 40, 80, 160 ms …, at most 1 s. */
const CONFLICT_BACKOFF = jitteredBackoff(10);

/**
 * Commits the parts as one TransactWriteItems. Throws TransactionTooLarge (before sending), TransactionFailed
 * (a condition failed, or conflicts outlasted the retries) or ServiceBusy (throttled).
 */
export async function commit(parts: readonly TxPart[], options: CommitOptions = {}): Promise<void> {
  if (parts.length === 0) return;
  if (parts.length > MAX_PARTS) throw new TransactionTooLarge(parts.length);
  assertUniqueLabels(parts);
  const policy = { maxTries: options.attempts ?? 5, backoff: CONFLICT_BACKOFF };
  for (let tries = 1; ; tries++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: parts.map((p) => p.item) }));
      return;
    } catch (error) {
      const failed = asFailure(error, parts);
      const transient = failed instanceof TransactionFailed && failed.transient;
      if (!(await pausedForRetry(policy, tries, { permanent: !transient })))
        throw failed instanceof TransactionFailed && isAllThrottled(failed) ? new ServiceBusy(error) : failed;
    }
  }
}

/** What a failed send becomes: a TransactionFailed naming the parts, a ServiceBusy, or the error itself. */
function asFailure(error: unknown, parts: readonly TxPart[]): unknown {
  const failures = failuresOf(error, parts);
  if (failures) return transactionError(failures);
  if (isItemSizeMessage((error as Error | null)?.message)) return new RecordTooLarge();
  return isThrottling(error) ? new ServiceBusy(error) : error;
}

const isAllThrottled = (failed: TransactionFailed) =>
  failed.failures.length > 0 && failed.failures.every((f) => f.reason === 'throttled');

function assertUniqueLabels(parts: readonly TxPart[]): void {
  const seen = new Set<string>();
  for (const { label } of parts) {
    if (seen.has(label)) throw new Error(`Two transaction parts share the label "${label}"`);
    seen.add(label);
  }
}

type Values = Record<string, unknown>;
type Names = Record<string, string>;

interface ConditionOptions {
  condition?: string;
  names?: Names;
  values?: Values;
}

const withExpressionParts = (options: ConditionOptions) => ({
  ...(options.condition ? { ConditionExpression: options.condition } : {}),
  ...(options.names && Object.keys(options.names).length ? { ExpressionAttributeNames: options.names } : {}),
  ...(options.values && Object.keys(options.values).length
    ? { ExpressionAttributeValues: options.values }
    : {}),
});

/** A caller's fixed expression (a literal at its call), passed on as written. */
const fixedUpdate = (update: string, options: ConditionOptions) => ({
  // update-expression-allowed: the caller's literal; the rule on assembled clauses keeps it unassembled.
  UpdateExpression: update,
  ...withExpressionParts(options),
});

/** Part builders; every part goes to the one table. */
export const part = {
  /** Put an item, optionally conditioned. */
  put(label: string, item: Values, options: ConditionOptions = {}): TxPart {
    return { label, item: { Put: { TableName: TABLE_NAME, Item: item, ...withExpressionParts(options) } } };
  },

  /** Put an item that must not exist yet (a new record: its key is its identity). */
  putIfAbsent(label: string, item: Values): TxPart {
    return part.put(label, item, { condition: 'attribute_not_exists(PK)' });
  },

  /** A uniqueness guard (`UNIQUE#<kind>#<value>`) owned by a record; fails when the value is taken. */
  guard(label: string, kind: string, value: string, ownerId: number | string): TxPart {
    return part.putIfAbsent(label, { ...keys.unique(kind, value), entity: 'unique', ownerId });
  },

  /** Releases a guard (a rename or a delete), only while the given owner holds it. */
  releaseGuard(label: string, kind: string, value: string, ownerId: number | string): TxPart {
    return part.delete(label, keys.unique(kind, value), {
      condition: 'attribute_not_exists(PK) OR ownerId = :owner',
      values: { ':owner': ownerId },
    });
  },

  /** Asserts a condition on an item without writing it. */
  check(
    label: string,
    key: Key,
    condition: string,
    options: Omit<ConditionOptions, 'condition'> = {},
  ): TxPart {
    return {
      label,
      item: {
        ConditionCheck: {
          TableName: TABLE_NAME,
          Key: key,
          ...withExpressionParts(options),
          ConditionExpression: condition,
        },
      },
    };
  },

  /**
   * An UpdateItem and its optional condition: a fixed expression as written, or `{set, remove, add}` built by
   * the one expression builder (update-expression.ts), the condition's placeholders beside its own.
   */
  update(label: string, key: Key, update: string | UpdateSpec, options: ConditionOptions = {}): TxPart {
    const expression =
      typeof update === 'string'
        ? fixedUpdate(update, options)
        : updateParts(
            update,
            options.condition
              ? {
                  expression: options.condition,
                  ...(options.names ? { names: options.names } : {}),
                  ...(options.values ? { values: options.values } : {}),
                }
              : undefined,
          );
    return { label, item: { Update: { TableName: TABLE_NAME, Key: key, ...expression } } };
  },

  delete(label: string, key: Key, options: ConditionOptions = {}): TxPart {
    return { label, item: { Delete: { TableName: TABLE_NAME, Key: key, ...withExpressionParts(options) } } };
  },

  /** Moves a maintained total (`COUNT#<name>`) by delta, setting `alsoSet` on its item too. */
  countMove(label: string, name: string, delta: number, alsoSet: Values = {}): TxPart {
    return part.update(label, keys.count(name), {
      set: { entity: 'count', ...alsoSet },
      add: { value: delta },
    });
  },
};

/** Whether a single conditional write (PutItem, UpdateItem, DeleteItem) failed its condition. */
export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}
