/** Recorded payments and refunds: shared/workflows/ledger's settlement, answered with the document's new figures. */
import { getSettings } from '../../shared/data/settings-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import type { DocumentType } from '../../shared/domain/ledger/journal.js';
import { latestRecordedPaymentDate } from '../../shared/domain/ledger/payment.js';
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
  await checkDate(body.date, now);
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

/** 400 for a payment dated after tomorrow in the site's time zone (the settings read fresh, as on every admin write). */
async function checkDate(date: string, now: Date): Promise<void> {
  const settings = await getSettings();
  const latest = latestRecordedPaymentDate(todayIn(settings.systemTimeZone, now));
  if (date <= latest) return;
  throw new BadRequest(`A payment cannot be dated after tomorrow (${latest}) in the site time zone`, [
    { field: 'date', message: `must not be after ${latest} (tomorrow in the site time zone)` },
  ]);
}
