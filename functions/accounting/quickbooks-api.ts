/**
 * The QuickBooks Online Accounting API as the sync uses it, over fetch (docs/accounting.md "The sync"): the
 * URI forms of https://developer.intuit.com/app/developer/qbo/docs/learn/rest-api-features —
 * create and update `POST {base}/v3/company/{realmId}/{resource}` (an update sparse: `sparse: true` with `Id`
 * and `SyncToken`), read `GET …/{resource}/{id}`, query `GET …/query?query=<select>`
 * (https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries),
 * void and delete `POST …/{resource}?operation=void|delete` (…/api/accounting/all-entities/invoice "Void an
 * invoice", …/all-entities/bill "Delete a bill"), preferences `GET …/preferences` — with
 * `minorversion=75` (the oldest version QuickBooks still serves since August 2025:
 * https://blogs.intuit.com/2025/01/21/changes-to-our-accounting-api-that-may-impact-your-application) and a
 * `requestid` on every write (https://blogs.intuit.com/blog/2015/04/06/15346/). Every request goes through the
 * run's limiter (quickbooks-pacing.ts: 10 at once, 500 a minute, 10 a second) and carries the current access token; a 401 refreshes the token once and
 * the request is sent again. Refusals become a QuickBooksError with the classified fault (shared/domain/accounting/faults.ts).
 *
 * Intuit's npm clients were weighed: `intuit-oauth` covers only the token calls provider.ts already makes in
 * a few lines; `node-quickbooks` (community) wraps these same REST calls without pacing or requestid control.
 */

import { wallMs } from '../../shared/clock.js';
import { classifyAnswer, type QuickBooksFault } from '../../shared/domain/accounting/faults.js';
import { type QboEntity, type QboSaved, resourceOf } from '../../shared/domain/accounting/qbo-types.js';
import type { Limiter } from '../../shared/jobs/limiter.js';
import type { AccessTokens } from './access-tokens.js';

export const MINOR_VERSION = '75';
const REQUEST_TIMEOUT_MS = 20_000;

export class QuickBooksError extends Error {
  constructor(readonly fault: QuickBooksFault) {
    super(`QuickBooks: ${fault.message}${fault.detail ? ` (${fault.detail})` : ''}`);
  }
}

export interface QuickBooksApiOptions {
  baseUrl: string;
  realmId: string;
  tokens: AccessTokens;
  /** The run's limiter of the company's requests (quickbooks-pacing.ts). */
  limiter: Limiter;
}

type Method = 'GET' | 'POST';

export class QuickBooksApi {
  /** Requests sent (for the run's log). */
  requests = 0;

  constructor(private readonly options: QuickBooksApiOptions) {}

  /** Creates an entity; the same `requestId` again answers the first create's answer. */
  create(entity: QboEntity, body: object, requestId: string): Promise<QboSaved> {
    return this.write(entity, body, requestId);
  }

  /** A sparse update: only the fields sent change (a Line array replaces the lines); needs Id and SyncToken. */
  update(entity: QboEntity, body: object & { Id: string; SyncToken: string }, requestId: string) {
    return this.write(entity, { ...body, sparse: true }, requestId);
  }

  /** `operation=void` (an Invoice) or `operation=delete` (a Bill): the entity's Id and current SyncToken. */
  operation(
    entity: QboEntity,
    op: 'void' | 'delete',
    ref: { Id: string; SyncToken: string },
    requestId: string,
  ) {
    return this.write(entity, ref, requestId, { operation: op });
  }

  async read(entity: QboEntity, id: string): Promise<QboSaved> {
    const answer = await this.send('GET', `${resourceOf(entity)}/${encodeURIComponent(id)}`, {});
    return savedOf(answer, entity);
  }

  /** The entities a `select` finds (QuickBooks' query language: one entity, `where`, no joins). */
  async query(entity: QboEntity, select: string): Promise<QboSaved[]> {
    const answer = await this.send('GET', 'query', { query: select });
    const response = (answer.QueryResponse ?? {}) as Record<string, unknown>;
    return (Array.isArray(response[entity]) ? response[entity] : []) as QboSaved[];
  }

  /** The company's preferences (class tracking: AccountingInfoPrefs.ClassTrackingPerTxn / …PerTxnLine). */
  async preferences(): Promise<Record<string, unknown>> {
    const answer = await this.send('GET', 'preferences', {});
    return (answer.Preferences ?? {}) as Record<string, unknown>;
  }

  private async write(
    entity: QboEntity,
    body: object,
    requestId: string,
    extra: Record<string, string> = {},
  ) {
    const answer = await this.send('POST', resourceOf(entity), { requestid: requestId, ...extra }, body);
    return savedOf(answer, entity);
  }

  private async send(
    method: Method,
    path: string,
    query: Record<string, string>,
    body?: object,
  ): Promise<Record<string, unknown>> {
    const { tokens, limiter } = this.options;
    let token = await tokens.current();
    for (let attempt = 0; ; attempt++) {
      const answer = await limiter.run(() => this.fetch(method, path, query, token, body));
      if (answer.fault?.kind === 'auth' && attempt === 0) {
        token = await tokens.afterUnauthorized(token);
        continue;
      }
      if (answer.fault) throw new QuickBooksError(answer.fault);
      return answer.body;
    }
  }

  private async fetch(
    method: Method,
    path: string,
    query: Record<string, string>,
    token: string,
    body?: object,
  ) {
    const { baseUrl, realmId } = this.options;
    const url = new URL(`${baseUrl}/v3/company/${encodeURIComponent(realmId)}/${path}`);
    for (const [name, value] of Object.entries({ ...query, minorversion: MINOR_VERSION }))
      url.searchParams.set(name, value);
    this.requests++;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new QuickBooksError({
        kind: 'transient',
        status: 0,
        code: 'network',
        message: 'QuickBooks could not be reached',
        detail: (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'the connection failed',
      });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {
        Fault: { type: 'SystemFault', Error: [{ Message: 'an answer that is not JSON', code: 'format' }] },
      };
    }
    const fault = classifyAnswer(response.status, parsed, response.headers.get('retry-after'), wallMs());
    return { body: (parsed ?? {}) as Record<string, unknown>, fault };
  }
}

function savedOf(answer: Record<string, unknown>, entity: QboEntity): QboSaved {
  const saved = answer[entity] as QboSaved | undefined;
  if (!saved || typeof saved.Id !== 'string')
    throw new QuickBooksError({
      kind: 'transient',
      status: 200,
      code: 'format',
      message: `QuickBooks answered without the ${entity}`,
      detail: '',
    });
  return saved;
}
