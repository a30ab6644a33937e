/** Recorded payments and refunds: shared/workflows/ledger's settlement, answered with the document's new figures. */
import type { Actor } from '../../shared/domain/change.js';
import type { DocumentType } from '../../shared/domain/ledger/journal.js';
import { kindOf } from '../../shared/domain/money-document/kind.js';
import { paymentView } from '../../shared/domain/money-document/view.js';
import { BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { applySettlement } from '../../shared/workflows/ledger/apply.js';
import { SettlementRefused } from '../../shared/workflows/ledger/settlement.js';
import type { PaymentAnswer, PaymentBody } from './schemas.js';

export async function recordPayment(
  documentType: DocumentType,
  documentId: number,
  body: PaymentBody,
  by: Actor,
  now: Date,
): Promise<PaymentAnswer> {
  let applied: Awaited<ReturnType<typeof applySettlement>>;
  try {
    applied = await applySettlement(documentType, documentId, {
      amountCents: body.amount,
      method: body.method,
      date: body.date,
      reference: body.reference ?? null,
      source: 'recorded',
      by,
      now,
    });
  } catch (error) {
    if (!(error instanceof SettlementRefused)) throw error;
    if (error.refusal === 'zeroAmount') throw new BadRequest(error.message);
    throw new Conflict(`The ${documentType} cannot take this: ${error.message}`);
  }
  if (!applied) throw new NotFound(`No such ${documentType}`);
  const { payment, settlement, before } = applied;
  return {
    success: true,
    ...paymentView(kindOf(documentType), payment, { ...settlement, totalCents: before.totalCents }),
  };
}
