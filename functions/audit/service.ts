/** The audit log: entries from changes (the job) and the admin read (the route). */
import * as repo from '../../shared/data/audit-repo.js';
import { type AuditFilter, entryFromChange, entryView, filterProblems } from '../../shared/domain/audit.js';
import type { Change } from '../../shared/domain/change.js';
import { BadRequest } from '../../shared/errors.js';

/** One entry per change, idempotently: a change delivered twice is written once. */
export async function recordChange(change: Change & { changeId: string }): Promise<boolean> {
  return repo.writeEntry(entryFromChange(change));
}

export async function listEntries(filter: AuditFilter, page: number, limit: number) {
  const problems = filterProblems(filter);
  if (problems.length > 0) throw new BadRequest('The audit filter is not valid', problems);
  const listed = await repo.listEntries(filter, page, limit);
  return { ...listed, items: listed.items.map(entryView) };
}
