/**
 * The owner account of a property (docs/data-model.md O1; shared/domain/reports/owner-account.ts): what the
 * owner statement needs to open a month without reading the journal's history. Written in the transaction of
 * the journal entry it follows, so the account and the journal never disagree:
 * - `<YYYY-MM>#cash`: ADD of each cash entry's effect on the balance, on the fee base and on what is held apart
 *   from the owner's money (deposits, tax collected) (one cash entry per transaction: a settlement writes one
 *   payment);
 * - `<YYYY-MM>#charge#<pad entryId>`: each charge to the owner (an OWNER invoice posted or reversed) on its own,
 *   so two in one transaction never touch the same item;
 * - `<YYYY-MM>#fee`: the month's management fee once charged, put if absent: the month is charged once.
 */
import { keys } from '../db/keys.js';
import { queryPartition, stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import type { JournalEntryRecord } from '../domain/ledger/journal.js';
import { type AccountRow, ownerEffect } from '../domain/reports/owner-account.js';

const monthOf = (date: string) => date.slice(0, 7);

/**
 * The account's part of a journal entry: none when the entry has no property, no document type (written
 * by a caller that does not name it) or does nothing to the owner's account.
 */
export function ownerAccountParts(entry: JournalEntryRecord): TxPart[] {
  if (entry.propertyId === null || entry.documentKind === undefined) return [];
  const effect = ownerEffect({
    documentType: entry.documentType,
    documentKind: entry.documentKind,
    lines: entry.lines,
    taxShareCents: entry.taxShareCents,
    depositCents: entry.depositCents,
  });
  if (!effect) return [];
  const month = monthOf(entry.date);
  if (effect.movesCash)
    return effect.balanceCents === 0 && effect.depositCents === 0 && effect.taxCents === 0
      ? []
      : [
          cashRowPart(entry.propertyId, month, {
            balanceCents: effect.balanceCents,
            feeBaseCents: effect.feeBaseCents,
            depositCents: effect.depositCents,
            taxCents: effect.taxCents,
          }),
        ];
  if (effect.balanceCents === 0) return [];
  return [
    part.putIfAbsent(`put:owner account ${entry.propertyId} charge ${entry.entryId}`, {
      ...keys.ownerAccountCharge(entry.propertyId, month, entry.entryId),
      entity: 'ownerAccount',
      month,
      entryId: entry.entryId,
      balanceCents: effect.balanceCents,
    }),
  ];
}

/** What a cash entry adds to its month's cash row. */
export interface CashMove {
  balanceCents: number;
  feeBaseCents: number;
  depositCents: number;
  taxCents: number;
}

/**
 * `add:owner account <propertyId> <month> cash`: ADD of a cash move to the month's cash row (also the deposit
 * migration's correction of an entry counted before deposits were held apart, with `entries` 0).
 */
export function cashRowPart(propertyId: number, month: string, move: CashMove, entries = 1): TxPart {
  return part.update(
    `add:owner account ${propertyId} ${month} cash`,
    keys.ownerAccountCash(propertyId, month),
    'ADD balanceCents :b, feeBaseCents :f, depositCents :d, taxCents :t, entries :n SET entity = :entity, #m = :month',
    {
      names: { '#m': 'month' },
      values: {
        ':b': move.balanceCents,
        ':f': move.feeBaseCents,
        ':d': move.depositCents,
        ':t': move.taxCents,
        ':n': entries,
        ':entity': 'ownerAccount',
        ':month': month,
      },
    },
  );
}

export interface FeeRecord {
  propertyId: number;
  month: string;
  /** The income the fee was computed on (0 when there was none to charge). */
  baseCents: number;
  feeCents: number;
  percent: number;
  /** The income collected in the month itself: none, no fee unless the terms' minimum. */
  monthIncomeCents: number;
  /** The least fee of a month by the terms (0: none). */
  minimumCents: number;
  /** The OWNER invoice that charges it; null when the fee is 0. */
  invoiceId: number | null;
  chargedAt: string;
}

export const OWNER_FEE_PUT_LABEL = 'put:owner fee';

/** `put:owner fee <propertyId> <month>`: fails when the month's fee is charged already. */
export const feeRecordPart = (fee: FeeRecord): TxPart =>
  part.putIfAbsent(`${OWNER_FEE_PUT_LABEL} ${fee.propertyId} ${fee.month}`, {
    ...keys.ownerAccountFee(fee.propertyId, fee.month),
    entity: 'ownerAccount',
    ...fee,
  });

function rowOf(item: Record<string, unknown>): AccountRow | undefined {
  const sk = String(item.SK);
  const month = sk.slice(0, 7);
  if (sk.endsWith('#cash'))
    return {
      kind: 'cash',
      month,
      balanceCents: Number(item.balanceCents ?? 0),
      feeBaseCents: Number(item.feeBaseCents ?? 0),
      depositCents: Number(item.depositCents ?? 0),
      taxCents: Number(item.taxCents ?? 0),
    };
  if (sk.includes('#charge#')) return { kind: 'charge', month, balanceCents: Number(item.balanceCents ?? 0) };
  if (sk.endsWith('#fee')) {
    // Fees charged before the month's income and the minimum were kept have neither.
    const fee = stripKeys<Partial<FeeRecord> & Omit<FeeRecord, 'monthIncomeCents' | 'minimumCents'>>(item);
    return {
      kind: 'fee',
      month,
      baseCents: fee.baseCents,
      feeCents: fee.feeCents,
      percent: fee.percent,
      ...(fee.monthIncomeCents === undefined ? {} : { monthIncomeCents: fee.monthIncomeCents }),
      ...(fee.minimumCents === undefined ? {} : { minimumCents: fee.minimumCents }),
      invoiceId: fee.invoiceId,
    };
  }
  return undefined;
}

/** O1: the account's rows of every month up to and including `month` (a few small items a month). */
export async function ownerAccountThrough(propertyId: number, month: string): Promise<AccountRow[]> {
  const items = await queryPartition({
    pk: keys.ownerAccountPartition(propertyId),
    sk: { between: ['0', keys.ownerAccountMonthEnd(month)] },
  });
  return items.map(rowOf).filter((r): r is AccountRow => r !== undefined);
}
