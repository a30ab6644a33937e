/**
 * A back-fill from a date (docs/accounting.md "Back-fill and resync"): `resync.json {since}` records where to start, and
 * each sync run marks the next pages of the invoices, then the expenses, then the settled payments from that
 * date pending, at most BACKFILL_PER_RUN records a run, remembering the index's cursor. The pushes then go in
 * the records' own order (their time), with everything else that is due. A record QuickBooks has already, as
 * it is, sends nothing (its fingerprint); `resync.json` of one record pushes it even so.
 */
import { backfillPage } from '../../shared/data/accounting-backfill-repo.js';
import { endBackfill, getBackfill, putBackfill } from '../../shared/data/accounting-settings-repo.js';
import { markPending } from '../../shared/data/accounting-sync-repo.js';
import { log } from '../../shared/log.js';

export const BACKFILL_PER_RUN = 300;
const PAGE = 100;
const PHASES = ['invoice', 'expense', 'payment'] as const;

/** Marks the back-fill's next records pending; the number marked. */
export async function advanceBackfill(realmId: string, now: Date): Promise<number> {
  const backfill = await getBackfill();
  if (!backfill) return 0;
  if (backfill.realmId !== realmId) {
    await endBackfill(backfill.requestedAt);
    return 0;
  }
  let { phase, cursor } = backfill;
  let marked = 0;
  while (marked < BACKFILL_PER_RUN) {
    const page = await backfillPage(phase, backfill.since, cursor, PAGE);
    for (const row of page.rows)
      await markPending(realmId, row, {
        at: row.at,
        now: now.toISOString(),
        documentType: row.documentType,
        documentId: row.documentId,
      });
    marked += page.rows.length;
    cursor = page.cursor;
    if (cursor) continue;
    const next = PHASES[PHASES.indexOf(phase) + 1];
    if (!next) {
      await endBackfill(backfill.requestedAt);
      log('info', 'accounting back-fill marked everything', {
        since: backfill.since,
        marked: backfill.marked + marked,
      });
      return marked;
    }
    phase = next;
  }
  await putBackfill({ ...backfill, phase, cursor, marked: backfill.marked + marked }, backfill.requestedAt);
  return marked;
}
