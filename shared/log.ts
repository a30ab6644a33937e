/**
 * Structured JSON logs on Powertools Logger: one JSON line per entry, with the Lambda context (function,
 * `cold_start`) that the pipeline's injectLambdaContext middleware adds, and the request's `requestId` (API
 * Gateway's) and `route` (shared/http/create-handler.ts).
 *
 * Why a `log()` function beside the logger: a Lambda serves one request at a time, so keys appended to the
 * one logger belong to that request; the local runtime serves many requests of a group concurrently in one
 * process, where appended keys would leak between them. `log()` takes the request's own keys from an
 * AsyncLocalStorage scope the pipeline opens per request, so every line names its own request everywhere.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

export type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * LOG_LEVEL: debug, info (default), warn, error, or silent. `silent` (the tests) keeps errors only, as the
 * hand-written logger did: an unexpected 500 in a test run is still explained.
 */
export function loggerLevel(value: string | undefined): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' {
  const level = (value ?? '').trim().toUpperCase();
  if (level === 'SILENT') return 'ERROR';
  if (level === 'DEBUG' || level === 'INFO' || level === 'WARN' || level === 'ERROR') return level;
  return 'INFO';
}

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'rental-pm-api',
  logLevel: loggerLevel(process.env.LOG_LEVEL),
});

/** The keys of the request being served. */
export interface RequestLogKeys {
  requestId: string;
  route?: string;
}

const requestKeys = new AsyncLocalStorage<RequestLogKeys>();

/** Runs `fn` with `keys` on every line `log()` writes inside it (the object may be filled in later, e.g. the route). */
export function withRequestLogKeys<T>(keys: RequestLogKeys, fn: () => T): T {
  return requestKeys.run(keys, fn);
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger[level](message, { ...requestKeys.getStore(), ...fields });
}

/** The keys of the request being served here, to fill in as the pipeline learns them (the route). */
export function requestLogKeys(): RequestLogKeys | undefined {
  return requestKeys.getStore();
}

/**
 * A URL as a log line may show it: scheme, host, port and path. Never the credentials, query or fragment
 * (webhook targets and iCal feed URLs often carry a token there).
 */
export function urlForLog(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}
