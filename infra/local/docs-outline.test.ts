import { describe, expect, it } from 'vitest';
import { ROUTES, WEBHOOK_PAYLOADS } from '../../functions/registry.js';
import { buildOpenApiDocument } from '../openapi.js';
import { docsOutline, inlineText, sectionId } from './docs-outline.js';

describe('the docs page’s outline', () => {
  const document = buildOpenApiDocument(ROUTES, { webhooks: WEBHOOK_PAYLOADS });
  const html = docsOutline(document);

  it('links every operation, webhook and schema where the reference shows it, once per section it is in', () => {
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const { operationId, tags = [] } = operation as { operationId: string; tags?: string[] };
        const links = html.split(`href="#/operations/${operationId}"`).length - 1;
        expect(links, `${method} ${path}`).toBe(tags.length);
        expect(html).toContain(`<code>${path}</code>`);
      }
    for (const event of Object.keys(WEBHOOK_PAYLOADS))
      expect(html).toContain(`href="#/webhooks/webhook.${event}"`);
    expect(html).toContain('href="#/schemas/Problem"');
  });

  it('has a section per tag, in the document’s order, each listed in its contents', () => {
    const headings = [...html.matchAll(/<h2 id="(section-[^"]+)">/g)].map((m) => m[1]);
    expect(headings).toEqual([...document.tags.map((t) => sectionId(t.name)), 'section-schemas']);
    for (const id of headings) expect(html).toContain(`<a href="#${id}">`);
  });

  it('escapes what the document says, and draws its code spans as code', () => {
    expect(inlineText('Reads `months` months <b>&')).toBe('Reads <code>months</code> months &lt;b&gt;&amp;');
    const odd = docsOutline({
      info: { title: 'A <script>', version: '1"' },
      paths: { '/x': { get: { operationId: 'a"b', summary: '<img src=x>', tags: ['T&T'] } } },
    });
    expect(odd).not.toMatch(/<script>|<img|href="#\/operations\/a"b"/);
    expect(odd).toContain('href="#/operations/a%22b"');
    expect(odd).toContain('<h2 id="section-t-t">T&amp;T</h2>');
  });

  it('names a section id from its name', () => {
    expect(sectionId('Admin leases')).toBe('section-admin-leases');
    expect(sectionId(' iCal ')).toBe('section-ical');
  });
});
