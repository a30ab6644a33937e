/** An HTTP client for the tests: keeps cookies like a browser would, parses JSON and problem+json. */
import { setTimeout as sleep } from 'node:timers/promises';
import { contractMismatch } from './contract.js';
import { fileRuntime } from './file-runtime.js';
import { requestMismatch } from './request-contract.js';

/** This test file's own API server (test/support/file-runtime.ts). */
export const API_URL = fileRuntime.url;
/** This test file's own local SES. */
export const MAIL_URL = fileRuntime.mailUrl;

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body's bytes as received (a binary answer: the owner statement PDF). */
  bytes: Uint8Array;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, e.g. malformed JSON. */
  rawBody?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl = API_URL,
    /** Distinct X-Forwarded-For per client keeps per-IP counters (lockouts, limits) apart between tests. */
    readonly ip = `10.${rand()}.${rand()}.${rand()}`,
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...(options.headers ?? {}) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = {};
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { raw: text };
      }
    }
    checkContract(method, url, response, { parsed, text }, options);
    return { status: response.status, headers: response.headers, body: parsed as T, text, bytes };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, ...(body !== undefined ? { body } : {}) });
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, ...(body !== undefined ? { body } : {}) });
  }
  delete<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}

/**
 * The docs cannot drift from the code: every answer must match its documented operation, and the document must
 * accept every request the API accepted (a client or validator made from it must not refuse it). After a
 * followed redirect (oauth-start.php's 302) the answer is the target's, checked against the target's path.
 */
function checkContract(
  method: string,
  url: URL,
  response: Response,
  answer: { parsed: unknown; text: string },
  options: RequestOptions,
): void {
  const mismatch = contractMismatch({
    method,
    path: new URL(response.url || url.href).pathname,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: answer.parsed,
    text: answer.text,
  });
  if (mismatch) throw new Error(`Contract: ${mismatch}`);
  if (response.status >= 400) return;
  const refused = requestMismatch({
    method,
    path: url.pathname,
    query: url.searchParams,
    body: options.rawBody !== undefined ? jsonOrUndefined(options.rawBody) : options.body,
  });
  if (refused) throw new Error(`Contract: ${refused}`);
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One message held by the local SES (aws-ses-v2-local's `GET /store`). */
export interface SentMail {
  at: number;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/**
 * The newest mail to `to` (case-insensitive), of `subject` when given, polling briefly: sending and the test's
 * read may race, and the queued mails of one change go out in parallel, in no set order (as with SES).
 */
export async function latestMailTo(to: string, timeoutMs = 5000, subject?: string): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { emails } = (await (await fetch(`${MAIL_URL}/store`)).json()) as { emails: SentMail[] };
    const mine = emails.filter(
      (m) =>
        m.destination.to.some((t) => t.toLowerCase().includes(to.toLowerCase())) &&
        (subject === undefined || m.subject === subject),
    );
    const last = mine.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the local SES store`);
    await sleep(100);
  }
}

function rand(): number {
  return Math.floor(Math.random() * 250) + 1;
}

/** The admins of test/fixtures/base.json. */
export const ADMINS = {
  super: { adminAPIKey: 'test-super', adminAPISecret: 'test-super-secret-1', adminId: 1 },
  landlord: { adminAPIKey: 'test-landlord', adminAPISecret: 'test-landlord-secret-1', adminId: 2 },
  svcRep: { adminAPIKey: 'test-rep', adminAPISecret: 'test-rep-secret-1', adminId: 3 },
  housekeeper: { adminAPIKey: 'test-hk', adminAPISecret: 'test-hk-secret-1', adminId: 4 },
  otherLandlord: { adminAPIKey: 'test-landlord-b', adminAPISecret: 'test-landlord-b-secret-1', adminId: 5 },
} as const;

export type AdminName = keyof typeof ADMINS;

export async function signedIn(who: AdminName): Promise<Client> {
  const client = new Client();
  const { adminAPIKey, adminAPISecret } = ADMINS[who];
  const res = await client.post('/API/auth/V1/login.json', { adminAPIKey, adminAPISecret });
  if (res.status !== 200) throw new Error(`login as ${who} failed: ${res.status} ${res.text}`);
  return client;
}

/** A unique suffix for names, so the tests of one file never collide. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Asserts the RFC 9457 shape and returns the body. */
export function problem(res: ApiResponse): {
  status: number;
  title: string;
  detail: string;
  errors?: { field: string; message: string }[];
} {
  if (!res.headers.get('content-type')?.startsWith('application/problem+json')) {
    throw new Error(`expected problem+json, got ${res.headers.get('content-type')}: ${res.text}`);
  }
  return res.body as never;
}
