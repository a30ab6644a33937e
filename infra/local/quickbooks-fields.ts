/**
 * What the local QuickBooks stand-in checks of the values in a create or an update (quickbooks-checks.ts checks
 * the entity's shape and the company's rules), as Intuit's entity pages give them
 * (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice, …/bill, …/deposit,
 * …/refundreceipt, …/account, …/item, …/class, …/customer, …/vendor, …/billpayment) and as QuickBooks refuses
 * them (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes):
 * - an enumeration (`AccountType`, an Item's `Type`, `PayType`, a line's `DetailType`) takes only its values;
 *   QuickBooks reads the body with a JSON binder that refuses another as 2010 "Request has invalid or
 *   unsupported property" ("Can not construct instance of … from String value …"), and a date that is not
 *   `YYYY-MM-DD` (a day of the calendar) or an amount that is not a number alike;
 * - a line of a document with details needs its `DetailType`, and its detail object the one `DetailType`
 *   names (2020 when missing); a field a line or its detail does not have is 2010, like one of the entity;
 * - strings have their maximum lengths (2050 "String length is either shorter or longer than supported by
 *   specification"): `Name` 100, `DisplayName` 500, `GivenName`/`MiddleName`/`FamilyName` 100, `Title` and
 *   `Suffix` 16, `CompanyName` 100, `DocNumber` 21, `PaymentRefNum` 21, `PrivateNote` and a line's
 *   `Description` 4000.
 * An amount QuickBooks reads as a decimal is kept as a number (`numbersOf`): a string "12.50" is answered as
 * 12.5, as QuickBooks answers it, never echoed.
 */
import { isObject, validation } from './quickbooks-entities.js';

const ACCOUNT_TYPES = [
  'Bank',
  'Other Current Asset',
  'Fixed Asset',
  'Other Asset',
  'Accounts Receivable',
  'Equity',
  'Expense',
  'Other Expense',
  'Cost of Goods Sold',
  'Accounts Payable',
  'Credit Card',
  'Long Term Liability',
  'Other Current Liability',
  'Income',
  'Other Income',
];
const ITEM_TYPES = [
  'Inventory',
  'Assembly',
  'Fixed Asset',
  'Group',
  'NonInventory',
  'Other Charge',
  'Payment',
  'Service',
  'Subtotal',
  'Discount',
  'Tax',
  'TaxGroup',
  'Category',
];
const PAY_TYPES = ['Check', 'CreditCard'];

/** The fields of each line detail the stand-in serves (the detail object's page on the entity's reference). */
const DETAILS: Readonly<Record<string, readonly string[]>> = {
  SalesItemLineDetail: [
    'ItemRef',
    'ClassRef',
    'Qty',
    'UnitPrice',
    'TaxCodeRef',
    'ServiceDate',
    'ItemAccountRef',
    'DiscountRate',
    'DiscountAmt',
    'TaxInclusiveAmt',
  ],
  SubTotalLineDetail: ['ItemRef'],
  DescriptionLineDetail: ['ServiceDate', 'TaxCodeRef'],
  AccountBasedExpenseLineDetail: [
    'AccountRef',
    'ClassRef',
    'CustomerRef',
    'BillableStatus',
    'TaxCodeRef',
    'TaxAmount',
    'TaxInclusiveAmt',
  ],
  DepositLineDetail: ['AccountRef', 'ClassRef', 'Entity', 'PaymentMethodRef', 'CheckNum', 'TxnType'],
};

/** A line's `DetailType` names the detail object it holds (`DescriptionOnly` holds DescriptionLineDetail). */
const DETAIL_OF: Readonly<Record<string, string>> = {
  SalesItemLineDetail: 'SalesItemLineDetail',
  SubTotalLineDetail: 'SubTotalLineDetail',
  DescriptionOnly: 'DescriptionLineDetail',
  AccountBasedExpenseLineDetail: 'AccountBasedExpenseLineDetail',
  DepositLineDetail: 'DepositLineDetail',
};

/** The line detail types QuickBooks has (LineDetailTypeEnum): another is a 2010. */
const LINE_DETAIL_TYPES = [
  ...Object.keys(DETAIL_OF),
  'GroupLineDetail',
  'DiscountLineDetail',
  'TaxLineDetail',
  'ItemBasedExpenseLineDetail',
  'JournalEntryLineDetail',
  'PaymentLineDetail',
  'ItemReceiptLineDetail',
  'PurchaseOrderItemLineDetail',
];

/** The detail types each document's lines take, of those the stand-in serves (the entity's page). */
const LINE_TYPES_OF: Readonly<Record<string, readonly string[]>> = {
  Invoice: ['SalesItemLineDetail', 'SubTotalLineDetail', 'DescriptionOnly'],
  RefundReceipt: ['SalesItemLineDetail', 'SubTotalLineDetail', 'DescriptionOnly'],
  Bill: ['AccountBasedExpenseLineDetail'],
  Deposit: ['DepositLineDetail'],
};

/** Payment and BillPayment lines carry no detail: the amount and the documents it applies to. */
const PAYMENT_LINE = ['Id', 'LineNum', 'Amount', 'LinkedTxn'];
const LINE = ['Id', 'LineNum', 'Description', 'Amount', 'DetailType', 'LinkedTxn'];
const LINKED_TXN = ['TxnId', 'TxnType', 'TxnLineId'];

const MAX_LENGTH: Readonly<Record<string, number>> = {
  Name: 100,
  DisplayName: 500,
  GivenName: 100,
  MiddleName: 100,
  FamilyName: 100,
  Title: 16,
  Suffix: 16,
  CompanyName: 100,
  DocNumber: 21,
  PaymentRefNum: 21,
  PrivateNote: 4000,
};
const DESCRIPTION_MAX = 4000;

const DATES = ['TxnDate', 'DueDate'];
const AMOUNTS = ['TotalAmt', 'Amount', 'Qty', 'UnitPrice', 'TaxAmount'];

const binderRefusal = (detail: string) =>
  validation('2010', 'Request has invalid or unsupported property', `Property Name:${detail}`);

const unrecognized = (field: string) =>
  binderRefusal(`Unrecognized field "${field}" specified is unsupported or invalid`);

function enumeration(value: unknown, values: readonly string[], enumName: string) {
  if (value === undefined || value === null || (typeof value === 'string' && values.includes(value))) return;
  throw binderRefusal(
    `Can not construct instance of com.intuit.schema.finance.v3.${enumName} from String value '${String(value)}': value not one of declared Enum instance names`,
  );
}

function length(field: string, value: unknown, max: number) {
  if (typeof value !== 'string' || value.length <= max) return;
  throw validation(
    '2050',
    'String length is either shorter or longer than supported by specification',
    `String length specified does not match the supported length. Min:0 Max:${max} supplied:${value.length} (${field})`,
  );
}

/** A calendar day in `YYYY-MM-DD` (QuickBooks' xsd:date; 2027-02-30 is not one). */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

function date(field: string, value: unknown) {
  if (value === undefined || value === null || (typeof value === 'string' && isDay(value))) return;
  throw binderRefusal(
    `Can not construct instance of java.util.Date from String value '${String(value)}': not a valid representation (${field})`,
  );
}

/** A decimal as QuickBooks' binder reads it: a JSON number, or a string holding one. */
const decimalOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
};

function amount(field: string, value: unknown) {
  if (value === undefined || value === null || decimalOf(value) !== undefined) return;
  throw binderRefusal(
    `Can not construct instance of java.math.BigDecimal from String value '${String(value)}': not a valid representation (${field})`,
  );
}

function known(object: Record<string, unknown>, fields: readonly string[]) {
  const unknown = Object.keys(object).find((f) => !fields.includes(f));
  if (unknown) throw unrecognized(unknown);
}

function checkLine(entity: string, line: Record<string, unknown>) {
  for (const field of AMOUNTS) amount(field, line[field]);
  length('Description', line.Description, DESCRIPTION_MAX);
  for (const linked of Array.isArray(line.LinkedTxn) ? line.LinkedTxn : [])
    if (isObject(linked)) known(linked, LINKED_TXN);
  const types = LINE_TYPES_OF[entity];
  if (!types) return known(line, PAYMENT_LINE);
  if (line.DetailType === undefined)
    throw validation(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter Line.DetailType is missing in the request',
    );
  enumeration(line.DetailType, LINE_DETAIL_TYPES, 'LineDetailTypeEnum');
  const type = String(line.DetailType);
  if (!types.includes(type))
    throw validation(
      '2010',
      'Request has invalid or unsupported property',
      `Property Name:Line.DetailType ${type} is not supported for ${entity}`,
    );
  const detailName = DETAIL_OF[type] ?? type;
  known(line, [...LINE, detailName]);
  const detail = line[detailName];
  if (detail === undefined) {
    if (type === 'DescriptionOnly' || type === 'SubTotalLineDetail') return;
    throw validation(
      '2020',
      'Required param missing, need to supply the required value for the API',
      `Required parameter Line.${detailName} is missing in the request`,
    );
  }
  if (!isObject(detail)) throw unrecognized(detailName);
  known(detail, DETAILS[detailName] ?? []);
  for (const field of AMOUNTS) amount(`${detailName}.${field}`, detail[field]);
}

/** Refuses a value QuickBooks would refuse in `body` (a create or an update of `entity`). */
export function checkValues(entity: string, body: Record<string, unknown>): void {
  if (entity === 'Account') enumeration(body.AccountType, ACCOUNT_TYPES, 'AccountTypeEnum');
  if (entity === 'Item') enumeration(body.Type, ITEM_TYPES, 'ItemTypeEnum');
  if (entity === 'BillPayment') enumeration(body.PayType, PAY_TYPES, 'BillPaymentTypeEnum');
  for (const [field, max] of Object.entries(MAX_LENGTH)) length(field, body[field], max);
  for (const field of DATES) date(field, body[field]);
  amount('TotalAmt', body.TotalAmt);
  if (body.Line !== undefined && !Array.isArray(body.Line)) throw unrecognized('Line');
  for (const line of Array.isArray(body.Line) ? body.Line : []) {
    if (!isObject(line)) throw unrecognized('Line');
    checkLine(entity, line);
  }
}

function withNumbers(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...object };
  for (const field of AMOUNTS) {
    const value = decimalOf(out[field]);
    if (out[field] !== undefined && value !== undefined) out[field] = value;
  }
  return out;
}

/** The body with its amounts as the numbers QuickBooks keeps (and answers), its lines' and details' too. */
export function numbersOf(body: Record<string, unknown>): Record<string, unknown> {
  const out = withNumbers(body);
  if (!Array.isArray(out.Line)) return out;
  out.Line = out.Line.map((line: unknown) => {
    if (!isObject(line)) return line;
    const converted = withNumbers(line);
    for (const name of Object.values(DETAIL_OF)) {
      const detail = converted[name];
      if (isObject(detail)) converted[name] = withNumbers(detail);
    }
    return converted;
  });
  return out;
}
