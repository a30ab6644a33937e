/**
 * What a content kind definition says: its settable fields, keys, website order, public views and delete
 * mode. The definitions themselves are in site-kinds.ts and article-kinds.ts.
 */
import type { AnySchema } from '../../http/route.js';

/** A content record as stored and shown (field names of the API). */
export type ContentRecord = Record<string, unknown>;

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
  /** The record's name in the audit log and change events (`page`, `blogPost` …). */
  readonly recordType: string;
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
  /** Personal fields the audit log says changed but never shows (a review author's names). */
  readonly masked?: readonly string[];
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

// Sort keys in website order: a value, then the zero-padded id so equal values keep a stable order. (The same
// padding as the table's keys, shared/db/keys.ts; the domain does not import the storage layer.)

const pad = (n: number, width = 10): string => String(n).padStart(width, '0');

export const byText = (value: unknown, id: unknown) =>
  `${String(value ?? '')
    .toLowerCase()
    .slice(0, 100)}#${pad(Number(id))}`;
export const byNumber = (value: unknown, id: unknown) => `${pad(Number(value ?? 0), 6)}#${pad(Number(id))}`;
export const byDate = (value: unknown, id: unknown) => `${String(value ?? '')}#${pad(Number(id))}`;
