/**
 * What the local QuickBooks stand-in checks in a create or an update before it keeps it (quickbooks-company.ts),
 * as QuickBooks refuses a request (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes ,
 * https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/handling-common-errors): a field
 * the entity does not have (2010), a required one missing (2020), a reference to what the company lacks (2500),
 * a name taken (6240), a sales line whose Amount is not UnitPrice × Qty (6070), and a document the company was
 * told to refuse (a ValidationFault 6000 with its words); the values themselves (enumerations, lengths, dates,
 * amounts, the lines' shape) in quickbooks-fields.ts.
 */
import {
  COMMON,
  cents,
  type Entity,
  type EntityRules,
  isObject,
  linesOf,
  type Refusal,
  validation,
} from './quickbooks-entities.js';
import { checkValues } from './quickbooks-fields.js';

const NAME_PARTS = ['DisplayName', 'Title', 'GivenName', 'MiddleName', 'FamilyName', 'Suffix'];

/** What the checks read of the company. */
export interface BooksView {
  list(entity: string): Entity[];
  has(entity: string, id: string): boolean;
  refusals(): readonly Refusal[];
}

export function checkBody(
  books: BooksView,
  entity: string,
  rules: EntityRules,
  body: Record<string, unknown>,
  how: { creating: boolean; self?: string },
): void {
  const unknown = Object.keys(body).find((f) => !COMMON.includes(f) && !rules.fields.includes(f));
  if (unknown)
    throw validation(
      '2010',
      'Request has invalid or unsupported property',
      `Property Name:Unrecognized field "${unknown}" specified is unsupported or invalid`,
    );
  if (how.creating) {
    const missing = rules.required.find((f) => body[f] === undefined || body[f] === null);
    if (missing || (rules.required.includes('Line') && linesOf(body).length === 0))
      throw validation(
        '2020',
        'Required param missing, need to supply the required value for the API',
        `Required parameter ${missing ?? 'Line'} is missing in the request`,
      );
    // "The DisplayName attribute or at least one of Title, GivenName, MiddleName, FamilyName, or Suffix
    // attributes is required" (the Customer and Vendor pages): a CompanyName alone is not a name.
    if (rules.uniqueName === 'DisplayName' && !NAME_PARTS.some((f) => typeof body[f] === 'string' && body[f]))
      throw validation(
        '2020',
        'Required param missing, need to supply the required value for the API',
        'Required parameter DisplayName (or a name part) is missing in the request',
      );
  }
  checkValues(entity, body);
  checkName(books, entity, rules, body, how.self);
  for (const [field, targets] of Object.entries(rules.refs)) checkRef(books, body[field], targets);
  if (entity === 'Item' && body.Type === 'Service' && how.creating && !isObject(body.IncomeAccountRef))
    throw validation(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter IncomeAccountRef is missing in the request',
    );
  for (const line of linesOf(body)) checkLine(books, line);
  const refusal = books
    .refusals()
    .find(
      (r) => r.entity === entity && body.DocNumber !== undefined && r.docNumber === String(body.DocNumber),
    );
  if (refusal)
    throw validation(
      '6000',
      'A business validation error has occurred while processing your request',
      `Business Validation Error: ${refusal.message}`,
    );
}

function checkName(
  books: BooksView,
  entity: string,
  rules: EntityRules,
  body: Record<string, unknown>,
  self?: string,
) {
  const field = rules.uniqueName;
  const name = field ? body[field] : undefined;
  if (!field || typeof name !== 'string') return;
  if (/[:"]/.test(name) || name.trim() === '')
    throw validation(
      '6000',
      'Invalid name',
      `${field} may not be empty or contain a colon or a double quote`,
    );
  const pool = field === 'DisplayName' ? ['Customer', 'Vendor'] : [entity];
  const taken = pool.some((kind) =>
    books
      .list(kind)
      .some(
        (e) => !(kind === entity && e.Id === self) && String(e[field]).toLowerCase() === name.toLowerCase(),
      ),
  );
  if (taken)
    throw validation(
      '6240',
      'Duplicate Name Exists Error',
      `The name supplied already exists. : Another ${entity.toLowerCase()} is already using this name. Please use a different name.`,
    );
}

function checkRef(books: BooksView, ref: unknown, targets: readonly string[]) {
  if (ref === undefined) return;
  const id = isObject(ref) ? ref.value : undefined;
  if (typeof id !== 'string' || !targets.some((t) => books.has(t, id)))
    throw validation(
      '2500',
      'Invalid Reference Id',
      `Invalid Reference Id : ${targets.join(' or ')} ${String(id)} does not exist in this company`,
    );
}

function checkLine(books: BooksView, line: Record<string, unknown>) {
  const lineAmount = Number(line.Amount);
  if (!Number.isFinite(lineAmount) || Math.abs(cents(lineAmount) - lineAmount * 100) > 1e-6)
    throw validation(
      '6000',
      'Invalid amount',
      `Line Amount ${String(line.Amount)} is not an amount in cents`,
    );
  const sales = line.SalesItemLineDetail;
  if (isObject(sales)) {
    checkRef(books, sales.ItemRef, ['Item']);
    checkRef(books, sales.ClassRef, ['Class']);
    if (sales.Qty !== undefined && sales.UnitPrice !== undefined) {
      const expected = Number(sales.Qty) * Number(sales.UnitPrice);
      if (Math.abs(expected - lineAmount) > 0.005)
        throw validation(
          '6070',
          'Amount calculation incorrect in the request.',
          `Amount is not equal to UnitPrice * Qty. Supplied value:${lineAmount}`,
        );
    }
  }
  for (const key of ['AccountBasedExpenseLineDetail', 'DepositLineDetail']) {
    const detail = line[key];
    if (!isObject(detail)) continue;
    checkRef(books, detail.AccountRef, ['Account']);
    checkRef(books, detail.ClassRef, ['Class']);
    if (isObject(detail.Entity)) checkRef(books, detail.Entity, ['Vendor', 'Customer']);
  }
  for (const linked of Array.isArray(line.LinkedTxn) ? line.LinkedTxn.filter(isObject) : [])
    checkRef(books, { value: linked.TxnId }, [String(linked.TxnType)]);
}
