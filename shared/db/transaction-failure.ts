/**
 * How a cancelled transaction is reported: the failed parts by label and reason. Kept apart from the builder
 * (which needs the table client) so the HTTP error mapping can recognise these failures without it.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, Conflict } from '../errors.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction with the name a failure is reported under. */
export interface TxPart {
  readonly label: string;
  readonly item: TransactItem;
}

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_PARTS = 100;

export type FailureReason = 'conditionFailed' | 'conflict' | 'throttled' | 'invalid' | 'other';

export interface PartFailure {
  readonly label: string;
  readonly reason: FailureReason;
  /** DynamoDB's cancellation code (ConditionalCheckFailed, TransactionConflict, ThrottlingError …). */
  readonly code: string;
}

/**
 * A transaction DynamoDB cancelled, with the parts that failed. Services catch it to answer in the domain's
 * words (`failure.conditionFailed('guard:tenantEmail')` → 409 "e-mail taken"); one left uncaught is a 409.
 */
export class TransactionFailed extends Conflict {
  constructor(readonly failures: readonly PartFailure[]) {
    super('Another change to the same records came first; nothing was written. Try again.');
  }

  /** The first failed part whose label is `label` or starts with `label` followed by a space. */
  failed(label: string): PartFailure | undefined {
    return this.failures.find((f) => f.label === label || f.label.startsWith(`${label} `));
  }

  /** Whether a part with this label (or label prefix, see failed) failed its condition. */
  conditionFailed(label: string): boolean {
    return this.failures.some(
      (f) => f.reason === 'conditionFailed' && (f.label === label || f.label.startsWith(`${label} `)),
    );
  }

  /** Only conflicts with concurrent transactions: the same transaction may succeed when sent again. */
  get transient(): boolean {
    return (
      this.failures.length > 0 &&
      this.failures.every((f) => f.reason === 'conflict' || f.reason === 'throttled')
    );
  }
}

/** A change that would need more than DynamoDB's 100 items in one transaction: refused before sending. */
export class TransactionTooLarge extends AppError {
  constructor(readonly parts: number) {
    super(
      400,
      'Bad Request',
      `This change would write ${parts} items at once; at most ${MAX_PARTS} can be written together`,
    );
  }
}

const REASONS: Record<string, FailureReason> = {
  ConditionalCheckFailed: 'conditionFailed',
  TransactionConflict: 'conflict',
  ThrottlingError: 'throttled',
  ProvisionedThroughputExceeded: 'throttled',
  RequestLimitExceeded: 'throttled',
  ValidationError: 'invalid',
  ItemCollectionSizeLimitExceeded: 'invalid',
};

/** Names each failed part of a cancelled transaction; undefined when `error` is not a cancellation. */
export function failuresOf(error: unknown, parts: readonly TxPart[]): PartFailure[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const reasons = error.CancellationReasons ?? [];
  const failures: PartFailure[] = [];
  reasons.forEach((reason, index) => {
    const code = reason.Code ?? 'None';
    if (code === 'None') return;
    failures.push({ label: parts[index]?.label ?? `part ${index}`, reason: REASONS[code] ?? 'other', code });
  });
  return failures;
}
