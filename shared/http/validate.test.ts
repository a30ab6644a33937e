import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BadRequest } from '../errors.js';
import { paging } from './schemas.js';
import { parseOrThrow } from './validate.js';

const fieldErrors = (schema: Parameters<typeof parseOrThrow>[0], input: unknown) => {
  try {
    parseOrThrow(schema, input, 'body');
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequest);
    return (error as BadRequest).errors;
  }
  throw new Error('expected a 400');
};

describe('parseOrThrow', () => {
  const body = v.strictObject({ name: v.string(), note: v.optional(v.string()) });

  it('names a missing required field as required, not as unknown', () => {
    expect(fieldErrors(body, {})).toEqual([{ field: 'name', message: 'is required' }]);
  });

  it('names an extra field of a strict body as unknown', () => {
    expect(fieldErrors(body, { name: 'a', colour: 'red' })).toEqual([
      { field: 'colour', message: 'unknown field' },
    ]);
  });
});

describe('paging', () => {
  const query = v.object(paging());

  it('clamps a limit of any size to the maximum', () => {
    expect(v.parse(query, { limit: '99999999999999999999' })).toEqual({ page: 1, limit: 100 });
    expect(v.parse(query, { limit: '5' })).toEqual({ page: 1, limit: 5 });
  });

  it('takes any page up to 2^31-1 and refuses zero, negatives and words', () => {
    expect(v.parse(query, { page: '100001' }).page).toBe(100_001);
    expect(v.parse(query, { page: '2147483647' }).page).toBe(2_147_483_647);
    for (const page of ['0', '-1', 'abc', '2147483648']) {
      expect(v.safeParse(query, { page }).success, page).toBe(false);
    }
    expect(v.safeParse(query, { limit: 'ten' }).success).toBe(false);
  });
});
