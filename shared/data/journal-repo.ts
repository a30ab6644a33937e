/**
 * Journal entries (docs/data-model.md I6; docs/money.md): one item per entry in its document's partition
 * (`SK=JOURNAL#<pad entryId>`), with its balanced lines; when the document has a property the entry carries
 * `GSI3PK=PROPLEDGER#<propertyId>`, `GSI3SK=<date>#<pad entryId>`, so the owner statement reads a
 * property's month as one key range. Entries are never changed or deleted: a cancel writes a reversal.
 */
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import {
  type DocumentType,
  isBalanced,
  type JournalEntryRecord,
  UnbalancedEntry,
} from '../domain/ledger/journal.js';

/** `put:journal <entryId>`; refuses (throws) an entry that does not balance, before anything is sent. */
export function insertJournalEntryPart(e: JournalEntryRecord): TxPart {
  if (!isBalanced(e.lines)) throw new UnbalancedEntry(`journal entry ${e.entryId} does not balance`);
  return part.putIfAbsent(`put:journal ${e.entryId}`, {
    ...keys.journalEntry(e.documentType, e.documentId, e.entryId),
    entity: 'journal',
    ...e,
    ...(e.propertyId === null
      ? {}
      : {
          GSI3PK: indexKeys.ledgerByProperty(e.propertyId),
          GSI3SK: indexKeys.ledgerOrder(e.date, e.entryId),
        }),
  });
}

/** The label of the deposit migration's mark: its condition failing means the invoice was migrated before. */
export const DEPOSIT_MIGRATION_LABEL = 'put:deposit migration';

/** `put:deposit migration <invoiceId>`: the invoice's mark that its deposit entries were re-posted (once). */
export const depositMigrationMarkPart = (invoiceId: number, now: Date): TxPart =>
  part.putIfAbsent(`${DEPOSIT_MIGRATION_LABEL} ${invoiceId}`, {
    ...keys.depositMigrationMark(invoiceId),
    entity: 'migration',
    migratedAt: now.toISOString(),
  });

export const journalEntryFromItem = (item: Item): JournalEntryRecord => stripKeys<JournalEntryRecord>(item);

/** I6: a document's journal, oldest first. */
export async function journalOf(
  documentType: DocumentType,
  documentId: number,
): Promise<JournalEntryRecord[]> {
  const { PK } = keys.moneyDocument(documentType, documentId);
  const items = await queryPartition({ pk: PK, sk: { beginsWith: keys.journalPrefix } });
  return items.map(journalEntryFromItem);
}

/** The owner statement's read: a property's entries from `from` to `to` (inclusive dates). */
export async function propertyLedgerBetween(
  propertyId: number,
  from: string,
  to: string,
): Promise<JournalEntryRecord[]> {
  const items = await queryPartition({
    index: 'GSI3',
    pk: indexKeys.ledgerByProperty(propertyId),
    sk: { between: [`${from}#`, `${to}#~`] },
  });
  return items.map(journalEntryFromItem);
}
