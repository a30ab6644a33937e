/** The public query schemas: limits default, clamp and refuse as the spec's Limits table says. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getPage, listAttractions, listEvents, listReviews } from './routes.js';

const parse = (schema: v.GenericSchema | undefined, input: unknown) =>
  v.safeParse(schema ?? v.never(), input);

describe('public content limits', () => {
  it.each([
    ['reviews', listReviews.query, 20, 50],
    ['events', listEvents.query, 50, 100],
    ['attractions', listAttractions.query, 100, 200],
  ] as const)('%s: default %i, a larger limit clamped to %i', (_name, schema, byDefault, max) => {
    expect(parse(schema, {}).output).toMatchObject({ limit: byDefault });
    expect(parse(schema, { limit: '7' }).output).toMatchObject({ limit: 7 });
    expect(parse(schema, { limit: String(max + 1) }).output).toMatchObject({ limit: max });
    expect(parse(schema, { limit: '99999' }).output).toMatchObject({ limit: max });
  });

  it.each([['abc'], ['0'], ['-5'], ['1.5'], ['']])('refuses limit %j', (limit) => {
    expect(parse(listReviews.query, { limit }).success).toBe(false);
  });

  it('takes propertyId and category as positive integers', () => {
    expect(parse(listReviews.query, { propertyId: '2001' }).output).toMatchObject({ propertyId: 2001 });
    expect(parse(listReviews.query, { propertyId: 'x' }).success).toBe(false);
    expect(parse(listAttractions.query, { category: '3' }).output).toMatchObject({ category: 3 });
    expect(listAttractions.aliases?.query).toEqual({ categoryId: 'category' });
  });
});

describe('page slug', () => {
  it.each(['about', 'a', 'about-us-2', 'x'.repeat(64)])('accepts %s', (slug) => {
    expect(parse(getPage.params, { slug }).success).toBe(true);
  });
  it.each(['About', 'a_b', 'a.b', 'a b', '', 'x'.repeat(65), 'café'])('refuses %j', (slug) => {
    expect(parse(getPage.params, { slug }).success).toBe(false);
  });
});
