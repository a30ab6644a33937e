/**
 * An invoice's payment-link token (docs/data-model.md I9, DESIGN.md "The payment link"): random, kept twice —
 * sealed with the data key so staff can show the link again (the admin single invoice), and as its SHA-256
 * for the payment script (pay-token-check.ts), which compares digests and needs no key.
 */
import { randomBytes } from 'node:crypto';
import { openFields, sealFields } from '../crypto/fields.js';
import { tokenDigestHex } from '../crypto/token-digest.js';
import { keys } from '../db/keys.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { PAYABLE_STATUSES } from '../domain/money-document/kind.js';
import { PAY_TOKEN_ENTITY, readPayToken } from './pay-token-check.js';

const aad = (invoiceId: number) => `payToken:${invoiceId}`;
const label = (invoiceId: number) => `put:payToken ${invoiceId}`;

/** 32 random bytes: the link is a bearer credential for paying one invoice. */
export const newPayToken = () => randomBytes(32).toString('base64url');

/**
 * `put:payToken <id>`, only when the invoice has no live token: none, or one used up by a payment (something is
 * due again after a refund). Two writers at once keep one token: the second finds the first's live one.
 */
export async function payTokenPart(invoiceId: number, token: string, now: Date): Promise<TxPart> {
  const sealed = await sealFields<'token'>({ token }, aad(invoiceId));
  return part.put(
    label(invoiceId),
    {
      ...keys.payToken(invoiceId),
      entity: PAY_TOKEN_ENTITY,
      invoiceId,
      tokenHash: tokenDigestHex(token),
      tokenSealed: sealed.token,
      createdAt: now.toISOString(),
    },
    { condition: 'attribute_not_exists(PK) OR attribute_exists(paidOn)' },
  );
}

/** Another writer made the invoice's token first (read it again). */
export const payTokenTaken = (error: unknown, invoiceId: number): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(label(invoiceId));

const payableLabel = (invoiceId: number) => `payable:invoice ${invoiceId}`;
const payableValues = Object.fromEntries(PAYABLE_STATUSES.map((status, i) => [`:payable${i}`, status]));

/**
 * `payable:invoice <id>`: the invoice still takes a payment (unpaid or processing) when the token is written.
 * A link made from an invoice read just before a payment settled it would otherwise replace the used-up token
 * that says when it was paid, and hand out a live link to a paid invoice.
 */
export const stillPayablePart = (invoiceId: number): TxPart =>
  part.check(
    payableLabel(invoiceId),
    keys.moneyDocument('invoice', invoiceId),
    `#status IN (${Object.keys(payableValues).join(', ')})`,
    { names: { '#status': 'status' }, values: payableValues },
  );

/** The invoice was no longer payable when its token was to be written (stillPayablePart). */
export const noLongerPayable = (error: unknown, invoiceId: number): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(payableLabel(invoiceId));

/** The token in clear for staff, or undefined when the invoice has none (or it cannot be decrypted). */
export async function revealPayToken(invoiceId: number): Promise<string | undefined> {
  const stored = await readPayToken(invoiceId);
  if (!stored?.sealed || stored.paidOn !== null) return undefined;
  return (await openFields<'token'>({ token: stored.sealed }, aad(invoiceId))).token;
}
