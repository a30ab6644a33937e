/**
 * What an answer of the QuickBooks Online Accounting API means for the sync (docs/accounting.md "Failures").
 * QuickBooks answers a refusal with a `Fault` holding `Error[]` (`Message`, `Detail`, `code`, `element`) and a
 * fault `type` (`ValidationFault`, `SystemFault`, `AuthenticationFault` …), sometimes with HTTP 200
 * (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes ,
 * https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/handling-common-errors):
 * - 401: the access token expired or was revoked → refresh it once and try again;
 * - 429: more than 500 requests a minute or 10 at once for the company
 *   (https://blogs.intuit.com/blog/2016/08/08/idg-concurrent-api-use-changes-coming-soon/) → wait and retry;
 * - code 5010 "Stale Object Error": the SyncToken sent is not the entity's latest → read it and retry;
 * - code 610 "Object Not Found": the entity (or one it refers to) is gone or inactive;
 * - any other ValidationFault: the company refuses the record as it is (a closed period, a duplicate name …)
 *   → kept as failed with QuickBooks' words until a fix and a resync;
 * - 5xx, a SystemFault, no answer: try again later.
 */
import { retryAfterMs } from '../../retry-policy.js';

export type FaultKind = 'auth' | 'throttle' | 'stale' | 'notFound' | 'validation' | 'transient';

export interface QuickBooksFault {
  kind: FaultKind;
  status: number;
  code: string;
  message: string;
  detail: string;
  /** For a throttle: how long to wait (QuickBooks may say, in Retry-After). */
  retryAfterMs?: number;
}

interface FaultError {
  Message?: unknown;
  Detail?: unknown;
  code?: unknown;
}

/** The Fault of an answer body (QuickBooks writes `Fault` / `Error`; some gateway answers use lower case). */
export function faultOf(body: unknown): { type: string; errors: FaultError[] } | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const fault = (record.Fault ?? record.fault) as Record<string, unknown> | undefined;
  if (!fault || typeof fault !== 'object') return undefined;
  const errors = (fault.Error ?? fault.error) as FaultError[] | undefined;
  return { type: String(fault.type ?? ''), errors: Array.isArray(errors) ? errors : [] };
}

const DEFAULT_THROTTLE_WAIT_MS = 60_000;

/**
 * The fault an answer carries; undefined when the answer is a success. `receivedAtMs`: when the answer came, by
 * the machine's clock, against which a `Retry-After` HTTP date is read (QuickBooks' clock, not ours).
 */
export function classifyAnswer(
  status: number,
  body: unknown,
  retryAfter?: string | null,
  receivedAtMs?: number,
): QuickBooksFault | undefined {
  const fault = faultOf(body);
  if (status >= 200 && status < 300 && !fault) return undefined;
  const first = fault?.errors[0];
  const code = first?.code === undefined ? String(status) : String(first.code);
  const message = first?.Message === undefined ? `HTTP ${status}` : String(first.Message);
  const detail = first?.Detail === undefined ? '' : String(first.Detail);
  const base = { status, code, message, detail };
  if (status === 401) return { ...base, kind: 'auth' };
  if (status === 429)
    return {
      ...base,
      kind: 'throttle',
      retryAfterMs:
        retryAfterMs(retryAfter, new Date(receivedAtMs ?? Number.NaN)) ?? DEFAULT_THROTTLE_WAIT_MS,
    };
  if (code === '5010') return { ...base, kind: 'stale' };
  if (code === '610') return { ...base, kind: 'notFound' };
  if (status >= 500 || /system/i.test(fault?.type ?? '')) return { ...base, kind: 'transient' };
  if (status === 400 || /validation/i.test(fault?.type ?? '')) return { ...base, kind: 'validation' };
  return { ...base, kind: 'transient' };
}

/** A fault as the sync list shows it: QuickBooks' message and detail, cut to a size an admin reads. */
export function faultText(fault: Pick<QuickBooksFault, 'message' | 'detail'>): string {
  const text =
    fault.detail && fault.detail !== fault.message ? `${fault.message}: ${fault.detail}` : fault.message;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
