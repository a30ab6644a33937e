/** Every content kind, by name and in fixture load order. */
import { attractionCategories, attractions, blogCategories, blogPosts, events } from './article-kinds.js';
import type { ContentKind, ContentKindName } from './kind.js';
import { faqs, links, menus, pages, reviews, sliders } from './site-kinds.js';

/** In fixture load order: categories before the records that refer to them. */
export const CONTENT_KINDS: readonly ContentKind[] = [
  pages,
  reviews,
  sliders,
  menus,
  links,
  faqs,
  events,
  blogCategories,
  blogPosts,
  attractionCategories,
  attractions,
];

export const KIND: Readonly<Record<ContentKindName, ContentKind>> = Object.fromEntries(
  CONTENT_KINDS.map((k) => [k.kind, k]),
) as Record<ContentKindName, ContentKind>;
