/**
 * Unit/night claims (docs/data-model.md P10): one item `NIGHT#<date>#<unit>` in the property's partition per
 * unit and night a reservation or block holds. A claim is written put-if-absent in the booking's (or move's)
 * transaction, so two transactions that pick the same unit of the same night cannot both commit: exactly one
 * winner for the last unit. The claims of a stay or of a calendar range are one Query of the NIGHT# key range.
 */
import { keys } from '../db/keys.js';
import { queryPartition } from '../db/query.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { ClaimKind, NightClaim, UnitPick } from '../domain/booking/capacity.js';
import { addDays } from '../domain/dates.js';

const nightLabel = (verb: string, pick: UnitPick) => `${verb}:night ${pick.date} unit ${pick.unit}`;

/** The labels a failed booking is read by: `claim:night 2027-08-01 unit 1` … */
export const CLAIM_LABEL = 'claim:night';

export function nightClaimItem(propertyId: number, pick: UnitPick, reservationId: number, kind: ClaimKind) {
  return {
    ...keys.nightClaim(propertyId, pick.date, pick.unit),
    entity: 'nightClaim',
    propertyId,
    date: pick.date,
    unit: pick.unit,
    reservationId,
    kind,
  };
}

/** `claim:night <date> unit <n>`: fails its condition when that unit of that night is already held. */
export const claimNightPart = (propertyId: number, pick: UnitPick, reservationId: number, kind: ClaimKind) =>
  part.putIfAbsent(nightLabel('claim', pick), nightClaimItem(propertyId, pick, reservationId, kind));

/** `release:night <date> unit <n>`: deletes the claim only while this reservation holds it (gone is fine). */
export const releaseNightPart = (propertyId: number, pick: UnitPick, reservationId: number): TxPart =>
  part.delete(nightLabel('release', pick), keys.nightClaim(propertyId, pick.date, pick.unit), {
    condition: 'attribute_not_exists(PK) OR reservationId = :rid',
    values: { ':rid': reservationId },
  });

/** `relabel:night <date> unit <n>`: a kept night whose reservation became a block, or a block a reservation. */
export const relabelNightPart = (
  propertyId: number,
  pick: UnitPick,
  reservationId: number,
  kind: ClaimKind,
): TxPart =>
  part.update(
    nightLabel('relabel', pick),
    keys.nightClaim(propertyId, pick.date, pick.unit),
    'SET #kind = :kind',
    {
      condition: 'reservationId = :rid',
      names: { '#kind': 'kind' },
      values: { ':rid': reservationId, ':kind': kind },
    },
  );

/**
 * P10: every claim of the nights from `from` up to, not including, `toExclusive` (a stay's check-out or a
 * calendar's `until`), in one Query of the property partition's NIGHT# range.
 */
export async function nightClaims(
  propertyId: number,
  from: string,
  toExclusive: string,
): Promise<NightClaim[]> {
  if (toExclusive <= from) return [];
  const items = await queryPartition({
    pk: keys.propertyPartition(propertyId),
    // BETWEEN is inclusive: from the first night's first unit to after the last night's last unit ('~' > digits).
    sk: {
      between: [`${keys.nightClaimPrefix}${from}`, `${keys.nightClaimPrefix}${addDays(toExclusive, -1)}#~`],
    },
  });
  return items.map((i) => ({
    date: String(i.date),
    unit: Number(i.unit),
    reservationId: Number(i.reservationId),
    kind: i.kind === 'blocked' ? 'blocked' : 'reserved',
  }));
}

/** Whether a transaction failed because a unit/night it claimed was taken first (re-read, or "not available"). */
export const claimLost = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(CLAIM_LABEL);
