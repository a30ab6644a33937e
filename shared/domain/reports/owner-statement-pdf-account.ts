/**
 * One property's account in the owner statement PDF (owner-statement-pdf.ts): its opening balance, every line
 * of the month by category (date, what, tenant or vendor, amount) with the category's total, each management
 * fee line with its base and rule, the closing balance with the reserve held and what may be paid out; then
 * what the business holds apart for the property (the tenants' deposits, the tax collected) and what is still
 * open as of the statement date (bills not paid, rent not yet paid). Long texts wrap in their column.
 */
import type { StatementCategory } from './owner-account.js';
import type {
  HeldLine,
  OpenDocuments,
  OwnerStatement,
  StatementLine,
  StatementRow,
  StatementTotals,
} from './owner-statement.js';
import { PAGE, RIGHT, ROW, type Writer } from './pdf-writer.js';
import { formatAmount, formatPercent } from './statement-format.js';

export interface StatementLetterhead {
  /** The business that sends the statement (settings `businessName`, else `siteName`). */
  businessName: string;
  /** The site currency (settings `paymentCurrency`), an ISO code shown beside the amounts. */
  currency: string;
  /** The day of the next month the month is closed and its fee charged (settings `ownerStatementDay`). */
  ownerStatementDay: number;
}

/** A property's lines: date, what, tenant or vendor, amount (right-aligned). */
const LINES = { date: PAGE.margin, what: 112, party: 380, amount: RIGHT } as const;
const WHAT_WIDTH = LINES.party - LINES.what - 8;
const PARTY_WIDTH = LINES.amount - 60 - LINES.party;

const CATEGORY_TITLES: Record<StatementCategory, { title: string; total: string }> = {
  income: { title: 'Income', total: 'Total income' },
  expense: { title: 'Expenses', total: 'Total expenses' },
  fee: { title: 'Management fee', total: 'Total management fee' },
  payout: { title: 'Payouts to the owner', total: 'Total payouts' },
};

const CATEGORY_FIGURE: Record<StatementCategory, keyof StatementTotals> = {
  income: 'income',
  expense: 'expenses',
  fee: 'managementFee',
  payout: 'payouts',
};

/** A dated line: date, what, who, amount; the what and who wrap in their columns. */
function lineRow(
  w: Writer,
  line: Pick<StatementLine, 'date' | 'description' | 'party' | 'amount'>,
  continued: () => void,
) {
  w.row(
    [
      { text: line.date, x: LINES.date },
      { text: line.description, x: LINES.what, width: WHAT_WIDTH },
      { text: line.party, x: LINES.party, width: PARTY_WIDTH },
      { text: formatAmount(line.amount), x: LINES.amount, right: true },
    ],
    continued,
  );
}

/** A text under the lines' "what" column (grey: a note), wrapped. */
function note(w: Writer, text: string, continued: () => void) {
  w.row([{ text, x: LINES.what, width: RIGHT - LINES.what, grey: true }], continued);
}

/** A label under the "what" column and its amount. */
function total(w: Writer, label: string, amount: number, continued: () => void, bold = false) {
  w.row(
    [
      { text: label, x: LINES.what, width: LINES.amount - 60 - LINES.what, bold },
      { text: formatAmount(amount), x: RIGHT, right: true, bold },
    ],
    continued,
  );
}

function title(w: Writer, text: string, continued: () => void) {
  if (w.ensure(3)) continued();
  w.down(4);
  w.row([{ text, x: PAGE.margin, width: RIGHT - PAGE.margin, bold: true }], continued);
}

/** One category of a property's account: its lines (or a word that there are none) and their total. */
function categoryBlock(
  w: Writer,
  item: StatementRow,
  category: StatementCategory,
  continued: () => void,
  letterhead: StatementLetterhead,
): void {
  const lines = item.lines.filter((l) => l.category === category);
  const words = CATEGORY_TITLES[category];
  title(
    w,
    category === 'fee' ? `${words.title} (${formatPercent(item.managementFeePercent)})` : words.title,
    continued,
  );
  if (lines.length === 0) {
    const none =
      category !== 'fee'
        ? 'None.'
        : !item.feeCharged
          ? `Charged when the month is closed, on day ${letterhead.ownerStatementDay} of the next month.`
          : item.managementFeeRule
            ? `${item.managementFeeRule.charAt(0).toUpperCase()}${item.managementFeeRule.slice(1)}.`
            : 'None.';
    note(w, none, continued);
    return;
  }
  for (const line of lines) {
    lineRow(w, line, continued);
    // A fee line says what it was charged on, when its own words do not (a fee charged before they did).
    if (line.rule && !line.description.includes(line.rule))
      note(w, `Charged on ${formatAmount(line.base ?? 0)}: ${line.rule}`, continued);
  }
  total(w, words.total, item[CATEGORY_FIGURE[category]], continued);
}

/** Money held apart for the property (deposits or tax): its lines and figures, when there is any. */
function heldBlock(
  w: Writer,
  heading: string,
  held: { openingHeld: number; heldAtMonthEnd: number; lines: HeldLine[] },
  figures: readonly [string, number][],
  continued: () => void,
): void {
  if (held.openingHeld === 0 && held.heldAtMonthEnd === 0 && held.lines.length === 0) return;
  title(w, heading, continued);
  total(w, 'Held at the start of the month', held.openingHeld, continued);
  for (const line of held.lines) lineRow(w, line, continued);
  for (const [label, amount] of figures) total(w, label, amount, continued);
  total(w, 'Held at month end', held.heldAtMonthEnd, continued, true);
}

/** Documents still open as of the statement date (bills, rent), when there are any. */
function openBlock(w: Writer, heading: string, open: OpenDocuments, continued: () => void): void {
  if (open.items.length === 0) return;
  title(w, heading, continued);
  for (const item of open.items)
    lineRow(
      w,
      {
        date: item.dueDate,
        description: `${item.description}, dated ${item.date}`,
        party: item.party,
        amount: item.amountDue,
      },
      continued,
    );
  total(w, 'Total still due', open.total, continued);
}

/** One property's account: opening balance, the lines by category, closing balance, then held and open. */
export function propertyAccount(
  w: Writer,
  statement: OwnerStatement,
  item: StatementRow,
  letterhead: StatementLetterhead,
): void {
  const name = `${item.name} (${item.type.toUpperCase()})`;
  const heading = (continued: boolean) => {
    w.row([
      {
        text: continued ? `${name}, continued` : name,
        x: PAGE.margin,
        width: RIGHT - PAGE.margin,
        size: 11,
        bold: true,
      },
    ]);
    w.down(2);
  };
  const continued = () => heading(true);
  const balance = (label: string, amount: number) =>
    w.row(
      [
        { text: label, x: PAGE.margin, bold: true },
        { text: formatAmount(amount), x: RIGHT, right: true, bold: true },
      ],
      continued,
    );
  w.ensure(6);
  heading(false);
  balance('Opening balance', item.openingBalance);
  for (const category of Object.keys(CATEGORY_TITLES) as StatementCategory[])
    categoryBlock(w, item, category, continued, letterhead);
  if (w.ensure(2)) continued();
  w.down(4);
  w.rule();
  balance('Closing balance', item.closingBalance);
  if (item.reserve > 0) {
    total(w, `Reserve kept (${formatAmount(item.reserve)})`, item.reserveHeld, continued);
    total(w, 'Available for payout', item.availableForPayout, continued, true);
  }
  const d = item.deposits;
  heldBlock(
    w,
    'Security deposits held for tenants (not income)',
    d,
    [
      ['Received', d.received],
      ['Applied to what tenants owe', d.applied],
      ['Returned', d.returned],
    ],
    continued,
  );
  const t = item.occupancyTax;
  heldBlock(
    w,
    'Occupancy tax collected (not income, no fee on it)',
    t,
    [
      ['Collected', t.collected],
      ['Remitted to the tax authority', t.remitted],
    ],
    continued,
  );
  openBlock(w, `Unpaid bills as of ${statement.statementDate}`, item.unpaidBills, continued);
  openBlock(w, `Rent not yet paid as of ${statement.statementDate}`, item.unpaidRent, continued);
  w.down(ROW);
}
