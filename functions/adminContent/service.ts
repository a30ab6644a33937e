/**
 * Admin writes of website content, generic over the kind definitions (shared/domain/content.ts). The fixture
 * loaders (infra/local/fixture/content.ts) use the same functions, so seeded content obeys the same rules.
 */

import * as repo from '../../shared/data/content-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { nextId, raiseCounter } from '../../shared/db/counters.js';
import { retryStale } from '../../shared/db/optimistic.js';
import {
  adminView,
  blocksView,
  type ContentKind,
  type ContentRecord,
  inWebsiteOrder,
  isActive,
  KIND,
  newRecord,
  updatedRecord,
} from '../../shared/domain/content.js';
import { BadRequest, NotFound } from '../../shared/errors.js';

export async function listContent(def: ContentKind) {
  const records = await repo.allContent(def);
  return { items: inWebsiteOrder(def, records).map((r) => adminView(def, r)) };
}

/** Create with a counter id, or (fixtures) with the given id, raising the counter past it. */
export async function createContent(
  def: ContentKind,
  input: ContentRecord,
  now: Date,
  options: { authorId?: number; id?: number } = {},
): Promise<ContentRecord> {
  await checkReferences(def, input);
  const id = options.id ?? (await nextId(def.counter));
  if (options.id !== undefined) await raiseCounter(def.counter, options.id);
  const record = newRecord(def, input, id, now, options.authorId);
  await repo.insertContent(def, record);
  return record;
}

export async function updateContent(
  def: ContentKind,
  id: number,
  input: ContentRecord,
  now: Date,
): Promise<ContentRecord> {
  await checkReferences(def, input);
  return retryStale(`${def.label} ${id}`, async () => {
    const current = await existing(def, id);
    const next = updatedRecord(def, current.record, input, now);
    await repo.replaceContent(def, current, next);
    return adminView(def, next);
  });
}

/** Soft kinds keep the record with isActive=0 (again: no change); hard kinds remove it and its guard. */
export async function deleteContent(def: ContentKind, id: number, now: Date) {
  return retryStale(`${def.label} ${id}`, async () => {
    const current = await existing(def, id);
    if (def.deleteMode === 'hard') await repo.deleteContent(def, current);
    else if (isActive(current.record))
      await repo.replaceContent(def, current, updatedRecord(def, current.record, { isActive: 0 }, now));
    return { success: true, [def.idField]: id, deleted: def.deleteMode };
  });
}

/** Fixture upsert: a record with a given id replaces the stored one, so re-seeding is repeatable. */
export async function upsertContent(
  def: ContentKind,
  input: ContentRecord,
  now: Date,
  defaultAuthorId: number,
) {
  const givenId = input[def.idField] === undefined ? undefined : Number(input[def.idField]);
  const current = givenId === undefined ? undefined : await repo.getContent(def, givenId);
  if (!current)
    return createContent(def, input, now, { authorId: defaultAuthorId, ...(givenId ? { id: givenId } : {}) });
  await checkReferences(def, input);
  const next = { ...newRecord(def, input, Number(givenId), now, defaultAuthorId) };
  await repo.replaceContent(def, current, next);
  return next;
}

/** CMS blocks: only the given keys change; the answer is the whole block set. */
export async function saveBlocks(blocks: ContentRecord) {
  return blocksView(await repo.putBlocks(blocks));
}

async function existing(def: ContentKind, id: number): Promise<repo.StoredContent> {
  const stored = await repo.getContent(def, id);
  if (!stored) throw new NotFound(`${def.label} ${id} not found`);
  return stored;
}

/** A record may only point at a parent that exists (a review's property, a post's or attraction's category). */
async function checkReferences(def: ContentKind, input: ContentRecord): Promise<void> {
  const parent = def.parent;
  const parentId = parent ? input[parent.field] : undefined;
  if (!parent || parentId === undefined) return;
  const found =
    parent.kind === 'property'
      ? await getProperty(Number(parentId))
      : await repo.getContent(KIND[parent.kind], Number(parentId));
  if (!found) {
    throw new BadRequest(`${parent.field} ${String(parentId)} does not exist`, [
      { field: parent.field, message: 'no such record' },
    ]);
  }
}
