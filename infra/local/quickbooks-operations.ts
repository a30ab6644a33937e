/**
 * The operations of the local QuickBooks stand-in on a company's books, shared by its single requests
 * (quickbooks-stand-in.ts) and its batch (quickbooks-batch.ts): a write (create, sparse update, `void`,
 * `delete`) and a `select` (quickbooks-query.ts), each answered as QuickBooks answers it.
 */
import type { QuickBooksCompany } from './quickbooks-company.js';
import { type QboFault, Refused } from './quickbooks-entities.js';
import { parseQuery } from './quickbooks-query.js';

export const unsupported = (what: string): QboFault => ({
  status: 400,
  type: 'ValidationFault',
  code: '500',
  message: 'Unsupported Operation',
  detail: `Operation ${what} is not supported.`,
});

export function write(
  books: QuickBooksCompany,
  entity: string,
  body: Record<string, unknown>,
  operation: string | null,
): Record<string, unknown> {
  const now = new Date();
  if (operation === 'void') return { [entity]: books.void(entity, body, now) };
  if (operation === 'delete') return { [entity]: books.delete(entity, body) };
  if (operation) throw new Refused(unsupported(`operation=${operation}`));
  const saved = body.Id === undefined ? books.create(entity, body, now) : books.update(entity, body, now);
  return { [entity]: saved };
}

export function select(books: QuickBooksCompany, text: string): Record<string, unknown> {
  const parsed = parseQuery(text);
  if (!parsed)
    throw new Refused({
      status: 400,
      type: 'ValidationFault',
      code: '4000',
      message: 'Error parsing query',
      detail: `QueryParserError: the stand-in does not understand: ${text.slice(0, 200)}`,
    });
  const found = books.query(parsed);
  if (parsed.count) return { QueryResponse: { totalCount: found.count } };
  return {
    QueryResponse:
      found.entities.length === 0
        ? {}
        : {
            [parsed.entity]: found.entities,
            startPosition: parsed.startPosition,
            maxResults: found.entities.length,
          },
  };
}
