import { describe, expect, it } from 'vitest';
import { blocksAfter } from './blocks.js';

describe('blocksAfter', () => {
  it('replaces the given blocks, keeps the others and leaves undefined ones alone', () => {
    const after = blocksAfter(
      { indexHeader: '<h1>old</h1>', indexSlogan: 'kept' },
      { indexHeader: '<h1>new</h1>', c2aText: 'added', indexSlogan: undefined },
    );
    expect(after.indexHeader).toBe('<h1>new</h1>');
    expect(after.c2aText).toBe('added');
    expect(after.indexSlogan).toBe('kept');
    expect(after.keyPoint1).toBe('');
  });
});
