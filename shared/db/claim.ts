/**
 * "Claim this record for a try until T", written once (docs/jobs.md "Claims"): one conditional update moves
 * the record's claim end to T, and only while the record is free — nobody claimed it since the claimer read it
 * as due, or its last claim ran out — so two workers never try one record at once, and a worker that died
 * mid-try leaves a claim that ends by itself. The mail sender's messages, the webhook deliveries, the parked
 * stream records and the accounting sync's run lease claim through it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from './client.js';
import type { Key } from './keys.js';
import type { Item } from './query.js';
import { isConditionFailure, part, type TxPart } from './transaction.js';
import { type Condition, type UpdateSpec, updateParts } from './update-expression.js';

export interface Claim {
  /** The attribute that holds the claim's end (the record's next due time, a lease's end). */
  readonly until: string;
  /** The claim's end, T: the record is free again once it passes. */
  readonly to: string | number;
  /**
   * When the record is free: its claim end is still the one the claimer read as due (`asRead`: a record read
   * from a due list), or the end is before `endedBy` (the claimer's now) or absent (never claimed).
   */
  readonly free: { readonly asRead: unknown } | { readonly endedBy: string | number };
  /** Who holds the claim (a run's id), written beside its end. */
  readonly holder?: { readonly attribute: string; readonly value: string };
  /** What else the claim writes (an index sort key that follows the due time, `updatedAt` …). */
  readonly set?: Readonly<Record<string, unknown>>;
  /** What else must hold (still pending, the attempts read), with its own placeholders. */
  readonly also?: Condition;
}

/** A claim as an update: its end (and holder) set, conditioned on the record being free. */
function claimUpdate(claim: Claim): { spec: UpdateSpec; condition: Condition } {
  const free =
    'asRead' in claim.free
      ? { expression: '#claimUntil = :claimRead', values: { ':claimRead': claim.free.asRead } }
      : {
          expression: '(attribute_not_exists(#claimUntil) OR #claimUntil < :claimNow)',
          values: { ':claimNow': claim.free.endedBy },
        };
  return {
    spec: {
      set: {
        ...claim.set,
        [claim.until]: claim.to,
        ...(claim.holder ? { [claim.holder.attribute]: claim.holder.value } : {}),
      },
    },
    condition: {
      expression: claim.also ? `${free.expression} AND (${claim.also.expression})` : free.expression,
      names: { '#claimUntil': claim.until, ...claim.also?.names },
      values: { ...free.values, ...claim.also?.values },
    },
  };
}

/** Claims the record with one UpdateItem: the record as claimed (every attribute), or undefined when not free. */
export async function claimRecord(key: Key, claim: Claim): Promise<Item | undefined> {
  const { spec, condition } = claimUpdate(claim);
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        ...updateParts(spec, condition),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The claim as a transaction's part (beside the writes that go with it); its label fails when not free. */
export function claimPart(label: string, key: Key, claim: Claim): TxPart {
  const { spec, condition } = claimUpdate(claim);
  return part.update(label, key, spec, {
    condition: condition.expression,
    ...(condition.names ? { names: { ...condition.names } } : {}),
    ...(condition.values ? { values: { ...condition.values } } : {}),
  });
}
