/**
 * The words and lines of the owner statement (owner-statement.ts): what a line says of its document (its title
 * or first line, its kind and number, a refund or reversal by what it is), the lines of money held apart (a
 * deposit, a tax), and the documents still open as of the statement date.
 */
import { toAmount } from '../money.js';
import { documentKindWords } from '../money-document/words.js';
import type { StatementCategory } from './owner-account.js';
import type {
  DocumentFacts,
  HeldLine,
  OpenDocument,
  OpenDocuments,
  StatementEntry,
} from './owner-statement-types.js';

/** What a negative amount of a category is. */
const NEGATIVE_PREFIX: Record<StatementCategory, string> = {
  income: 'Refund: ',
  expense: 'Refunded to us: ',
  fee: 'Reversed: ',
  payout: 'From the owner: ',
};

/**
 * `Rent for May 2031 (rent invoice 12)`, `Fix leaking tap (service expense 2)`, `Refund: 3 nights (booking
 * invoice 2)`: the document's title when it names its month, else its first line, and its kind and number.
 */
export function lineDescription(
  category: StatementCategory,
  amountCents: number,
  entry: Pick<StatementEntry, 'documentType' | 'documentId'>,
  documentKind: string,
  facts: Pick<DocumentFacts, 'firstLine' | 'title' | 'kindWords'>,
): string {
  const kind = facts.kindWords ?? documentKindWords(entry.documentType, { description: documentKind });
  const document = `${kind ? `${kind} ` : ''}${entry.documentType} ${entry.documentId}`;
  const what = facts.title?.trim() || facts.firstLine.trim();
  const prefix = amountCents < 0 ? NEGATIVE_PREFIX[category] : '';
  return what
    ? `${prefix}${what} (${document})`
    : `${prefix}${document.charAt(0).toUpperCase()}${document.slice(1)}`;
}

/** A held movement's line (a deposit received or returned, tax collected or refunded). */
export function heldLine(
  entry: StatementEntry,
  cents: number,
  movement: HeldLine['movement'],
  description: string,
  party: string,
): HeldLine {
  return {
    date: entry.date,
    movement,
    description,
    party,
    amount: toAmount(cents),
    documentType: entry.documentType,
    documentId: entry.documentId,
    paymentId: entry.paymentId ?? null,
  };
}

/** The open documents' view and their total, in cents. */
export function openOf(items: readonly OpenDocument[] | undefined): { view: OpenDocuments; cents: number } {
  const list = [...(items ?? [])].sort((a, b) =>
    a.date === b.date ? a.documentId - b.documentId : a.date < b.date ? -1 : 1,
  );
  const cents = list.reduce((t, d) => t + d.dueCents, 0);
  return {
    cents,
    view: {
      total: toAmount(cents),
      items: list.map((d) => ({
        documentType: d.documentType,
        documentId: d.documentId,
        date: d.date,
        dueDate: d.dueDate,
        description: d.description,
        party: d.party,
        amountDue: toAmount(d.dueCents),
      })),
    },
  };
}
