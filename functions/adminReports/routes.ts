/**
 * Admin reports (spec "Admin reports (controller adminReports, read-only; roles super_admin, svc_rep)") and,
 * beyond the spec, the owner statement (DESIGN.md "Owner statement"), which a landlord may read for their own
 * properties. docs/reports.md has the rules and the reads.
 */
import * as v from 'valibot';
import { READ_ROLES, STAFF_READ_ROLES } from '../../shared/auth/roles.js';
import { defineRoute } from '../../shared/http/route.js';
import { intLike, isoDate, isoMonth } from '../../shared/http/schemas.js';

const group = 'adminReports';
const base = '/API/adminReports/V1';
const tags = ['Admin reports'];

const rangeQuery = {
  dateFrom: v.pipe(isoDate, v.description('First day of the range (site date YYYY-MM-DD), included')),
  dateTo: v.pipe(isoDate, v.description('Last day of the range, included; on or after dateFrom')),
};

export const incomeReport = v.object({
  dateFrom: v.string(),
  dateTo: v.string(),
  propertyId: v.nullable(v.number()),
  totalIncome: v.pipe(
    v.number(),
    v.description(
      'Settled incoming payments in the range less refunds, in the site currency; security deposits aside (held for the tenant, not income)',
    ),
  ),
  transactionCount: v.pipe(v.number(), v.description('Settled incoming payments and refunds counted')),
  refunds: v.pipe(v.number(), v.description('What the refunds in the range gave back (already deducted)')),
  refundCount: v.number(),
  depositsReceived: v.pipe(
    v.number(),
    v.description('Payments on DEPOSIT invoices in the range: deposits held, not income'),
  ),
  depositsReturned: v.pipe(v.number(), v.description('Refunds on DEPOSIT invoices in the range')),
  depositCount: v.pipe(v.number(), v.description('Deposit payments and refunds in the range')),
});

export const occupancyRow = v.object({
  propertyId: v.number(),
  name: v.string(),
  units: v.number(),
  reservations: v.pipe(v.number(), v.description('Confirmed stays checking out in the range')),
  nights: v.pipe(v.number(), v.description('Their nights, each stay counted whole')),
  totalPrice: v.pipe(v.number(), v.description('What those stays were booked for')),
});

export const occupancyReport = v.object({
  dateFrom: v.string(),
  dateTo: v.string(),
  propertyId: v.nullable(v.number()),
  items: v.array(occupancyRow),
  totalNights: v.number(),
  totalReservations: v.number(),
});

const money = (description: string) => v.pipe(v.number(), v.description(description));

export const statementLine = v.object({
  date: v.pipe(v.string(), v.description('The accounting day (site date)')),
  category: v.pipe(
    v.picklist(['income', 'expense', 'fee', 'payout']),
    v.description('income, expense, fee (management fee and other charges to the owner) or payout'),
  ),
  description: v.pipe(
    v.string(),
    v.description('What it was: the document’s first line, its type and number'),
  ),
  party: v.pipe(v.string(), v.description('The tenant, vendor or owner, by name')),
  amount: money('As the category counts it (received, paid out, charged); a refund or reversal is negative'),
  documentType: v.picklist(['invoice', 'expense']),
  documentId: v.number(),
  paymentId: v.nullable(v.number()),
  base: v.optional(money('A management fee’s line: the income it was charged on')),
  rule: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'A management fee’s line: its rule and base in words (`10% of income collected 1,450.00`)',
      ),
    ),
  ),
});

export const heldLine = v.object({
  date: v.pipe(v.string(), v.description('The accounting day (site date)')),
  movement: v.pipe(
    v.picklist(['received', 'returned', 'collected', 'refunded']),
    v.description('Deposits: received or returned; tax: collected or refunded'),
  ),
  description: v.string(),
  party: v.pipe(v.string(), v.description('The tenant, by name')),
  amount: money('In (+) or out (−)'),
  documentType: v.picklist(['invoice', 'expense']),
  documentId: v.number(),
  paymentId: v.nullable(v.number()),
});

const depositFigures = {
  openingHeld: money('Deposits held at the start of the month'),
  received: money('Deposit money received in the month'),
  applied: money(
    'Deposits applied to what a tenant owes (a payment from the deposit; nothing applies one yet: 0)',
  ),
  returned: money('Deposit money returned to tenants in the month (refunds of DEPOSIT invoices)'),
  heldAtMonthEnd: money('openingHeld + received − applied − returned'),
};

const taxFigures = {
  openingHeld: money('Tax collected and held at the start of the month'),
  collected: money('Tax collected in the month (the occupancy tax of stays), less what refunds gave back'),
  remitted: money('Paid to the tax authority in the month (nothing records a remittance yet: 0)'),
  heldAtMonthEnd: money('openingHeld + collected − remitted: held by the business for remittance'),
};

export const openDocuments = v.object({
  total: money('What they still owe, in all'),
  items: v.array(
    v.object({
      documentType: v.picklist(['invoice', 'expense']),
      documentId: v.number(),
      date: v.string(),
      dueDate: v.string(),
      description: v.string(),
      party: v.pipe(v.string(), v.description('The vendor or tenant, by name')),
      amountDue: money('What is still due, as of the statement date'),
    }),
  ),
});

const accountFigures = {
  openingBalance: money('What the business held for the owner at the start of the month'),
  income: money(
    'Payments received on the property’s invoices less refunds (OWNER invoices aside), without the deposits and the tax in them',
  ),
  expenses: money('Payments made on the property’s expenses less refunds (OWNER expenses aside)'),
  managementFee: money(
    'OWNER invoices to the landlord posted in the month (the management fee), less reversals',
  ),
  payouts: money('Paid to the owner (OWNER expenses) less what the owner paid in'),
  closingBalance: money('openingBalance + income − expenses − managementFee − payouts'),
  net: money('income − expenses'),
};

export const statementRow = v.object({
  propertyId: v.number(),
  name: v.string(),
  type: v.string(),
  managementFeePercent: money('The property’s fee percent (its own, else the site’s managementFeePercent)'),
  feeCharged: v.pipe(
    v.boolean(),
    v.description('Whether the month is closed: its management fee is charged'),
  ),
  ...accountFigures,
  transactions: v.pipe(v.number(), v.description('Journal entries that moved money')),
  lines: v.array(statementLine),
  managementFeeMinimum: v.pipe(
    v.nullable(v.number()),
    v.description('The least fee of a month by the property’s terms (null: none)'),
  ),
  managementFeeBase: v.pipe(
    v.nullable(v.number()),
    v.description('The income the month’s fee was charged on (null until the month is closed)'),
  ),
  managementFeeRule: v.pipe(
    v.nullable(v.string()),
    v.description('The month’s fee rule and base in words (null until the month is closed)'),
  ),
  deposits: v.pipe(
    v.object({ ...depositFigures, lines: v.array(heldLine) }),
    v.description('Security deposits held for the tenants: never income, never in the management fee’s base'),
  ),
  occupancyTax: v.pipe(
    v.object({ ...taxFigures, lines: v.array(heldLine) }),
    v.description('Tax collected on the property’s invoices: never income, no fee on it'),
  ),
  reserve: money('The property’s owner reserve (0: none)'),
  reserveHeld: money('What of the closing balance the reserve keeps (at most the balance, never below 0)'),
  availableForPayout: money('closingBalance − reserveHeld'),
  unpaidBills: v.pipe(
    openDocuments,
    v.description('The property’s bills dated up to the month’s end not paid, as of the statement date'),
  ),
  unpaidRent: v.pipe(
    openDocuments,
    v.description('The property’s rent due by the month’s end not yet paid, as of the statement date'),
  ),
});

export const ownerStatementReport = v.object({
  month: v.string(),
  dateFrom: v.string(),
  dateTo: v.string(),
  statementDate: v.pipe(
    v.string(),
    v.description('The day the statement was made (site date): what the open bills and rent are as of'),
  ),
  landlord: v.number(),
  landlordName: v.string(),
  landlordAddress: v.pipe(
    v.string(),
    v.description('The landlord’s mailing address (admin profile adminAddress; "" when none is on file)'),
  ),
  items: v.array(statementRow),
  totals: v.object({
    ...accountFigures,
    deposits: v.object(depositFigures),
    occupancyTax: v.object(taxFigures),
    reserveHeld: v.number(),
    availableForPayout: v.number(),
    unpaidBills: v.number(),
    unpaidRent: v.number(),
  }),
});

export const income = defineRoute({
  id: 'adminReports.income',
  group,
  tags,
  method: 'GET',
  path: `${base}/income.json`,
  summary: 'Income: settled incoming payments in a date range, refunds deducted',
  description:
    'dateFrom and dateTo (both required, both included) bound the day each payment settled; propertyId narrows to one property’s invoices. Reads the payments of the range only.',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  query: v.object({ ...rangeQuery, propertyId: v.optional(intLike(1)) }),
  response: incomeReport,
  errors: {
    400: 'missing or bad dates, dateTo before dateFrom, or no such property',
    401: 'no admin session',
    403: 'wrong role (landlords and housekeepers)',
  },
});

export const occupancy = defineRoute({
  id: 'adminReports.occupancy',
  group,
  tags,
  method: 'GET',
  path: `${base}/occupancy.json`,
  summary: 'Occupancy per VR property: confirmed stays checking out in a date range and their nights',
  description:
    'dateFrom and dateTo (both required, both included) bound the stay’s check-out date; propertyId narrows to one VR property. Confirmed stays only: blocks, pending and cancelled reservations are not counted.',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  query: v.object({ ...rangeQuery, propertyId: v.optional(intLike(1)) }),
  response: occupancyReport,
  errors: {
    400: 'missing or bad dates, dateTo before dateFrom, or propertyId not a VR property',
    401: 'no admin session',
    403: 'wrong role (landlords and housekeepers)',
  },
});

const statementQuery = v.object({
  month: v.pipe(isoMonth, v.description('The month, YYYY-MM (site dates)')),
  landlord: v.optional(v.pipe(intLike(1), v.description('The landlord’s adminId'))),
});

const statementErrors = {
  400: 'bad month, landlord missing (staff), or not a landlord',
  401: 'no admin session',
  403: 'wrong role, or a landlord asking for another landlord’s statement',
};

export const ownerStatement = defineRoute({
  id: 'adminReports.ownerStatement',
  group,
  tags,
  method: 'GET',
  path: `${base}/ownerStatement.json`,
  summary:
    'Owner statement: per property of a landlord and in total, one month’s opening balance, income and expense lines, management fee, payouts and closing balance',
  description:
    'month YYYY-MM (required). A landlord reads their own statement (landlord may be left out or must be them); super_admin and svc_rep name the landlord (required). The owner by name with their mailing address, the statement date and the period. From the journal: the opening balance, every payment and refund received or made on the properties’ invoices and expenses (date, what, tenant or vendor, amount), the management fee with its base and rule (OWNER invoices to the landlord, charged when the month is closed; none in a month without income unless the property sets a minimum), payouts to the owner (OWNER expenses) and the closing balance: opening + income − expenses − managementFee − payouts. Held apart, never income and never in the fee: the tenants’ security deposits (received, applied, returned, held at month end) and the tax collected on stays (collected, remitted, held). Also the reserve kept of the balance and what is available for payout, and, as of the statement date, the bills not paid and the rent not yet paid.',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec:
    'DESIGN.md "Decisions on what the spec leaves open" (Owner statement) and "Paths of what we add beyond the spec" (adminReports ownerStatement.json).',
  query: statementQuery,
  response: ownerStatementReport,
  errors: statementErrors,
});

export const ownerStatementPdf = defineRoute({
  id: 'adminReports.ownerStatementPdf',
  group,
  tags,
  method: 'GET',
  path: `${base}/ownerStatement.pdf`,
  summary: 'Owner statement as a PDF: the same month, landlord and figures as ownerStatement.json',
  description:
    'The same query, roles and rules as ownerStatement.json, and the same figures, laid out for reading: the business name, the landlord with their address, the statement date and the month, a summary row per property (opening balance, income, expenses, fee, payouts, closing balance) with the totals and what is held apart and open, then each property’s lines by category (each fee with its base and rule), its deposits and tax held, its unpaid bills and rent not yet paid, in the site currency with two decimals; long texts wrap, never cut. Answered inline as `owner-statement-<landlord>-<month>.pdf`. Send `Accept: application/pdf`: the deployed API returns the bytes when the first Accept type is a binary media type.',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec:
    'DESIGN.md "Messages to people" and "Paths of what we add beyond the spec" (adminReports ownerStatement.pdf).',
  query: statementQuery,
  binaryResponse: 'application/pdf',
  errors: statementErrors,
});

export const routes = [income, occupancy, ownerStatement, ownerStatementPdf];
