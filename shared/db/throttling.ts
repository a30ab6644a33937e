/**
 * DynamoDB throttling is load, not a fault of the request: the caller is told to come back shortly (503 with
 * Retry-After), never given a 500. The SDK has already retried with its own backoff when this surfaces. The
 * same goes for DynamoDB's InternalServerError, a transient service-side failure AWS says to retry (DynamoDB
 * Local also answers it when a transaction waits too long for an item lock under heavy contention).
 */
import { ServiceUnavailable } from '../errors.js';

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'InternalServerError',
]);

export function isThrottling(error: unknown): boolean {
  return THROTTLING.has((error as { name?: string } | null)?.name ?? '');
}

/** Retry-After for a throttled request: long enough for adaptive capacity to catch up. */
export const THROTTLED_RETRY_AFTER_SECONDS = 2;

export class ServiceBusy extends ServiceUnavailable {
  constructor(cause?: unknown) {
    super('The service is busy right now; try again in a moment', {
      'Retry-After': String(THROTTLED_RETRY_AFTER_SECONDS),
    });
    if (cause !== undefined) Object.defineProperty(this, 'cause', { value: cause });
  }
}
