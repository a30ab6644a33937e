/**
 * `anomaly:invoice <id>` (docs/payments.md "Anomalies"; docs/data-model.md I1): card money the books could not
 * take appended to the invoice header's `anomalies`, conditioned on the version read (the change announcing it
 * carries the list as it is after this write) and moving it, like every header write of
 * money-documents-repo.ts (its `documentChanged` knows the label); the status and the figures are untouched.
 */
import type { Item } from '../db/query.js';
import type { TxPart } from '../db/transaction.js';
import { headerPart, type Read } from './money-documents-repo.js';

export const anomalyHeaderPart = (read: Read, anomaly: Item, now: Date): TxPart =>
  headerPart(
    'anomaly',
    read,
    'SET anomalies = list_append(if_not_exists(anomalies, :none), :new), updatedAt = :now ADD version :one',
    { ':none': [], ':new': [anomaly], ':now': now.toISOString() },
  );
