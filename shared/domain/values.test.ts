import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { intLike } from './values.js';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? result.output : result.issues.map((issue) => issue.message);
};

describe('intLike: an integer as JSON or as its digits', () => {
  it('takes both forms within its bounds', () => {
    expect(messages(intLike(1), 2002)).toBe(2002);
    expect(messages(intLike(1), '2002')).toBe(2002);
    expect(messages(intLike(-5, 5), '-3')).toBe(-3);
  });

  it('says what is wrong with either form', () => {
    expect(messages(intLike(1), 0)).toEqual(['must be at least 1']);
    expect(messages(intLike(1), '0')).toEqual(['must be at least 1']);
    expect(messages(intLike(1, 10), '11')).toEqual(['must be at most 10']);
    expect(messages(intLike(1), 2.5)).toEqual(['must be an integer']);
    expect(messages(intLike(0), '-1')).toEqual(['must be an integer of at least 0']);
    expect(messages(intLike(1), '2002a')).toEqual(['must be an integer of at least 1']);
    expect(messages(intLike(-5, 5), 'x')).toEqual(['must be an integer']);
    expect(messages(intLike(1), true)).toEqual(['must be an integer of at least 1']);
  });
});
