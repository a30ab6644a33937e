/**
 * Public website content: only active records, each list one Query on a sparse index in website order
 * (docs/content.md), single records one GetItem. Views are whitelists from the kind definitions.
 */
import { getBlocks } from '../../shared/data/content-blocks-repo.js';
import * as repo from '../../shared/data/content-repo.js';
import {
  blocksView,
  type ContentKind,
  type ContentRecord,
  fullView,
  isActive,
  isContentBlockKey,
  KIND,
  listView,
} from '../../shared/domain/content.js';
import { NotFound } from '../../shared/errors.js';

export async function contentBlocks() {
  return blocksView((await getBlocks()).blocks);
}

/** Only a content column name is a key; anything else is a 404, never an empty object. */
export async function contentBlock(key: string) {
  if (!isContentBlockKey(key)) throw new NotFound(`"${key}" is not a content block`);
  return { [key]: blocksView((await getBlocks()).blocks)[key] };
}

const listOf = (def: ContentKind, records: ContentRecord[]) => ({
  items: records.map((r) => listView(def, r)),
});

/** One active record by id, or a 404 that does not tell a hidden record from a missing one. */
async function activeRecord(def: ContentKind, id: number): Promise<ContentRecord> {
  const stored = await repo.getContent(def, id);
  if (!stored || !isActive(stored.record)) throw new NotFound(`${def.label} ${id} not found`);
  return stored.record;
}

export async function pages() {
  return listOf(KIND.pages, await repo.activeContent(KIND.pages));
}

/** C2: the slug guard names the page; then the page itself. */
export async function pageBySlug(slug: string) {
  const pageId = await repo.ownerOf(KIND.pages, slug);
  if (pageId === undefined) throw new NotFound(`No page "${slug}"`);
  try {
    return fullView(KIND.pages, await activeRecord(KIND.pages, pageId));
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound(`No page "${slug}"`);
    throw error;
  }
}

export async function reviews(q: { propertyId?: number | undefined; limit: number }) {
  const def = KIND.reviews;
  const records =
    q.propertyId === undefined
      ? await repo.activeContent(def, q.limit)
      : await repo.activeContentOf(def, q.propertyId, q.limit);
  return listOf(def, records);
}

export async function sliders() {
  return listOf(KIND.sliders, await repo.activeContent(KIND.sliders));
}

export async function navigation() {
  const [menus, links] = await Promise.all([repo.activeContent(KIND.menus), repo.activeContent(KIND.links)]);
  return {
    menus: menus.map((r) => listView(KIND.menus, r)),
    links: links.map((r) => listView(KIND.links, r)),
  };
}

export async function faqs() {
  return listOf(KIND.faqs, await repo.activeContent(KIND.faqs));
}

export async function events(limit: number) {
  return listOf(KIND.events, await repo.activeContent(KIND.events, limit));
}

export async function event(id: number) {
  return fullView(KIND.events, await activeRecord(KIND.events, id));
}

export async function posts() {
  return listOf(KIND.blogPosts, await repo.activeContent(KIND.blogPosts));
}

export async function post(id: number) {
  return fullView(KIND.blogPosts, await activeRecord(KIND.blogPosts, id));
}

export async function postsOfCategory(categoryId: number) {
  return listOf(KIND.blogPosts, await repo.activeContentOf(KIND.blogPosts, categoryId));
}

export async function blogCategories() {
  return listOf(KIND.blogCategories, await repo.activeContent(KIND.blogCategories));
}

export async function attractions(q: { category?: number | undefined; limit: number }) {
  const def = KIND.attractions;
  const records =
    q.category === undefined
      ? await repo.activeContent(def, q.limit)
      : await repo.activeContentOf(def, q.category, q.limit);
  const named = await withCategoryNames(records);
  return listOf(def, named);
}

export async function attraction(id: number) {
  const [named] = await withCategoryNames([await activeRecord(KIND.attractions, id)]);
  return fullView(KIND.attractions, named ?? {});
}

export async function attractionCategories() {
  return listOf(KIND.attractionCategories, await repo.activeContent(KIND.attractionCategories));
}

/**
 * categoryName is read from the category (one BatchGetItem for the distinct ids), not copied onto the
 * attraction, so a renamed category shows its new name at once. An inactive category lends no name.
 */
async function withCategoryNames(records: ContentRecord[]): Promise<ContentRecord[]> {
  const ids = records.map((r) => r.categoryId).filter((id): id is number => typeof id === 'number');
  const categories = ids.length
    ? await repo.getContents(KIND.attractionCategories, ids)
    : new Map<number, ContentRecord>();
  return records.map((r) => {
    const category = typeof r.categoryId === 'number' ? categories.get(r.categoryId) : undefined;
    return { ...r, categoryName: category && isActive(category) ? String(category.categoryName ?? '') : '' };
  });
}
