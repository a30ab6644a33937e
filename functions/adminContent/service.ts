/**
 * Admin writes of website content, generic over the kind definitions (shared/domain/content.ts). Each write
 * is one transaction: the repository's parts of the record and the change part of the audit log
 * (DESIGN.md "Audit log"), so a write that fails leaves no audit entry and none goes unrecorded.
 */

import { seesInactiveContent } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { changePart } from '../../shared/data/changes-repo.js';
import * as blocksRepo from '../../shared/data/content-blocks-repo.js';
import * as repo from '../../shared/data/content-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import type { Actor, ChangeAction } from '../../shared/domain/change.js';
import {
  adminView,
  blocksAfter,
  blocksView,
  type ContentKind,
  type ContentRecord,
  duplicateValue,
  inWebsiteOrder,
  isActive,
  newRecord,
  noSuchParent,
  parentIdOf,
  updatedRecord,
} from '../../shared/domain/content.js';
import { NotFound } from '../../shared/errors.js';

/** The audit log's name of the CMS block row. */
const BLOCKS_RECORD = { recordType: 'contentBlocks', recordId: 'blocks' } as const;

/** The admin list; a landlord gets what the website shows (active records only, shared/auth/roles.ts). */
export async function listContent(def: ContentKind, admin: Pick<AdminSession, 'role'>) {
  const all = await repo.allContent(def);
  const records = seesInactiveContent(admin) ? all : all.filter(isActive);
  return { items: inWebsiteOrder(def, records).map((r) => adminView(def, r)) };
}

/** A new record of the kind; answers its id. */
export async function createContent(
  def: ContentKind,
  input: ContentRecord,
  now: Date,
  by: Actor,
  authorId: number,
): Promise<number> {
  await checkParent(def, input);
  const id = await nextId(def.counter);
  const record = newRecord(def, input, id, now, authorId);
  await commitChange(def, record, [
    ...repo.createParts(def, record),
    changeOf(def, 'created', undefined, record, by, now),
  ]);
  return id;
}

export async function updateContent(
  def: ContentKind,
  id: number,
  input: ContentRecord,
  now: Date,
  by: Actor,
): Promise<ContentRecord> {
  await checkParent(def, input);
  return retryStale(`${def.label} ${id}`, async () => {
    const current = await existing(def, id);
    const next = updatedRecord(def, current.record, input, now);
    await commitChange(def, next, [
      ...repo.replaceParts(def, current, next),
      changeOf(def, 'updated', current.record, next, by, now),
    ]);
    return adminView(def, next);
  });
}

/** Soft kinds keep the record with isActive=0 (again: no change, no write); hard kinds remove it and its guard. */
export async function deleteContent(def: ContentKind, id: number, now: Date, by: Actor) {
  return retryStale(`${def.label} ${id}`, async () => {
    const current = await existing(def, id);
    if (def.deleteMode === 'hard') {
      await commitChange(def, current.record, [
        ...repo.deleteParts(def, current),
        changeOf(def, 'deleted', current.record, undefined, by, now),
      ]);
    } else if (isActive(current.record)) {
      const next = updatedRecord(def, current.record, { isActive: 0 }, now);
      await commitChange(def, next, [
        ...repo.replaceParts(def, current, next),
        changeOf(def, 'deleted', current.record, next, by, now),
      ]);
    }
    return { success: true, [def.idField]: id, deleted: def.deleteMode };
  });
}

/** CMS blocks: only the given keys change; the answer is the whole block set. */
export async function saveBlocks(blocks: ContentRecord, now: Date, by: Actor) {
  return retryStale('The content blocks', async () => {
    const current = await blocksRepo.getBlocks();
    const before = blocksView(current.blocks);
    const after = blocksAfter(current.blocks, blocks);
    try {
      await commit([
        blocksRepo.blocksUpdatePart(current, blocks),
        changePart({ ...BLOCKS_RECORD, action: 'updated', before, after }, by, now),
      ]);
    } catch (error) {
      if (error instanceof TransactionFailed && error.conditionFailed(blocksRepo.BLOCKS_UPDATE_LABEL))
        throw new StaleRecord('content blocks changed since they were read');
      throw error;
    }
    return after;
  });
}

/** The audit part of a record's change; before and after as the admin API shows the record. */
function changeOf(
  def: ContentKind,
  action: ChangeAction,
  before: ContentRecord | undefined,
  after: ContentRecord | undefined,
  by: Actor,
  now: Date,
): TxPart {
  const record = after ?? before ?? {};
  return changePart(
    {
      recordType: def.recordType,
      recordId: Number(record[def.idField]),
      action,
      before: before && adminView(def, before),
      after: after && adminView(def, after),
      ...(def.masked ? { masked: def.masked } : {}),
    },
    by,
    now,
  );
}

/** Commits a record's change; a lost version race is a StaleRecord (retried), a taken unique value a 409. */
async function commitChange(def: ContentKind, record: ContentRecord, parts: TxPart[]): Promise<void> {
  try {
    await commit(parts);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    const id = Number(record[def.idField]);
    if (
      error.conditionFailed(repo.contentLabels.update(def, id)) ||
      error.conditionFailed(repo.contentLabels.delete(def, id))
    )
      throw new StaleRecord(`${def.label} ${id} changed since it was read`);
    if (def.unique && error.conditionFailed(repo.contentLabels.guard(def))) throw duplicateValue(def, record);
    throw error;
  }
}

async function existing(def: ContentKind, id: number): Promise<repo.StoredContent> {
  const stored = await repo.getContent(def, id);
  if (!stored) throw new NotFound(`${def.label} ${id} not found`);
  return stored;
}

/** A record may only point at a parent that exists (a review's property, a post's or attraction's category). */
async function checkParent(def: ContentKind, input: ContentRecord): Promise<void> {
  const parentId = parentIdOf(def, input);
  if (parentId !== undefined && !(await repo.parentExists(def, parentId))) throw noSuchParent(def, parentId);
}
