/**
 * The CMS block set (spec "CMS content block set", C1): one row of named text blocks for the home page. The
 * public content/{key}.json accepts exactly these names; the admin PUT sets some of them.
 */
import * as v from 'valibot';
import { text } from '../values.js';

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

/** The block set after a write of some blocks: the given ones replace theirs, the others keep their values. */
export function blocksAfter(
  stored: Partial<Record<string, unknown>>,
  given: Partial<Record<string, unknown>>,
): Record<ContentBlockKey, string> {
  const next = { ...stored };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) next[key] = value;
  return blocksView(next);
}
