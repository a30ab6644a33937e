/**
 * QuickBooks' batch operation on the local stand-in's books
 * (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/batch):
 * `POST /v3/company/{realmId}/batch` with `{"BatchItemRequest": [...]}`, at most 30 items, each with a `bId`
 * unique in the batch and either an `operation` (`create`, `update`, `delete`; an update with
 * `"optionsData": "void"` voids) and the entity under its name, or a `Query` (a select). The items run one after
 * another; each is answered in `BatchItemResponse` under its `bId`: the entity, the `QueryResponse`, or the
 * `Fault` that refused it, so one refused item does not stop the others. A batch over the limit, or an item
 * without a `bId` or with a taken one, is refused whole.
 */
import type { QuickBooksCompany } from './quickbooks-company.js';
import { ENTITY_OF_RESOURCE, isObject, Refused, validation } from './quickbooks-entities.js';
import { select, write } from './quickbooks-operations.js';

export const BATCH_ITEMS_MAX = 30;

const OPERATIONS = ['create', 'update', 'delete'];

const faultOf = (error: Refused) => ({
  Fault: {
    Error: [
      { Message: error.fault.message, Detail: error.fault.detail, code: error.fault.code, element: '' },
    ],
    type: error.fault.type,
  },
});

/** The BatchItemRequest's entity: the one key named after an entity. */
function entityOf(item: Record<string, unknown>): string {
  const names = Object.keys(item).filter((k) => ENTITY_OF_RESOURCE[k.toLowerCase()] === k);
  const [name] = names;
  if (names.length !== 1 || !name || !isObject(item[name]))
    throw validation(
      '2010',
      'Request has invalid or unsupported property',
      'Property Name:a batch item names one entity (its object under the entity name) or a Query',
    );
  return name;
}

function run(books: QuickBooksCompany, item: Record<string, unknown>): Record<string, unknown> {
  if (typeof item.Query === 'string') return select(books, item.Query);
  const operation = item.operation;
  if (typeof operation !== 'string' || !OPERATIONS.includes(operation))
    throw validation(
      '2010',
      'Request has invalid or unsupported property',
      `Property Name:operation must be one of ${OPERATIONS.join(', ')} (got ${String(operation)})`,
    );
  const entity = entityOf(item);
  const body = item[entity] as Record<string, unknown>;
  if (operation === 'delete') return write(books, entity, body, 'delete');
  if (operation === 'update' && item.optionsData === 'void') return write(books, entity, body, 'void');
  if (operation === 'create' && body.Id !== undefined)
    throw validation('2010', 'Request has invalid or unsupported property', 'Property Name:Id on a create');
  if (operation === 'update' && body.Id === undefined)
    throw validation(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter Id is missing in the request',
    );
  return write(books, entity, body, null);
}

/** Answers a batch: each item's entity, query answer or Fault, in order. */
export function batch(books: QuickBooksCompany, body: Record<string, unknown>): Record<string, unknown> {
  const items = body.BatchItemRequest;
  if (!Array.isArray(items) || items.length === 0 || !items.every(isObject))
    throw validation(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter BatchItemRequest is missing in the request',
    );
  if (items.length > BATCH_ITEMS_MAX)
    throw validation(
      '2010',
      'Request has invalid or unsupported property',
      `Property Name:BatchItemRequest holds ${items.length} items; a batch takes at most ${BATCH_ITEMS_MAX}`,
    );
  const ids = items.map((item) => item.bId);
  if (ids.some((id, i) => typeof id !== 'string' || id === '' || ids.indexOf(id) !== i))
    throw validation(
      '2010',
      'Request has invalid or unsupported property',
      'Property Name:each batch item needs a bId of its own',
    );
  return {
    BatchItemResponse: items.map((item) => {
      try {
        return { ...run(books, item), bId: item.bId };
      } catch (error) {
        if (error instanceof Refused) return { ...faultOf(error), bId: item.bId };
        throw error;
      }
    }),
  };
}
