/**
 * What the card processor reports besides settled money (DESIGN.md "Stripe"): a payment processing
 * (status 3 on an unpaid invoice), disputes (recorded on the invoice and announced, the status unchanged
 * until the dispute is decided) and anomalies (card money the books cannot take, kept on the invoice and
 * announced, no money moved). Each returns parts; the webhook adds its event-once item and commits.
 */

import { changePart } from '../../data/changes-repo.js';
import { anomalyHeaderPart } from '../../data/invoice-anomalies-repo.js';
import { disputeHeaderPart, processingHeaderPart } from '../../data/money-documents-repo.js';
import type { TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { processingStatus } from '../../domain/ledger/settlement.js';
import type { InvoiceRecord } from '../../domain/money-document/record.js';
import type { PaymentAnomaly } from '../../domain/payments/anomaly.js';
import { headerRead, type MoneyDocument, viewOf } from './document.js';

/**
 * `processing:invoice <id>`: status 3 and the intent whose card payment is now in flight, conditioned on the
 * version read (a payment that landed first wins and this re-reads); no parts when the invoice is not unpaid
 * (paid, cancelled, already processing …).
 */
export function processingParts(doc: MoneyDocument, intentId: string, by: Actor, now: Date): TxPart[] {
  const status = processingStatus(doc);
  if (doc.documentType !== 'invoice' || status === null) return [];
  return [
    processingHeaderPart(headerRead(doc), status, intentId, now),
    changePart(
      {
        recordType: 'invoice',
        recordId: doc.documentId,
        action: 'processing',
        before: { status: doc.status },
        after: { status },
      },
      by,
      now,
    ),
  ];
}

export interface DisputeInput {
  /** The processor's dispute id (`dp_…`). */
  disputeId: string;
  /** The processor's dispute status (`needs_response`, `won`, `lost` …). */
  status: string;
  amountCents: number;
  reason: string | null;
}

/**
 * `dispute:invoice <id>`: the latest state of a dispute, kept on the header as `dispute` (the single view can
 * show it), with a change announcing `invoice.disputed`. The header's version moves (so a concurrent
 * settlement re-reads rather than overwriting), but the status and the figures are untouched.
 */
export function disputeParts(doc: MoneyDocument, dispute: DisputeInput, by: Actor, now: Date): TxPart[] {
  const recorded = { ...dispute, updatedAt: now.toISOString() };
  return [
    disputeHeaderPart(headerRead(doc), recorded, now),
    changePart(
      {
        recordType: 'invoice',
        recordId: doc.documentId,
        action: 'disputed',
        after: { dispute: recorded },
        event: 'invoice.disputed',
        record: viewOf(doc, { dispute: recorded }),
        previousRecord: viewOf(doc),
      },
      by,
      now,
    ),
  ];
}

/**
 * `anomaly:invoice <id>`: card money the books could not take (docs/payments.md "Anomalies") appended to the
 * invoice's `anomalies`, version-conditioned (the caller re-reads on a stale version), with a change
 * announcing `payment.anomaly`: its record is the invoice as the admin API shows it, with the anomaly. No
 * payment, no journal entry, status and figures untouched.
 */
export function anomalyParts(doc: MoneyDocument, anomaly: PaymentAnomaly, by: Actor, now: Date): TxPart[] {
  const anomalies = [...((doc.record as InvoiceRecord).anomalies ?? []), anomaly];
  return [
    anomalyHeaderPart(headerRead(doc), { ...anomaly }, now),
    changePart(
      {
        recordType: 'invoice',
        recordId: doc.documentId,
        action: 'anomaly',
        after: { anomaly },
        event: 'payment.anomaly',
        record: viewOf(doc, { anomalies }),
        previousRecord: viewOf(doc),
      },
      by,
      now,
    ),
  ];
}
