import { describe, expect, it } from 'vitest';
import { BadRequest, Conflict } from '../../errors.js';
import { KIND } from './kinds.js';
import { duplicateValue, noSuchParent, parentIdOf } from './records.js';

describe('parent references', () => {
  it('names the parent a record points at, when its kind has one', () => {
    expect(parentIdOf(KIND.reviews, { propertyId: 2001 })).toBe(2001);
    expect(parentIdOf(KIND.blogPosts, { postCategory: '3' })).toBe(3);
    expect(parentIdOf(KIND.reviews, {})).toBeUndefined();
    expect(parentIdOf(KIND.sliders, { propertyId: 2001 })).toBeUndefined();
  });

  it('refuses a missing parent as a 400 on the reference field', () => {
    const error = noSuchParent(KIND.attractions, 9);
    expect(error).toBeInstanceOf(BadRequest);
    expect(error.errors).toEqual([{ field: 'categoryId', message: 'no such record' }]);
  });
});

describe('unique values', () => {
  it('answers a taken slug with a 409 that names it', () => {
    const error = duplicateValue(KIND.pages, { pageId: 4, pageUrl: 'about' });
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe('Another page already uses pageUrl "about"');
  });
});
