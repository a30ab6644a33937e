/**
 * Unit/night claims (docs/data-model.md P10): one item `DAY#<date>#NIGHT#<unit>` in the property's partition per
 * unit and night a reservation or block holds. A claim is written put-if-absent in the booking's (or move's)
 * transaction, so two transactions that pick the same unit of the same night cannot both commit: exactly one
 * winner for the last unit. The claims of a stay or of a calendar range are one Query of the day range
 * (property-days-repo.ts reads them together with the day prices).
 */
import { keys } from '../db/keys.js';
import { type Item, queryPartition } from '../db/query.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { ClaimKind, NightClaim, UnitPick } from '../domain/booking/capacity.js';
import { addDays } from '../domain/dates.js';

const nightLabel = (verb: string, pick: UnitPick) => `${verb}:night ${pick.date} unit ${pick.unit}`;

/** The labels a failed booking is read by: `claim:night 2027-08-01 unit 1` … */
export const CLAIM_LABEL = 'claim:night';

export const NIGHT_CLAIM_ENTITY = 'nightClaim';

function nightClaimItem(propertyId: number, pick: UnitPick, reservationId: number, kind: ClaimKind) {
  return {
    ...keys.nightClaim(propertyId, pick.date, pick.unit),
    entity: NIGHT_CLAIM_ENTITY,
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

/** The claim a stored claim item holds. */
export const nightClaimOf = (item: Item): NightClaim => ({
  date: String(item.date),
  unit: Number(item.unit),
  reservationId: Number(item.reservationId),
  kind: item.kind === 'blocked' ? 'blocked' : 'reserved',
});

/**
 * P10: every claim of the nights from `from` up to, not including, `toExclusive` (a stay's check-out or a
 * calendar's `until`), in one Query of the property partition's day range (its day prices filtered out).
 */
export async function nightClaims(
  propertyId: number,
  from: string,
  toExclusive: string,
): Promise<NightClaim[]> {
  if (toExclusive <= from) return [];
  const items = await queryPartition({
    pk: keys.propertyPartition(propertyId),
    sk: { between: keys.dayRange(from, addDays(toExclusive, -1)) },
    filter: {
      expression: '#entity = :entity',
      names: { '#entity': 'entity' },
      values: { ':entity': NIGHT_CLAIM_ENTITY },
    },
  });
  return items.map(nightClaimOf);
}

/** Whether a transaction failed because a unit/night it claimed was taken first (re-read, or "not available"). */
export const claimLost = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(CLAIM_LABEL);
