/** Reading a cancelled DynamoDB transaction. No client here, so the HTTP error mapping can use it too. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** Which items of a cancelled transaction failed, and why (index → code: ConditionalCheckFailed, TransactionConflict, None …). */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}
