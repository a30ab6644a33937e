/**
 * Tenant activation tokens (docs/data-model.md T4): the e-mail carries a random 256-bit secret; only its
 * SHA-256 is stored, single use, with a TTL. Writes are transaction parts: the token is written with the
 * tenant it activates, and consumed in the transaction that activates that tenant.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { part, type TxPart } from '../db/transaction.js';

export interface Activation {
  tenantId: number;
  /** Epoch seconds. */
  expiresAt: number;
}

/** `put:activation`: a new token for the tenant. */
export function activationPart(tokenHash: string, tenantId: number, expiresAt: number, now: Date): TxPart {
  return part.putIfAbsent('put:activation', {
    ...keys.activation(tokenHash),
    entity: 'activation',
    tenantId,
    expiresAt,
    createdAt: now.toISOString(),
  });
}

/** `consume:activation`: deletes the token, only if it is still there, unexpired and for this tenant. */
export function consumeActivationPart(tokenHash: string, tenantId: number, now: Date): TxPart {
  return part.delete('consume:activation', keys.activation(tokenHash), {
    condition: 'attribute_exists(PK) AND tenantId = :id AND expiresAt > :now',
    values: { ':id': tenantId, ':now': Math.floor(now.getTime() / 1000) },
  });
}

/** `delete:activation`: drops a token whatever its state (undoing a registration). */
export const deleteActivationPart = (tokenHash: string): TxPart =>
  part.delete('delete:activation', keys.activation(tokenHash));

/** T4: the token's tenant and expiry, strongly consistent (a link is often opened right after the e-mail). */
export async function getActivation(tokenHash: string): Promise<Activation | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.activation(tokenHash), ConsistentRead: true }),
  );
  return Item ? { tenantId: Number(Item.tenantId), expiresAt: Number(Item.expiresAt) } : undefined;
}
