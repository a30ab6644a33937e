/** RFC 9457 problem+json: the one place an error becomes an HTTP response. */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { isThrottling, ServiceBusy } from '../db/throttling.js';
import {
  failuresOf,
  isItemSizeMessage,
  RecordTooLarge,
  transactionError,
} from '../db/transaction-failure.js';
import { AppError, type FieldError } from '../errors.js';
import { log } from '../log.js';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  requestId: string;
  errors?: FieldError[];
  /** An extension member (RFC 9457 section 3.2): the day a paid invoice was paid, for its payer's page. */
  paidOn?: string;
}

const GENERIC_DETAIL = 'The service could not complete the request. Quote the requestId when reporting it.';

/** Maps a thrown value to a problem response. Middy's own HTTP errors (e.g. from the body parser) carry a statusCode. */
export function toProblem(error: unknown, requestId: string, instance?: string): APIGatewayProxyResult {
  const app = asAppError(error);
  if (!app?.expose) {
    log('error', 'request failed', { requestId, error: describe(error) });
  }
  const status = app?.status ?? 500;
  const body: ProblemBody = {
    // Extension members first: the standard members below always win a clash.
    ...(app?.expose ? app.extensions : {}),
    type: status >= 500 ? 'about:blank' : `https://httpstatuses.io/${status}`,
    title: app?.title ?? 'Internal Server Error',
    status,
    detail: app?.expose ? app.message : GENERIC_DETAIL,
    requestId,
  };
  if (instance) body.instance = instance;
  if (app?.errors?.length) body.errors = app.errors;
  return {
    statusCode: status,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      ...(app?.headers ?? {}),
    },
    body: `${JSON.stringify(body)}\n`,
  };
}

function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  // A transaction DynamoDB cancelled wrote nothing: the client may simply try again.
  const failures = failuresOf(error, []);
  if (failures) return transactionError(failures);
  // A single write (PutItem, UpdateItem) of a record over DynamoDB's 400 KB item limit.
  if ((error as Error | null)?.name === 'ValidationException' && isItemSizeMessage((error as Error).message))
    return new RecordTooLarge();
  if (isThrottling(error)) return new ServiceBusy(error);
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // middy answers malformed JSON with 422; the spec's status for any validation failure is 400.
    const mapped = status === 422 ? 400 : status;
    return new AppError(mapped, mapped === 400 ? 'Bad Request' : 'Client Error', (error as Error).message);
  }
  return undefined;
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: error.message,
      stack: error.stack,
      cause: describeCause(error.cause),
    };
  }
  return { value: String(error) };
}

function describeCause(cause: unknown): unknown {
  return cause instanceof Error ? { name: cause.name, message: cause.message } : cause;
}
