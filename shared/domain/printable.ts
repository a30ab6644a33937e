/**
 * Text from outside (a webhook receiver's answer, an iCal event's UID) made fit to store and show in an
 * admin's log: script and style blocks, HTML comments and tags are dropped (the log is read as text, and a
 * page's markup says nothing a reader needs), any `<` or `>` left is dropped too (so no markup survives a cut
 * tag), control and invisible formatting characters (C0, C1, DEL, bidi overrides, zero-width) become spaces,
 * white space runs become one space, and the result is cut to `max` characters, with "…" when cut.
 */
const BLOCKS = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const TAGS = /<[^<>]*>/g;
const ANGLES = /[<>]/g;
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const SPACES = /\s+/g;

export function printableExcerpt(text: string, max: number): string {
  const clean = text
    .replace(BLOCKS, ' ')
    .replace(COMMENTS, ' ')
    .replace(TAGS, ' ')
    .replace(ANGLES, ' ')
    .replace(INVISIBLE, ' ')
    .replace(SPACES, ' ')
    .trim();
  // By code points, so a cut never splits a surrogate pair.
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max).join('').trimEnd()}…`;
}
