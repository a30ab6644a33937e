import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTiers } from './tiers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('test tiers (test/tiers.ts, docs/testing.md "Tiers")', () => {
  const tiers = testTiers(ROOT);

  it('puts every test file in exactly one tier', () => {
    const all = [...tiers.unit, ...tiers.http, ...tiers.slow];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('test/tiers.test.ts');
  });

  it('tiers a file by what it reaches: the runtime is http, npm start, a browser or a synth is slow', () => {
    expect(tiers.unit).toEqual(
      expect.arrayContaining([
        'shared/domain/rent/late-fee.test.ts',
        'test/layers.test.ts',
        'test/source-rules.test.ts',
        'test/doc-paths.test.ts',
      ]),
    );
    // client.ts → file-runtime.ts; in-process.ts → file-runtime.ts
    expect(tiers.http).toEqual(
      expect.arrayContaining(['test/publicAuth.test.ts', 'test/tenant-words.test.ts']),
    );
    expect(tiers.slow).toEqual(
      expect.arrayContaining([
        'test/readme.test.ts', // npm-start.ts spawns infra/local/main.ts
        'test/local-runtime.test.ts', // spawns it itself
        'test/browser.test.ts', // playwright-core
        'test/stack.test.ts', // aws-cdk-lib/assertions
      ]),
    );
  });
});
