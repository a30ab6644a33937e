/**
 * The single table's shape, imported by both the CDK stack and the local runtime so they cannot drift.
 * Key attribute names live here and nowhere else.
 */
export const KEY = {
  pk: 'PK',
  sk: 'SK',
  gsi1pk: 'GSI1PK',
  gsi1sk: 'GSI1SK',
  gsi2pk: 'GSI2PK',
  gsi2sk: 'GSI2SK',
  gsi3pk: 'GSI3PK',
  gsi3sk: 'GSI3SK',
  ttl: 'expiresAt',
} as const;

export const INDEX = {
  gsi1: 'GSI1',
  gsi2: 'GSI2',
  gsi3: 'GSI3',
} as const;

export const GLOBAL_INDEXES = [
  { name: INDEX.gsi1, pk: KEY.gsi1pk, sk: KEY.gsi1sk },
  { name: INDEX.gsi2, pk: KEY.gsi2pk, sk: KEY.gsi2sk },
  { name: INDEX.gsi3, pk: KEY.gsi3pk, sk: KEY.gsi3sk },
] as const;
