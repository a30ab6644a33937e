/**
 * The public side of an invoice's payment-link token (docs/data-model.md I9, DESIGN.md "The payment link"):
 * its SHA-256, compared in constant time, and the parts that end it (closed) or use it up (paid). Kept apart
 * from pay-tokens-repo.ts (which seals and opens the token for staff) so the payment script's and the ledger's
 * Lambdas need no data key.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tokenMatches } from '../crypto/token-digest.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { part, type TxPart } from '../db/transaction.js';

export const PAY_TOKEN_ENTITY = 'payToken';

export interface StoredPayToken {
  /** SHA-256 (hex) of the token; null for the record of an invoice paid while it had no link. */
  tokenHash: string | null;
  /** The token sealed for staff; null once the link is used up. */
  sealed: string | null;
  /** The day (site time zone) the invoice was paid in full while this was its link: the receipt's date. */
  paidOn: string | null;
}

export async function readPayToken(invoiceId: number): Promise<StoredPayToken | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.payToken(invoiceId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { tokenHash: text(Item.tokenHash), sealed: text(Item.tokenSealed), paidOn: text(Item.paidOn) };
}

/**
 * What a presented token is to the invoice: its live link (it pays), its link used up by the payment that paid
 * the invoice on `paidOn` (its holder may be told so), or nothing. SHA-256 digests compared in constant time.
 */
export type PayLink = { kind: 'live' } | { kind: 'paid'; paidOn: string } | { kind: 'none' };

export async function payLinkOf(invoiceId: number, presented: string): Promise<PayLink> {
  const stored = await readPayToken(invoiceId);
  if (!stored?.tokenHash || !tokenMatches(stored.tokenHash, presented)) return { kind: 'none' };
  return stored.paidOn === null ? { kind: 'live' } : { kind: 'paid', paidOn: stored.paidOn };
}

/** The day the invoice was paid in full (the receipt's date), as its link record keeps it; undefined if not. */
export async function paidOnOf(invoiceId: number): Promise<string | undefined> {
  return (await readPayToken(invoiceId))?.paidOn ?? undefined;
}

/**
 * `delete:payToken <id>`: the link stops working, in the transaction that closes the invoice (or refunds it):
 * its holder is told what a stranger is. A new token is made if it ever has an amount due again: the rotation.
 */
export const deletePayTokenPart = (invoiceId: number): TxPart =>
  part.delete(`delete:payToken ${invoiceId}`, keys.payToken(invoiceId));

/**
 * `spend:payToken <id>`: the invoice is paid in full on `paidOn`. The link stops paying (its sealed token is
 * dropped, so staff no longer see it), but its digest stays, so whoever opens it again is told the invoice is
 * paid and when, instead of "no such invoice". Without a link (an invoice staff never showed) the record keeps
 * only the day. A new live token replaces it if something is due again (pay-tokens-repo.ts payTokenPart).
 */
export const spendPayTokenPart = (invoiceId: number, paidOn: string): TxPart =>
  part.update(
    `spend:payToken ${invoiceId}`,
    keys.payToken(invoiceId),
    'SET entity = :entity, invoiceId = :invoice, paidOn = :paidOn REMOVE tokenSealed',
    { values: { ':entity': PAY_TOKEN_ENTITY, ':invoice': invoiceId, ':paidOn': paidOn } },
  );
