/**
 * The local runtime's pages beside the API (infra/local: the home page, `/docs`, `/pay`, `/autopay`,
 * `/reset-password`), as a browser, a link checker or an uptime probe asks for them.
 */
import { describe, expect, it } from 'vitest';
import { API_URL } from './support/client.js';

describe('the local pages', () => {
  it('answer HEAD like GET, without a body', async () => {
    for (const path of ['/', '/docs', '/docs/', '/openapi.json', '/pay', '/autopay', '/reset-password']) {
      const get = await fetch(new URL(path, API_URL));
      const head = await fetch(new URL(path, API_URL), { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(get.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(await head.text(), path).toBe('');
      expect((await get.text()).length, path).toBeGreaterThan(0);
    }
  });
});
