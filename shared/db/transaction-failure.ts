/**
 * How a cancelled transaction is reported: the failed parts by label and reason. Kept apart from the builder
 * (which needs the table client) so the HTTP error mapping can recognise these failures without it.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, Conflict, PayloadTooLarge } from '../errors.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction with the name a failure is reported under. */
export interface TxPart {
  readonly label: string;
  readonly item: TransactItem;
}

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_PARTS = 100;

export type FailureReason = 'conditionFailed' | 'conflict' | 'throttled' | 'tooLarge' | 'invalid' | 'other';

export interface PartFailure {
  readonly label: string;
  readonly reason: FailureReason;
  /** DynamoDB's cancellation code (ConditionalCheckFailed, TransactionConflict, ThrottlingError …). */
  readonly code: string;
}

/**
 * A transaction DynamoDB cancelled, with the parts that failed. Services catch it to answer in the domain's
 * words (`failure.conditionFailed(EMAIL_GUARD_LABEL)` → 409 "e-mail taken", the label exported by the part's
 * builder); one left uncaught is a 409.
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

/**
 * A record that would grow past DynamoDB's 400 KB item limit (text fields add up, e.g. many long CMS blocks in
 * UTF-8): the client's input is too large, so a 413, never a 500 or a "try again" 409.
 */
export class RecordTooLarge extends PayloadTooLarge {
  constructor(readonly label?: string) {
    super(
      'The record would be larger than 400 KB, the most one record can hold (text counts in UTF-8 bytes); shorten some of its text',
    );
  }
}

/** DynamoDB's words for an item over its size limit (ValidationException, or a cancellation's ValidationError). */
export const isItemSizeMessage = (message: string | undefined) =>
  /item size|maximum allowed size|item collection size/i.test(message ?? '');

const REASONS: Record<string, FailureReason> = {
  ConditionalCheckFailed: 'conditionFailed',
  TransactionConflict: 'conflict',
  ThrottlingError: 'throttled',
  ProvisionedThroughputExceeded: 'throttled',
  RequestLimitExceeded: 'throttled',
  ValidationError: 'invalid',
  ItemCollectionSizeLimitExceeded: 'tooLarge',
};

/** Names each failed part of a cancelled transaction; undefined when `error` is not a cancellation. */
export function failuresOf(error: unknown, parts: readonly TxPart[]): PartFailure[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const reasons = error.CancellationReasons ?? [];
  const failures: PartFailure[] = [];
  reasons.forEach((cancellation, index) => {
    const code = cancellation.Code ?? 'None';
    if (code === 'None') return;
    const reason =
      code === 'ValidationError' && isItemSizeMessage(cancellation.Message)
        ? 'tooLarge'
        : (REASONS[code] ?? 'other');
    failures.push({ label: parts[index]?.label ?? `part ${index}`, reason, code });
  });
  return failures;
}

/** What a failed transaction means for the caller: a record over the size limit is the input's fault (413). */
export function transactionError(failures: PartFailure[]): AppError {
  const tooLarge = failures.find((f) => f.reason === 'tooLarge');
  return tooLarge ? new RecordTooLarge(tooLarge.label) : new TransactionFailed(failures);
}
