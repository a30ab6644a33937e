/**
 * The one-time deposit migration (docs/money.md "The deposit migration"): a store made before the journal had
 * its depositsHeld liability posted every DEPOSIT invoice's subtotal to revenue, and its owner accounts counted
 * a deposit's cash as the owner's balance. For each DEPOSIT invoice, ONE transaction:
 * - a `reclassified` entry for each of its entries that moved revenue (Dr revenue / Cr depositsHeld, dated the
 *   entry's own day, so the journal of every day after reads right);
 * - per month, the owner account's cash row corrected for the deposit's cash entries written before they kept
 *   `depositCents`: taken out of the owner's balance, held as a deposit;
 * - the invoice's mark, put if absent: a second run (or a rival run at once) finds it and changes nothing;
 * - a check that the invoice's header is still at the version read: a rival change (a type change, a cancel)
 *   makes it read again.
 * Entries written since the liability exists carry `depositCents` and post to depositsHeld: none is touched.
 */
import {
  DEPOSIT_MIGRATION_LABEL,
  depositMigrationMarkPart,
  journalEntryFromItem,
} from '../../data/journal-repo.js';
import {
  documentChanged,
  headerUnchangedPart,
  invoicePagesOfType,
  readDocument,
} from '../../data/money-documents-repo.js';
import { type CashMove, cashRowPart } from '../../data/owner-account-repo.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import { balances, DEPOSIT_TYPE, type JournalEntryRecord } from '../../domain/ledger/journal.js';
import { type JournalDocument, newJournalEntryId, reclassificationParts } from './posting.js';

export interface DepositMigrationResult {
  /** DEPOSIT invoices looked at. */
  invoices: number;
  /** Of them, the ones this run re-posted (0 on a second run). */
  migrated: number;
  /** Reclassification entries written. */
  reclassified: number;
  /** Cash entries whose owner account was corrected. */
  cashEntries: number;
}

const netCash = (e: JournalEntryRecord) =>
  e.lines.reduce((t, l) => (l.account === 'cash' ? t + l.debitCents - l.creditCents : t), 0);

/**
 * What the owner account counted of the invoice's old cash entries and must now hold apart, per month: an
 * entry written as a DEPOSIT's was in the owner's balance (taken out); one written before entries kept their
 * document's type was in no row (only held). Entries with `depositCents` are the new ledger's: none.
 */
function cashCorrections(entries: readonly JournalEntryRecord[]): {
  moves: Map<string, CashMove>;
  count: number;
} {
  const moves = new Map<string, CashMove>();
  let count = 0;
  for (const e of entries) {
    if (e.propertyId === null || e.depositCents !== undefined) continue;
    if (e.documentKind !== undefined && e.documentKind !== DEPOSIT_TYPE) continue;
    const cash = netCash(e);
    if (!e.lines.some((l) => l.account === 'cash') || cash === 0) continue;
    const month = e.date.slice(0, 7);
    const move = moves.get(month) ?? { balanceCents: 0, feeBaseCents: 0, depositCents: 0, taxCents: 0 };
    if (e.documentKind === DEPOSIT_TYPE) move.balanceCents -= cash;
    move.depositCents += cash;
    moves.set(month, move);
    count += 1;
  }
  return { moves, count };
}

/**
 * The `reclassified` entries of the invoice's entries that moved revenue, each dated its entry's day; none when
 * nothing is in revenue (every posting since the liability exists, or a type change moved it already).
 */
async function reclassified(journal: JournalDocument, entries: readonly JournalEntryRecord[], now: Date) {
  if ((balances(entries).get('revenue') ?? 0) === 0) return [];
  const parts: TxPart[] = [];
  for (const entry of entries) {
    if (!entry.lines.some((l) => l.account === 'revenue')) continue;
    const move = { entryId: await newJournalEntryId(), date: entry.date, now };
    parts.push(...reclassificationParts(journal, [entry], move));
  }
  return parts;
}

/** One DEPOSIT invoice re-posted; what it did, or undefined when it was migrated before. */
async function migrateInvoice(invoiceId: number, now: Date) {
  return retryStale(`invoice ${invoiceId}`, async () => {
    const doc = await readDocument('invoice', invoiceId, { consistent: true });
    if (!doc || doc.record.description !== DEPOSIT_TYPE) return undefined;
    const { propertyId } = doc.record;
    const entries = doc.journal.map(journalEntryFromItem);
    const journal: JournalDocument = {
      documentType: 'invoice',
      documentId: invoiceId,
      documentKind: DEPOSIT_TYPE,
      propertyId,
    };
    const moved = await reclassified(journal, entries, now);
    const cash = cashCorrections(entries);
    const rows =
      propertyId === null
        ? []
        : [...cash.moves].map(([month, move]) => cashRowPart(propertyId, month, move, 0));
    try {
      await commit([
        headerUnchangedPart({ type: 'invoice', id: invoiceId, version: doc.version }),
        ...moved,
        ...rows,
        depositMigrationMarkPart(invoiceId, now),
      ]);
    } catch (error) {
      if (error instanceof TransactionFailed && error.conditionFailed(DEPOSIT_MIGRATION_LABEL))
        return undefined;
      if (documentChanged(error, 'invoice')) throw new StaleRecord();
      throw error;
    }
    return { reclassified: moved.length, cashEntries: cash.count };
  });
}

/**
 * Re-posts every DEPOSIT invoice of the store that was not migrated yet (the invoices by date, I2, page by
 * page, filtered to DEPOSITs). Safe to run again and at the same time as another run or as live traffic.
 */
export async function migrateDeposits(now: Date): Promise<DepositMigrationResult> {
  const result: DepositMigrationResult = { invoices: 0, migrated: 0, reclassified: 0, cashEntries: 0 };
  for await (const page of invoicePagesOfType(DEPOSIT_TYPE))
    for (const invoice of page) {
      result.invoices += 1;
      const done = await migrateInvoice(invoice.invoiceId, now);
      if (!done) continue;
      result.migrated += 1;
      result.reclassified += done.reclassified;
      result.cashEntries += done.cashEntries;
    }
  return result;
}
