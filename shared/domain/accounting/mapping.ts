/**
 * Which QuickBooks Online account and item each kind of our money maps to (docs/accounting.md "Mapping"): a
 * setting super_admin reads and changes (`accounting/V1/mapping.json`), with defaults that work on a fresh
 * company. Accounts and items are named, not given by id: the sync finds each by its name in the connected
 * company and creates it (with the type given here) when it is missing, so the same mapping serves a sandbox
 * and the production company.
 *
 * QuickBooks' Account and Item names are at most 100 characters and may not hold a colon (it separates a
 * sub-account from its parent in FullyQualifiedName) or a double quote:
 * https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/account ,
 * https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/item .
 */
import * as v from 'valibot';
import { EXPENSE, type ExpenseType, INVOICE, type InvoiceType } from '../money-document/kind.js';

/** QuickBooks' AccountType values a mapping may name (the account's classification when the sync creates it). */
export const ACCOUNT_TYPES = [
  'Income',
  'Other Income',
  'Other Current Liability',
  'Expense',
  'Other Expense',
  'Cost of Goods Sold',
  'Bank',
  'Other Current Asset',
  'Equity',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface AccountChoice {
  name: string;
  type: AccountType;
}

/** An item on invoice lines and the account its sales post to (the item's IncomeAccountRef). */
export interface ItemChoice {
  item: string;
  account: AccountChoice;
}

export interface AccountingMapping {
  /** One item per invoice type. DEPOSIT money is held for the tenant: a liability, not income. */
  invoiceTypes: Record<InvoiceType, ItemChoice>;
  /** The line that carries an invoice's tax: money collected for the tax authority, a liability. */
  tax: ItemChoice;
  /** The expense account of each expense type (a Bill's lines). */
  expenseTypes: Record<ExpenseType, AccountChoice>;
  /** Where payments received land and refunds are paid from (a clearing account, deposited by the bookkeeper). */
  depositAccount: AccountChoice;
  /** The bank account bills are paid from and payees' refunds go to. */
  payFromAccount: AccountChoice;
  /** Carry each document's property as a QuickBooks Class, when the company tracks classes. */
  classes: boolean;
}

const income = (name: string): AccountChoice => ({ name, type: 'Income' });
const expense = (name: string): AccountChoice => ({ name, type: 'Expense' });

export const DEFAULT_MAPPING: AccountingMapping = {
  invoiceTypes: {
    RENT: { item: 'Rent', account: income('Rental Income') },
    BOOKING: { item: 'Booking', account: income('Rental Income') },
    HOUSEKEEPING: { item: 'Housekeeping', account: income('Cleaning Fee Income') },
    SERVICE: { item: 'Services', account: income('Service Income') },
    DEPOSIT: {
      item: 'Security deposit',
      account: { name: 'Security Deposits Held', type: 'Other Current Liability' },
    },
    ADJUSTMENT: { item: 'Late fees and adjustments', account: income('Late Fee and Adjustment Income') },
    OWNER: { item: 'Owner charges', account: income('Owner Charge Income') },
  },
  tax: { item: 'Taxes collected', account: { name: 'Taxes Payable', type: 'Other Current Liability' } },
  expenseTypes: {
    RENT: expense('Rent Expense'),
    BOOKING: expense('Booking Commissions'),
    HOUSEKEEPING: expense('Cleaning Expense'),
    SERVICE: expense('Repairs and Maintenance'),
    OWNER: expense('Owner Payouts'),
    ADJUSTMENT: { name: 'Other Expenses', type: 'Other Expense' },
  },
  depositAccount: { name: 'Undeposited Funds', type: 'Other Current Asset' },
  payFromAccount: { name: 'Checking', type: 'Bank' },
  classes: true,
};

export const MAX_NAME = 100;

/** A QuickBooks account or item name: 1–100 characters, no colon, no double quote. */
const qboName = v.pipe(
  v.string('must be a name'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(MAX_NAME, `must be at most ${MAX_NAME} characters`),
  v.check((s) => !/[:"]/.test(s), 'may not contain a colon or a double quote (QuickBooks refuses them)'),
);

const accountChoice = v.strictObject({
  name: qboName,
  type: v.picklist(ACCOUNT_TYPES, `must be one of ${ACCOUNT_TYPES.join(', ')}`),
});

const itemChoice = v.strictObject({ item: qboName, account: accountChoice });

const partialRecord = <K extends string, S extends v.GenericSchema>(names: readonly K[], schema: S) =>
  v.strictObject(
    Object.fromEntries(names.map((n) => [n, v.optional(schema)])) as Record<
      K,
      v.OptionalSchema<S, undefined>
    >,
  );

/** QuickBooks' account type of money held for someone else: a deposit for the tenant, a tax for its authority. */
export const LIABILITY_TYPE: AccountType = 'Other Current Liability';

const HELD_MESSAGE = (what: string) =>
  `must be a liability account (${LIABILITY_TYPE}): ${what} is held for someone else, never income`;

/** A choice whose account must be a liability (DEPOSIT, the tax). */
const heldItemChoice = (what: string) =>
  v.pipe(
    itemChoice,
    v.forward(
      v.check((c) => c.account.type === LIABILITY_TYPE, HELD_MESSAGE(what)),
      ['account', 'type'],
    ),
  );

/** A mapping as stored: the PUT body's shape, read back without its liability rules (a mapping kept before them). */
const storedMapping = v.strictObject({
  invoiceTypes: v.optional(partialRecord(INVOICE.types, itemChoice)),
  tax: v.optional(itemChoice),
  expenseTypes: v.optional(partialRecord(EXPENSE.types, accountChoice)),
  depositAccount: v.optional(accountChoice),
  payFromAccount: v.optional(accountChoice),
  classes: v.optional(v.boolean('must be true or false')),
});

/** The PUT body: any part of the mapping; what is left out keeps its current value. Unknown keys are a 400. */
export const mappingInput = v.strictObject({
  invoiceTypes: v.optional(
    v.strictObject({
      ...partialRecord(INVOICE.types, itemChoice).entries,
      DEPOSIT: v.optional(heldItemChoice('a security deposit')),
    }),
  ),
  tax: v.optional(heldItemChoice('a tax collected')),
  expenseTypes: v.optional(partialRecord(EXPENSE.types, accountChoice)),
  depositAccount: v.optional(accountChoice),
  payFromAccount: v.optional(accountChoice),
  classes: v.optional(v.boolean('must be true or false')),
});
export type MappingInput = v.InferOutput<typeof mappingInput>;

/** The whole mapping as answered (the response schema). */
export const mappingView = v.object({
  invoiceTypes: v.object(
    Object.fromEntries(INVOICE.types.map((t) => [t, itemChoice])) as Record<InvoiceType, typeof itemChoice>,
  ),
  tax: itemChoice,
  expenseTypes: v.object(
    Object.fromEntries(EXPENSE.types.map((t) => [t, accountChoice])) as Record<
      ExpenseType,
      typeof accountChoice
    >,
  ),
  depositAccount: accountChoice,
  payFromAccount: accountChoice,
  classes: v.boolean(),
});

/** `base` with the entries `given` names replaced (an absent or undefined entry keeps its value). */
function overlay<K extends string, T>(
  base: Record<K, T>,
  given: Partial<Record<K, T | undefined>> | undefined,
) {
  const out = { ...base };
  for (const [key, value] of Object.entries(given ?? {}) as [K, T | undefined][])
    if (value !== undefined) out[key] = value;
  return out;
}

/** `current` with the parts `input` gives replaced (a type's choice is replaced whole). */
export function mergeMapping(current: AccountingMapping, input: MappingInput): AccountingMapping {
  return {
    invoiceTypes: overlay(current.invoiceTypes, input.invoiceTypes),
    tax: input.tax ?? current.tax,
    expenseTypes: overlay(current.expenseTypes, input.expenseTypes),
    depositAccount: input.depositAccount ?? current.depositAccount,
    payFromAccount: input.payFromAccount ?? current.payFromAccount,
    classes: input.classes ?? current.classes,
  };
}

/**
 * A stored mapping read back: the defaults fill what an older stored mapping lacks (a type added later), and
 * replace a DEPOSIT or tax choice kept before they had to be liabilities (money held is never income).
 */
export function mappingOf(stored: unknown): AccountingMapping {
  const parsed = v.safeParse(storedMapping, stored ?? {});
  if (!parsed.success) return DEFAULT_MAPPING;
  const merged = mergeMapping(DEFAULT_MAPPING, parsed.output);
  const held = (choice: ItemChoice, fallback: ItemChoice) =>
    choice.account.type === LIABILITY_TYPE ? choice : fallback;
  return {
    ...merged,
    invoiceTypes: {
      ...merged.invoiceTypes,
      DEPOSIT: held(merged.invoiceTypes.DEPOSIT, DEFAULT_MAPPING.invoiceTypes.DEPOSIT),
    },
    tax: held(merged.tax, DEFAULT_MAPPING.tax),
  };
}
