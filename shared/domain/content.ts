/**
 * Website content (spec "Website content", records "CMS content block set" … "Attraction"): one definition
 * per record kind — its settable fields (valibot), keys, website order, public views and delete mode. The
 * public endpoints, the admin writes and the fixture loaders all run on these definitions, so a kind is
 * described once. Pure: valibot and the key builders only (route contracts import this module).
 *
 * HTML fields (pageContent, postContent, …) are stored as trusted admins give them; consumers sanitize
 * before rendering (docs/content.md).
 *
 * The modules, by job (shared/domain/content/):
 * - blocks.ts: the CMS block set (C1);
 * - fields.ts: field schemas the kinds share; kind.ts: what a definition says, and the website order keys;
 * - site-kinds.ts (pages, reviews, sliders, menus, links, FAQ) and article-kinds.ts (events, blog,
 *   attractions): the definitions; kinds.ts: all of them, by name;
 * - schemas.ts: input schemas built from a definition; records.ts: create/update rules, order, aliases;
 * - views.ts: the public and admin views.
 */
export * from './content/blocks.js';
export { SLUG, slug, timestamp } from './content/fields.js';
export type { ContentKind, ContentKindName, ContentRecord } from './content/kind.js';
export { CONTENT_KINDS, KIND } from './content/kinds.js';
export * from './content/records.js';
export * from './content/schemas.js';
export * from './content/views.js';
