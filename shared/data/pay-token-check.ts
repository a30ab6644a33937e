/**
 * The public side of an invoice's payment-link token (docs/data-model.md I9, DESIGN.md "The payment link"):
 * its SHA-256, compared in constant time, and the part that ends it. Kept apart from pay-tokens-repo.ts (which
 * seals and opens the token for staff) so the payment script's and the ledger's Lambdas need no data key.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tokenMatches } from '../crypto/token-digest.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { part, type TxPart } from '../db/transaction.js';

export const PAY_TOKEN_ENTITY = 'payToken';

export interface StoredPayToken {
  tokenHash: string;
  sealed: string;
  createdAt: string;
}

export async function readPayToken(invoiceId: number): Promise<StoredPayToken | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.payToken(invoiceId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    tokenHash: String(Item.tokenHash),
    sealed: String(Item.tokenSealed),
    createdAt: String(Item.createdAt),
  };
}

/** Whether `presented` is the invoice's live token: SHA-256 digests compared in constant time. */
export async function payTokenMatches(invoiceId: number, presented: string): Promise<boolean> {
  const stored = await readPayToken(invoiceId);
  return stored !== undefined && tokenMatches(stored.tokenHash, presented);
}

/**
 * `delete:payToken <id>`: the link stops working, in the transaction that pays or closes the invoice (a new
 * token is made if it ever has an amount due again: the rotation).
 */
export const deletePayTokenPart = (invoiceId: number): TxPart =>
  part.delete(`delete:payToken ${invoiceId}`, keys.payToken(invoiceId));
