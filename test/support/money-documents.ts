/**
 * Helpers of the money document tests (test/adminInvoices.test.ts, test/adminExpenses.test.ts): one kind's
 * admin endpoints with the file's defaults for a new document, and its journal and header as stored.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { ApiResponse, Client } from './client.js';
import { rawTable, TABLE } from './table.js';

export interface Listed<D> {
  items: D[];
  page: number;
  limit: number;
  total: number;
}

interface Kind {
  type: 'invoice' | 'expense';
  /** `/API/adminInvoices/V1/invoices` … */
  collection: string;
}

/**
 * create (the file's defaults under the body), created (asserting the 201), read and list (asserting the 200),
 * as `admin()` unless another client is given.
 */
export function documentEndpoints<D>(
  kind: Kind,
  admin: () => Client,
  defaults: () => Record<string, unknown>,
) {
  const create = (body: Record<string, unknown>, by: Client = admin()): Promise<ApiResponse> =>
    by.post(`${kind.collection}.json`, { ...defaults(), ...body });
  return {
    create,
    async created(body: Record<string, unknown> = {}): Promise<D> {
      const res = await create(body);
      expect(res.status, res.text).toBe(201);
      return res.body[kind.type] as D;
    },
    /**
     * The single document as the create and update answers show it: without the invoice's `paymentUrl`, which
     * only the single GET adds (test/payment-link.test.ts tests it).
     */
    async read(id: number, by: Client = admin()): Promise<D> {
      const res = await by.get<D & { paymentUrl?: string | null }>(`${kind.collection}/${id}.json`);
      expect(res.status, res.text).toBe(200);
      const { paymentUrl: _link, ...document } = res.body;
      return document as D;
    },
    async list(query: Record<string, string | number>, by: Client = admin()): Promise<Listed<D>> {
      const res = await by.get<Listed<D>>(`${kind.collection}.json`, { query });
      expect(res.status, res.text).toBe(200);
      return res.body;
    },
  };
}

interface JournalItem {
  kind: string;
  lines: { account: string; debitCents: number; creditCents: number }[];
}

const partitionOf = (type: Kind['type'], id: number) => `${type === 'invoice' ? 'INVOICE' : 'EXPENSE'}#${id}`;

/** A document's journal entries, oldest first, each checked to balance, and every account's debits − credits. */
export async function documentJournal(type: Kind['type'], id: number) {
  const { Items = [] } = await rawTable.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :j)',
      ExpressionAttributeValues: { ':pk': partitionOf(type, id), ':j': 'JOURNAL#' },
      ConsistentRead: true,
    }),
  );
  const entries = Items as JournalItem[];
  const balance: Record<string, number> = {};
  for (const e of entries) {
    const debits = e.lines.reduce((t, l) => t + l.debitCents, 0);
    const credits = e.lines.reduce((t, l) => t + l.creditCents, 0);
    expect(debits, `${e.kind} balances`).toBe(credits);
    for (const l of e.lines) balance[l.account] = (balance[l.account] ?? 0) + l.debitCents - l.creditCents;
  }
  return { kinds: entries.map((e) => e.kind), balance };
}

/** Plants settled-payment figures (and a status) on the header, as the ledger's settlement parts would. */
export async function plantPaid(type: Kind['type'], id: number, paidCents: number, status?: number) {
  await rawTable.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { PK: partitionOf(type, id), SK: type.toUpperCase() },
      UpdateExpression: `SET paidCents = :p${status === undefined ? '' : ', #s = :s'} ADD version :one`,
      ExpressionAttributeValues: {
        ':p': paidCents,
        ':one': 1,
        ...(status === undefined ? {} : { ':s': status }),
      },
      ...(status === undefined ? {} : { ExpressionAttributeNames: { '#s': 'status' } }),
    }),
  );
}
