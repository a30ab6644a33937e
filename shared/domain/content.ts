/**
 * Website content (spec "Website content", records "CMS content block set" … "Attraction"): one definition
 * per record kind — its settable fields (valibot), keys, website order, public views and delete mode. The
 * public endpoints, the admin writes and the fixture loaders all run on these definitions, so a kind is
 * described once. Pure: valibot and the key builders only (route contracts import this module).
 *
 * HTML fields (pageContent, postContent, …) are stored as trusted admins give them; consumers sanitize
 * before rendering (docs/content.md).
 */
import * as v from 'valibot';
import { pad } from '../db/keys.js';
import { BadRequest } from '../errors.js';
import type { AnySchema } from '../http/route.js';
import { flag01, intLike, isoDate, requiredText, text } from '../http/schemas.js';

export type ContentRecord = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// CMS block set (C1)

/** The spec's "CMS content block set", in its order; content/{key}.json accepts exactly these names. */
export const CONTENT_BLOCK_KEYS = [
  'indexHeader',
  'indexSlogan',
  'indexPageTitle',
  'indexPageDesc',
  'indexPageKeywords',
  'c2aText',
  'c2aButtonText',
  'c2aUrl',
  'whyUsHeader',
  'whyUsSlogan',
  'whyUsH2',
  'whyUsText',
  'keyPoint1',
  'keyPoint2',
  'keyPoint3',
  'keyPoint4',
  'keyPoint5',
  'keyPoint6',
  'keyPointButtonText',
  'keyPointButtonUrl',
  'indexExtra',
  'indexExtra2',
  'indexExtra3',
  'indexExtra4',
] as const;
export type ContentBlockKey = (typeof CONTENT_BLOCK_KEYS)[number];

/** HTML-bearing blocks get room for markup; the whole row must stay well under DynamoDB's 400 KB item. */
const HTML_BLOCKS = new Set<string>([
  'indexHeader',
  'whyUsText',
  'indexExtra',
  'indexExtra2',
  'indexExtra3',
  'indexExtra4',
]);

export const isContentBlockKey = (key: string): key is ContentBlockKey =>
  (CONTENT_BLOCK_KEYS as readonly string[]).includes(key);

/** Admin PUT content.json: a partial update of known block keys; any other key is a 400 (strict). */
export const contentBlocksBody = v.strictObject(
  Object.fromEntries(
    CONTENT_BLOCK_KEYS.map((k) => [k, v.optional(text(HTML_BLOCKS.has(k) ? 20_000 : 2_000))]),
  ) as Record<ContentBlockKey, v.OptionalSchema<ReturnType<typeof text>, undefined>>,
);

/** Every block present, '' where the row holds none, so the website never meets a missing field. */
export function blocksView(stored: Partial<Record<string, unknown>>): Record<ContentBlockKey, string> {
  return Object.fromEntries(
    CONTENT_BLOCK_KEYS.map((k) => [k, typeof stored[k] === 'string' ? stored[k] : '']),
  ) as Record<ContentBlockKey, string>;
}

// ---------------------------------------------------------------------------------------------------------
// Field schemas

export const SLUG = /^[a-z0-9-]{1,64}$/;
export const slug = v.pipe(
  v.string('must be a string'),
  v.regex(SLUG, 'must be 1 to 64 characters a-z, 0-9 or -'),
);
const html = text(60_000);
const order = intLike(0, 99_999);
const optionalId = intLike(1);
const rating = intLike(1, 5);

/**
 * A timestamp given as `YYYY-MM-DD` or ISO-8601 date-time (UTC unless it carries an offset); stored as full ISO-8601 UTC so the sort keys
 * built from it order by time.
 */
export const timestamp = v.pipe(
  v.string('must be a date or an ISO-8601 timestamp'),
  v.regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/,
    'must be a date or an ISO-8601 timestamp',
  ),
  // A date-time without an offset is UTC, whatever the server's zone.
  v.transform((s) => {
    if (s.length === 10) return `${s}T00:00:00Z`;
    const t = s.replace(' ', 'T');
    return /(Z|[+-]\d{2}:\d{2})$/.test(t) ? t : `${t}Z`;
  }),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'is not a valid date'),
  v.transform((s) => new Date(s).toISOString()),
);

const menuChild = v.strictObject({ title: requiredText(128), url: v.optional(text(512), '') });

// ---------------------------------------------------------------------------------------------------------
// Kind definitions

export type ContentKindName =
  | 'pages'
  | 'reviews'
  | 'sliders'
  | 'menus'
  | 'links'
  | 'faqs'
  | 'events'
  | 'blogCategories'
  | 'blogPosts'
  | 'attractionCategories'
  | 'attractions';

export interface ContentKind {
  /** Admin path segment (`/API/adminContent/V1/<kind>.json`) and fixture key. */
  readonly kind: ContentKindName;
  /** Singular noun for messages. */
  readonly label: string;
  readonly idField: string;
  /** Key prefix of the record (`PAGE#12 / PAGE`). */
  readonly entity: string;
  readonly counter: string;
  /** Settable fields; on update every one is optional, anything else is a 400. */
  readonly fields: Readonly<Record<string, AnySchema>>;
  readonly required: readonly string[];
  /** Values a create fills in for omitted fields, so stored records are complete. */
  readonly defaults: ContentRecord;
  /** alias → field, accepted on input and emitted beside the field on output. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** GSI1 partition of the active records (sparse). */
  readonly activeList: string;
  /** GSI2 partition of a parent's active records (reviews by property, posts/attractions by category). */
  readonly parent?: {
    readonly field: string;
    readonly prefix: string;
    readonly kind: ContentKindName | 'property';
  };
  /** Sort key in website order; `newestFirst` reads it backwards. */
  readonly order: (r: ContentRecord) => string;
  readonly newestFirst?: boolean;
  /** Server-kept timestamps: dateUpdated on every write, dateCreated once (unless given). */
  readonly stamps?: { readonly updated?: boolean; readonly created?: boolean };
  /** A field kept unique by a guard item (page slugs, C2). */
  readonly unique?: string;
  /** The author (events): the creating admin's id. */
  readonly author?: string;
  /** soft: DELETE sets isActive=0 (the record and its URL stay, restorable); hard: the item is removed. */
  readonly deleteMode: 'soft' | 'hard';
  readonly listFields: readonly string[];
  readonly fullFields?: readonly string[];
  /** List views cut this field to its first n characters (blog list). */
  readonly excerpt?: { readonly field: string; readonly length: number };
  /** Cross-field rule on the merged record; throws BadRequest. */
  readonly check?: (r: ContentRecord) => void;
}

const byText = (value: unknown, id: unknown) =>
  `${String(value ?? '')
    .toLowerCase()
    .slice(0, 100)}#${pad(Number(id))}`;
const byNumber = (value: unknown, id: unknown) => `${pad(Number(value ?? 0), 6)}#${pad(Number(id))}`;
const byDate = (value: unknown, id: unknown) => `${String(value ?? '')}#${pad(Number(id))}`;

const pages: ContentKind = {
  kind: 'pages',
  label: 'page',
  idField: 'pageId',
  entity: 'PAGE',
  counter: 'page',
  fields: {
    pageTitle: requiredText(256),
    pageUrl: slug,
    pageDesc: text(1000),
    pageImage: text(512),
    pageContent: html,
    pageKeywords: text(1000),
    isActive: flag01,
  },
  required: ['pageTitle', 'pageUrl'],
  defaults: { pageDesc: '', pageImage: '', pageContent: '', pageKeywords: '', isActive: 1 },
  activeList: 'PAGES#active',
  order: (r) => byText(r.pageTitle, r.pageId),
  stamps: { updated: true },
  unique: 'pageUrl',
  deleteMode: 'soft',
  listFields: ['pageId', 'pageTitle', 'pageUrl', 'pageDesc', 'pageImage', 'dateUpdated'],
  fullFields: [
    'pageId',
    'pageTitle',
    'pageUrl',
    'pageDesc',
    'pageImage',
    'dateUpdated',
    'pageContent',
    'pageKeywords',
  ],
};

const reviews: ContentKind = {
  kind: 'reviews',
  label: 'review',
  idField: 'reviewId',
  entity: 'REVIEW',
  counter: 'review',
  fields: {
    reviewTitle: requiredText(256),
    reviewText: requiredText(5000),
    r1: rating,
    r2: rating,
    r3: rating,
    r4: rating,
    r5: rating,
    r6: rating,
    propertyId: optionalId,
    tenantFirstName: text(64),
    tenantLastName: text(64),
    dateCreated: timestamp,
    isActive: flag01,
  },
  required: ['reviewTitle', 'reviewText'],
  defaults: { tenantFirstName: '', tenantLastName: '', isActive: 1 },
  activeList: 'REVIEWS',
  parent: { field: 'propertyId', prefix: 'PROPREVIEWS', kind: 'property' },
  order: (r) => byDate(r.dateCreated, r.reviewId),
  newestFirst: true,
  stamps: { created: true },
  deleteMode: 'soft',
  listFields: [
    'reviewId',
    'reviewTitle',
    'reviewText',
    'r1',
    'r2',
    'r3',
    'r4',
    'r5',
    'r6',
    'dateCreated',
    'propertyId',
    'tenantFirstName',
    'tenantLastName',
  ],
};

const sliders: ContentKind = {
  kind: 'sliders',
  label: 'slider',
  idField: 'sliderId',
  entity: 'SLIDER',
  counter: 'slider',
  fields: {
    sliderUrl: requiredText(512),
    sliderHeader: text(256),
    sliderText: text(2000),
    sliderButtonText: text(128),
    sliderButtonUrl: text(512),
    sliderOrder: order,
    isActive: flag01,
  },
  required: ['sliderUrl'],
  defaults: {
    sliderHeader: '',
    sliderText: '',
    sliderButtonText: '',
    sliderButtonUrl: '',
    sliderOrder: 0,
    isActive: 1,
  },
  activeList: 'SLIDERS#active',
  order: (r) => byNumber(r.sliderOrder, r.sliderId),
  deleteMode: 'hard',
  listFields: ['sliderId', 'sliderUrl', 'sliderHeader', 'sliderText', 'sliderButtonText', 'sliderButtonUrl'],
};

const menus: ContentKind = {
  kind: 'menus',
  label: 'menu',
  idField: 'menuId',
  entity: 'MENU',
  counter: 'menu',
  fields: {
    menuTitle: requiredText(128),
    menuUrl: text(512),
    menuFor: intLike(1, 3),
    children: v.pipe(
      v.array(menuChild, 'must be an array of {title, url}'),
      v.maxLength(50, 'must have at most 50 entries'),
    ),
    menuOrder: order,
    isActive: flag01,
  },
  required: ['menuTitle'],
  defaults: { menuUrl: '', menuFor: 1, children: [], menuOrder: 0, isActive: 1 },
  activeList: 'MENUS#active',
  order: (r) => byNumber(r.menuOrder, r.menuId),
  deleteMode: 'hard',
  listFields: ['menuId', 'menuTitle', 'menuUrl', 'menuFor', 'children'],
};

const links: ContentKind = {
  kind: 'links',
  label: 'link',
  idField: 'linkId',
  entity: 'LINK',
  counter: 'link',
  fields: {
    linkTitle: requiredText(128),
    linkUrl: requiredText(512),
    linkGroup: v.picklist(['footer', 'quick'], 'must be footer or quick'),
    linkOrder: order,
    isActive: flag01,
  },
  required: ['linkTitle', 'linkUrl'],
  defaults: { linkGroup: 'footer', linkOrder: 0, isActive: 1 },
  activeList: 'LINKS#active',
  order: (r) => byNumber(r.linkOrder, r.linkId),
  deleteMode: 'hard',
  listFields: ['linkId', 'linkTitle', 'linkUrl', 'linkGroup'],
};

const faqs: ContentKind = {
  kind: 'faqs',
  label: 'FAQ entry',
  idField: 'faqId',
  entity: 'FAQ',
  counter: 'faq',
  fields: {
    faqQuestion: requiredText(1000),
    faqAnswer: requiredText(20_000),
    faqOrder: order,
    isActive: flag01,
  },
  required: ['faqQuestion', 'faqAnswer'],
  defaults: { faqOrder: 0, isActive: 1 },
  aliases: { faqName: 'faqQuestion', faqContent: 'faqAnswer' },
  activeList: 'FAQS#active',
  order: (r) => byNumber(r.faqOrder, r.faqId),
  stamps: { updated: true },
  deleteMode: 'hard',
  listFields: ['faqId', 'faqQuestion', 'faqAnswer', 'dateUpdated'],
};

const events: ContentKind = {
  kind: 'events',
  label: 'event',
  idField: 'eventId',
  entity: 'EVENT',
  counter: 'event',
  fields: {
    eventTitle: requiredText(256),
    eventUrl: text(512),
    eventCategory: text(128),
    eventDateStart: isoDate,
    eventDateEnd: isoDate,
    eventImage: text(512),
    eventContent: html,
    eventDesc: text(1000),
    eventKeywords: text(1000),
    isActive: flag01,
  },
  required: ['eventTitle', 'eventDateStart'],
  defaults: {
    eventUrl: '',
    eventCategory: '',
    eventImage: '',
    eventContent: '',
    eventDesc: '',
    eventKeywords: '',
    isActive: 1,
  },
  activeList: 'EVENTS#active',
  order: (r) => byDate(r.eventDateStart, r.eventId),
  author: 'adminId',
  deleteMode: 'soft',
  listFields: [
    'eventId',
    'eventTitle',
    'eventUrl',
    'eventCategory',
    'eventDateStart',
    'eventDateEnd',
    'eventImage',
  ],
  fullFields: [
    'eventId',
    'eventTitle',
    'eventUrl',
    'eventCategory',
    'eventDateStart',
    'eventDateEnd',
    'eventImage',
    'eventContent',
    'eventDesc',
    'eventKeywords',
    'adminId',
  ],
  check: (r) => {
    if (r.eventDateEnd === undefined) r.eventDateEnd = r.eventDateStart;
    if (String(r.eventDateEnd) < String(r.eventDateStart)) {
      throw new BadRequest('eventDateEnd must not be before eventDateStart', [
        { field: 'eventDateEnd', message: 'is before eventDateStart' },
      ]);
    }
  },
};

const blogCategories: ContentKind = {
  kind: 'blogCategories',
  label: 'blog category',
  idField: 'categoryId',
  entity: 'BLOGCAT',
  counter: 'blogCategory',
  fields: { categoryName: requiredText(128), isActive: flag01 },
  required: ['categoryName'],
  defaults: { isActive: 1 },
  activeList: 'BLOGCATS#active',
  order: (r) => byText(r.categoryName, r.categoryId),
  deleteMode: 'soft',
  listFields: ['categoryId', 'categoryName', 'isActive'],
};

const blogPosts: ContentKind = {
  kind: 'blogPosts',
  label: 'blog post',
  idField: 'postId',
  entity: 'POST',
  counter: 'post',
  fields: {
    postTitle: requiredText(256),
    postDesc: text(1000),
    postContent: html,
    postUrl: text(256),
    postCategory: optionalId,
    postImage: text(512),
    dateCreated: timestamp,
    isActive: flag01,
  },
  required: ['postTitle'],
  defaults: { postDesc: '', postContent: '', postUrl: '', postImage: '', isActive: 1 },
  activeList: 'POSTS#active',
  parent: { field: 'postCategory', prefix: 'POSTCAT', kind: 'blogCategories' },
  order: (r) => byDate(r.dateCreated, r.postId),
  newestFirst: true,
  stamps: { created: true },
  deleteMode: 'soft',
  listFields: [
    'postId',
    'postTitle',
    'postDesc',
    'postContent',
    'postUrl',
    'postCategory',
    'postImage',
    'dateCreated',
  ],
  excerpt: { field: 'postContent', length: 300 },
};

const attractionCategories: ContentKind = {
  kind: 'attractionCategories',
  label: 'attraction category',
  idField: 'categoryId',
  entity: 'ATTRCAT',
  counter: 'attractionCategory',
  fields: { categoryName: requiredText(128), categoryDesc: text(2000), isActive: flag01 },
  required: ['categoryName'],
  defaults: { categoryDesc: '', isActive: 1 },
  activeList: 'ATTRCATS#active',
  order: (r) => byText(r.categoryName, r.categoryId),
  deleteMode: 'soft',
  listFields: ['categoryId', 'categoryName', 'categoryDesc', 'isActive'],
};

const attractions: ContentKind = {
  kind: 'attractions',
  label: 'attraction',
  idField: 'attractionId',
  entity: 'ATTRACTION',
  counter: 'attraction',
  fields: {
    attractionTitle: requiredText(256),
    attractionUrl: text(256),
    attractionContent: html,
    attractionDesc: text(1000),
    attractionImage: text(512),
    categoryId: optionalId,
    isActive: flag01,
  },
  required: ['attractionTitle'],
  defaults: {
    attractionUrl: '',
    attractionContent: '',
    attractionDesc: '',
    attractionImage: '',
    isActive: 1,
  },
  activeList: 'ATTRACTIONS#active',
  parent: { field: 'categoryId', prefix: 'ATTRCAT', kind: 'attractionCategories' },
  order: (r) => byText(r.attractionTitle, r.attractionId),
  deleteMode: 'soft',
  listFields: [
    'attractionId',
    'attractionTitle',
    'attractionUrl',
    'attractionContent',
    'attractionDesc',
    'attractionImage',
    'categoryId',
    'categoryName',
  ],
};

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

// ---------------------------------------------------------------------------------------------------------
// Input schemas built from the definitions

export function createBodyOf(def: ContentKind) {
  return v.strictObject(
    Object.fromEntries(
      Object.entries(def.fields).map(([f, s]) => [f, def.required.includes(f) ? s : v.optional(s)]),
    ),
  );
}

/** The update whitelist: the same fields, all optional; anything else is a 400. */
export function updateBodyOf(def: ContentKind) {
  return v.strictObject(Object.fromEntries(Object.entries(def.fields).map(([f, s]) => [f, v.optional(s)])));
}

/** Fixture records: the create fields plus the kept id and the server-kept fields a fixture may set. */
export function fixtureRecordOf(def: ContentKind) {
  const extra: Record<string, AnySchema> = { [def.idField]: v.optional(intLike(1)) };
  if (def.stamps?.updated) extra.dateUpdated = v.optional(timestamp);
  if (def.author) extra[def.author] = v.optional(intLike(1));
  return v.strictObject({ ...createBodyOf(def).entries, ...extra });
}

// ---------------------------------------------------------------------------------------------------------
// Pure rules

/** The record a create stores: defaults, the input, the id, the server-kept stamps. */
export function newRecord(
  def: ContentKind,
  input: ContentRecord,
  id: number,
  now: Date,
  authorId?: number,
): ContentRecord {
  const record: ContentRecord = { ...def.defaults, ...definedOnly(input), [def.idField]: id };
  const at = now.toISOString();
  if (def.stamps?.created && record.dateCreated === undefined) record.dateCreated = at;
  if (def.stamps?.updated && record.dateUpdated === undefined) record.dateUpdated = at;
  if (def.author && record[def.author] === undefined && authorId !== undefined) record[def.author] = authorId;
  def.check?.(record);
  return record;
}

/** The record after an update: only the given fields change; dateUpdated moves. */
export function updatedRecord(
  def: ContentKind,
  current: ContentRecord,
  input: ContentRecord,
  now: Date,
): ContentRecord {
  const record: ContentRecord = { ...current, ...definedOnly(input) };
  if (def.stamps?.updated) record.dateUpdated = now.toISOString();
  def.check?.(record);
  return record;
}

export const isActive = (r: ContentRecord) => Number(r.isActive ?? 1) === 1;

/** The first `length` characters (code points, so an emoji is never cut in half). */
export function excerpt(value: unknown, length: number): string {
  const s = typeof value === 'string' ? value : '';
  const chars = Array.from(s);
  return chars.length <= length ? s : chars.slice(0, length).join('');
}

function pick(record: ContentRecord, fields: readonly string[]): ContentRecord {
  const out: ContentRecord = {};
  for (const f of fields) if (record[f] !== undefined) out[f] = record[f];
  return out;
}

/** Old clients read the alias, new ones the field: both are emitted. */
function withAliases(def: ContentKind, out: ContentRecord): ContentRecord {
  for (const [alias, field] of Object.entries(def.aliases ?? {}))
    if (out[field] !== undefined) out[alias] = out[field];
  return out;
}

export function listView(def: ContentKind, record: ContentRecord): ContentRecord {
  const out = pick(record, def.listFields);
  if (def.excerpt) out[def.excerpt.field] = excerpt(out[def.excerpt.field], def.excerpt.length);
  return withAliases(def, out);
}

export function fullView(def: ContentKind, record: ContentRecord): ContentRecord {
  return withAliases(def, pick(record, def.fullFields ?? def.listFields));
}

/** Admins see the whole stored record, inactive ones included. */
export function adminView(def: ContentKind, record: ContentRecord): ContentRecord {
  return withAliases(def, { ...record });
}

/** Admin lists: every record, in the same order the website shows the active ones. */
export function inWebsiteOrder(def: ContentKind, records: ContentRecord[]): ContentRecord[] {
  const sorted = [...records].sort((a, b) =>
    def.order(a) < def.order(b) ? -1 : def.order(a) > def.order(b) ? 1 : 0,
  );
  return def.newestFirst ? sorted.reverse() : sorted;
}

/** Spec convention 4 for fixtures and other non-HTTP input: the field wins when both are given. */
export function resolveAliases(def: ContentKind, input: ContentRecord): ContentRecord {
  const out = { ...input };
  for (const [alias, field] of Object.entries(def.aliases ?? {})) {
    if (!(alias in out)) continue;
    if (!(field in out)) out[field] = out[alias];
    delete out[alias];
  }
  return out;
}

function definedOnly(input: ContentRecord): ContentRecord {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
