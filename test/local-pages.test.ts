/**
 * The local runtime's pages beside the API (infra/local: the home page, `/docs` and its operations' views,
 * `/pay`, `/autopay`, `/reset-password`), as a browser, a link checker or an uptime probe asks for them.
 */
import { describe, expect, it } from 'vitest';
import { API_URL } from './support/client.js';

describe('the local pages', () => {
  it('answer HEAD like GET, without a body', async () => {
    for (const path of [
      '/',
      '/docs',
      '/docs/',
      '/docs/operations/publicBooking.quote',
      '/openapi.json',
      '/pay',
      '/autopay',
      '/reset-password',
    ]) {
      const get = await fetch(new URL(path, API_URL));
      const head = await fetch(new URL(path, API_URL), { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(get.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(await head.text(), path).toBe('');
      expect((await get.text()).length, path).toBeGreaterThan(0);
    }
  });

  it('draw an operation of the docs page by its id, and answer 404 for an id the document does not have', async () => {
    const view = await fetch(new URL('/docs/operations/adminProperties.get.alias', API_URL));
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    const html = await view.text();
    expect(html).toContain('<code>/API/adminProperties/V1/property/{id}.json</code>');
    expect(html).toContain('(alias: singular path)');
    for (const id of ['no.such.operation', 'a%2Fb'])
      expect((await fetch(new URL(`/docs/operations/${id}`, API_URL))).status, id).toBe(404);
  });
});
