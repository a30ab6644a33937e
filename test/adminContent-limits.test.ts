/**
 * Records whose text adds up past DynamoDB's 400 KB item limit: the write is refused with a 413 problem and
 * nothing changes — never a 500, never a 409 that says "try again" for a write that can never succeed.
 */
import { describe, expect, it } from 'vitest';
import { problem, signedIn } from './support/client.js';

// Three UTF-8 bytes a character: the schemas count characters, the store counts bytes.
const cjk = (n: number) => '漢'.repeat(n);
const HTML_BLOCKS = ['indexHeader', 'whyUsText', 'indexExtra', 'indexExtra2', 'indexExtra3', 'indexExtra4'];
const SHORT_BLOCKS = [
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
  'keyPoint1',
  'keyPoint2',
];

describe('the CMS block row near the item size limit', () => {
  it('answers 413 when the blocks together would pass 400 KB, and keeps the stored blocks', async () => {
    const admin = await signedIn('super');
    // Two writes, each under the 256 KB body limit; the row then holds about 360 KB.
    for (const half of [HTML_BLOCKS.slice(0, 3), HTML_BLOCKS.slice(3)]) {
      const put = await admin.put(
        '/API/adminContent/V1/content.json',
        Object.fromEntries(half.map((k) => [k, cjk(20_000)])),
      );
      expect(put.status, put.text.slice(0, 300)).toBe(200);
    }

    const over = await admin.put(
      '/API/adminContent/V1/content.json',
      Object.fromEntries(SHORT_BLOCKS.map((k) => [k, cjk(2_000)])),
    );
    expect(over.status, over.text.slice(0, 300)).toBe(413);
    expect(problem(over).detail).toMatch(/400 KB/);

    const after = await admin.get('/API/siteContent/V1/content.json');
    expect(after.status).toBe(200);
    expect(String((after.body as Record<string, unknown>).indexSlogan ?? '')).not.toContain(cjk(10));
    expect(String((after.body as Record<string, unknown>).indexHeader)).toHaveLength(20_000);
  });
});
