/**
 * The reads of the admin reports (docs/reports.md), each a key range of an index, so a report reads what is
 * in its range and never the table:
 * - I5 settled payments by day (`PAYMENTS#settled` / `<date>#<pad paymentId>`), or one property's
 *   (`PROPPAY#<propertyId>` on GSI2): the income report;
 * - the journal of one property by day (`PROPLEDGER#<propertyId>` on GSI3): the owner statement.
 * The occupancy report reads R2 through reservations-repo (a property's stays by check-out).
 * Payments come back projected to what the report sums (the indexes project ALL; the projection only trims
 * the answer, not the read).
 */
import { queryPartition } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import type { SettledPayment } from '../domain/reports/income.js';
import type { StatementEntry } from '../domain/reports/owner-statement.js';
import { type DayRange, dateKeyRange } from '../domain/reports/period.js';

// TODO(H1 keys): the money contract's index partitions; replaced by shared/db/keys.ts builders once committed.
const indexKeys = {
  settledPayments: () => 'PAYMENTS#settled',
  paymentsByProperty: (propertyId: number) => `PROPPAY#${propertyId}`,
  ledgerByProperty: (propertyId: number) => `PROPLEDGER#${propertyId}`,
};

const PAYMENT_FIELDS = {
  '#id': 'paymentId',
  '#dir': 'direction',
  '#amt': 'amountCents',
  '#date': 'date',
  '#prop': 'propertyId',
};

/**
 * I5: the settled incoming payments (refunds included, as negative amounts) whose settled day is in the range;
 * with a property, that property's only (GSI2). Money paid out on expenses shares the index and is filtered
 * out by DynamoDB (still read: the read is the payments of the range, both ways).
 */
export async function incomingPayments(range: DayRange, propertyId?: number): Promise<SettledPayment[]> {
  const items = await queryPartition({
    ...(propertyId === undefined
      ? { index: INDEX.gsi1, pk: indexKeys.settledPayments() }
      : { index: INDEX.gsi2, pk: indexKeys.paymentsByProperty(propertyId) }),
    sk: { between: dateKeyRange(range) },
    filter: { expression: '#dir = :in', names: PAYMENT_FIELDS, values: { ':in': 'in' } },
    projection: '#id, #dir, #amt, #date, #prop',
  });
  return items.map((item) => ({
    paymentId: Number(item.paymentId),
    direction: item.direction as SettledPayment['direction'],
    amountCents: Number(item.amountCents),
    date: String(item.date),
    propertyId: item.propertyId === null || item.propertyId === undefined ? null : Number(item.propertyId),
  }));
}

/** The journal entries of one property whose day is in the range (GSI3 `PROPLEDGER#<propertyId>`). */
export async function propertyJournal(propertyId: number, range: DayRange): Promise<StatementEntry[]> {
  const items = await queryPartition({
    index: INDEX.gsi3,
    pk: indexKeys.ledgerByProperty(propertyId),
    sk: { between: dateKeyRange(range) },
  });
  return items.map((item) => ({
    entryId: Number(item.entryId),
    kind: String(item.kind),
    date: String(item.date),
    documentType: item.documentType as StatementEntry['documentType'],
    documentId: Number(item.documentId),
    propertyId: item.propertyId === null || item.propertyId === undefined ? null : Number(item.propertyId),
    lines: (item.lines ?? []) as StatementEntry['lines'],
  }));
}
