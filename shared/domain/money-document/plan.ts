/**
 * What an admin's PUT and DELETE do to a money document, one plan for every kind (spec "Transitions";
 * docs/invoices-expenses.md has the rules in words). PUT sets the given status — any code of the kind's table,
 * closed or not — appends the given lines, refreshes the figures and synchronizes the payment state; the
 * journal posts the difference between what it held and what it must hold, so closing a document reverses its
 * figures and reopening one (cancelled or void back to 0) posts them again. Refused (409) is only what would
 * make the money wrong: closing a document with settled payments or while a real card payment is in flight,
 * a draft with payments, a total below what was paid. DELETE closes it (cancelled), 409 also when already closed.
 * Plain functions over the header's state; the workflow reads, plans and commits on the version it read.
 */
import { Conflict } from '../../errors.js';
import type { DocumentType } from '../ledger/journal.js';
import { cancelRefusal } from '../ledger/settlement.js';
import {
  amountDueCents,
  type Figures,
  postingDelta,
  refreshedFigures,
  sameFigures,
  ZERO,
} from './figures.js';
import { isClosed, isPosted, type MoneyKind, statusLabel } from './kind.js';
import type { DocumentLine } from './line-items.js';
import type { RecordOf } from './record.js';

/** The header's money state a plan decides on. */
export interface DocumentState extends Figures {
  id: number;
  status: number;
  tax: number;
  tax2: number;
  paidCents: number;
  refundedCents: number;
  /** Money returned on the document once paid in full (docs/money.md "What is owed"). */
  returnedCents: number;
  /** A card payment the processor reported processing has not settled yet: it blocks a cancel. */
  cardPaymentInFlight: boolean;
}

/** The money part of a PUT (the kind's other header fields are written as given). */
export interface DocumentChange {
  status?: number | undefined;
  tax?: number | undefined;
  tax2?: number | undefined;
  /** Appended after the existing lines. */
  lineItems?: readonly DocumentLine[] | undefined;
}

/** Header fields a PUT may give, each optional (valibot's outputs carry `undefined` for a field not sent). */
export type HeaderEdits<R> = { [K in keyof R]?: R[K] | undefined };

/** A PUT body of the kind: the money part the plan decides and the kind's header fields, written as given. */
export type DocumentUpdate<T extends DocumentType> = DocumentChange & HeaderEdits<RecordOf<T>>;

export interface DocumentPlan {
  next: DocumentState;
  appended: DocumentLine[];
  /** What the journal must post (the difference between what it held and must hold), or null. */
  posting: Figures | null;
  action: 'updated' | 'cancelled' | 'voided' | 'reopened';
  /** The outbound event of the change, when the kind announces one. */
  event?: string;
}

/** The figures the journal holds for a document in this state. */
export const heldFigures = (kind: MoneyKind, s: Figures & { status: number }): Figures =>
  isPosted(kind, s.status) ? s : ZERO;

/**
 * The status after a PUT (spec: "payment state is synchronized"): draft and the closed states are kept as
 * given; otherwise the payments decide, as after a payment event (shared/domain/ledger/settlement.ts): nothing
 * owed (docs/money.md "What is owed") with money paid → paid, with all of it returned → refunded (kinds that have
 * it); a processing status given kept while something is owed; else unpaid.
 */
export function syncedStatus(
  kind: MoneyKind,
  requested: number,
  s: Pick<DocumentState, 'totalCents' | 'paidCents' | 'refundedCents' | 'returnedCents'>,
): number {
  const { status } = kind;
  if (requested === status.draft || isClosed(kind, requested)) return requested;
  const settled = amountDueCents(s) === 0;
  if (settled && s.paidCents > 0) return status.paid;
  if (settled && status.refunded !== undefined && s.refundedCents > 0) return status.refunded;
  if (requested === status.processing) return requested;
  return status.unpaid;
}

const cents = (n: number) => (n / 100).toFixed(2);

/** Why a document in this state cannot be closed (cancelled or void), in words; null when it can. */
export function cancelConflict(kind: MoneyKind, s: DocumentState): string | null {
  const name = `${kind.noun} ${s.id}`;
  const refusal = cancelRefusal({ documentType: kind.type, ...s });
  if (refusal === 'alreadyCancelled')
    return `${name} is already ${statusLabel(kind, s.status).toLowerCase()}`;
  if (refusal === 'settledPayments')
    return `${name} has settled payments (${cents(s.paidCents)} paid): refund them before cancelling`;
  if (refusal === 'processing')
    return `${name} has a card payment processing: it cannot be cancelled until that is settled`;
  return null;
}

const withEvent = (action: DocumentPlan['action'], event: string | undefined) =>
  event ? { action, event } : { action };

/**
 * The change's audit action and outbound event: a document closing announces its cancel, one reaching paid its
 * payment; a move between the closed states (cancelled ↔ void) or a change that keeps the status announces
 * nothing new.
 */
function changeOf(kind: MoneyKind, from: number, to: number): Pick<DocumentPlan, 'action' | 'event'> {
  const { status, events } = kind;
  if (to === from) return { action: 'updated' };
  const wasClosed = isClosed(kind, from);
  if (isClosed(kind, to))
    return withEvent(to === status.void ? 'voided' : 'cancelled', wasClosed ? undefined : events.cancelled);
  return withEvent(wasClosed ? 'reopened' : 'updated', to === status.paid ? events.paid : undefined);
}

/** DELETE: the cancelled status and the journal's figures reversed; 409 already closed, money, in flight. */
export function planCancel(kind: MoneyKind, current: DocumentState): DocumentPlan {
  const conflict = cancelConflict(kind, current);
  if (conflict) throw new Conflict(conflict);
  const next = { ...current, status: kind.status.cancelled };
  return {
    next,
    appended: [],
    posting: postingDelta(heldFigures(kind, current), ZERO),
    ...changeOf(kind, current.status, next.status),
  };
}

/** 409s of a PUT before anything is computed: a close DELETE would refuse, a draft with money. */
function checkUpdate(kind: MoneyKind, current: DocumentState, requested: number): void {
  if (isClosed(kind, requested) && !isClosed(kind, current.status)) {
    const conflict = cancelConflict(kind, current);
    if (conflict) throw new Conflict(conflict);
  }
  const hasMoney = current.paidCents !== 0 || current.refundedCents !== 0;
  if (requested === kind.status.draft && current.status !== kind.status.draft && hasMoney)
    throw new Conflict(`${kind.noun} ${current.id} has payments: it cannot become a draft`);
}

/** PUT: appended lines, refreshed figures, the status given and synced, the journal's difference. */
export function planUpdate(
  kind: MoneyKind,
  current: DocumentState,
  lines: readonly DocumentLine[],
  change: DocumentChange,
): DocumentPlan {
  const requested = change.status ?? current.status;
  checkUpdate(kind, current, requested);
  const appended = [...(change.lineItems ?? [])];
  const tax = change.tax ?? current.tax;
  const tax2 = change.tax2 ?? current.tax2;
  const figures = refreshedFigures(current, lines, appended, tax, tax2);
  const resync = change.status !== undefined || !sameFigures(figures, current);
  const status = resync ? syncedStatus(kind, requested, { ...current, ...figures }) : current.status;
  if (isPosted(kind, status) && current.paidCents > figures.totalCents)
    throw new Conflict(
      `The new total ${cents(figures.totalCents)} is below the ${cents(current.paidCents)} already paid: refund first`,
    );
  const next = { ...current, tax, tax2, status, ...figures };
  return {
    next,
    appended,
    posting: postingDelta(heldFigures(kind, current), heldFigures(kind, next)),
    ...changeOf(kind, current.status, status),
  };
}
