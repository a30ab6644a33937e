import { describe, expect, it } from 'vitest';
import { ROUTES, WEBHOOK_PAYLOADS } from '../../functions/registry.js';
import { buildOpenApiDocument } from '../openapi.js';
import { demoExamples } from '../openapi-examples.js';
import { docsOperation, typeText } from './docs-operation.js';
import { inlineText } from './docs-outline.js';

describe('an operation of the docs page drawn by the server', () => {
  const document = buildOpenApiDocument(ROUTES, {
    webhooks: WEBHOOK_PAYLOADS,
    examples: demoExamples({ now: new Date('2026-03-10T12:00:00Z'), origin: 'http://localhost:3000' }),
  });

  it('draws every operation and webhook of the document, and nothing for an id it does not have', () => {
    for (const items of [document.paths, document.webhooks ?? {}])
      for (const item of Object.values(items))
        for (const value of Object.values(item)) {
          const { operationId, summary } = value as { operationId: string; summary: string };
          expect(docsOperation(document, operationId), operationId).toContain('data-try-it');
          expect(docsOperation(document, operationId)).toContain(`<h1>${inlineText(summary)}`);
        }
    expect(docsOperation(document, 'no.such')).toBeUndefined();
  });

  it('says the method and path, the parameters, the body’s fields and example, and every answer', () => {
    const html = docsOperation(document, 'publicBooking.quote') ?? '';
    expect(html).toContain(
      '<span class="method method-post">POST</span> <code>/API/publicBooking/V1/quote.json</code>',
    );
    expect(html).toContain('<caption>The fields</caption>');
    expect(html).toMatch(/<td><code>dateFrom<\/code><\/td><td>string<\/td><td>yes<\/td>/);
    expect(html).toContain('&quot;couponCode&quot;: &quot;WELCOME10&quot;');
    for (const status of ['200', '400', '404', '429'])
      expect(html).toContain(`<td><code>${status}</code></td>`);

    const get = docsOperation(document, 'adminProperties.get.alias') ?? '';
    expect(get).toContain('<caption>The parameters</caption>');
    expect(get).toMatch(/<td><code>id<\/code><\/td><td>path<\/td><td>string<\/td><td>yes<\/td>/);
    expect(get).toContain('(alias: singular path)');
  });

  it('names a webhook’s payload as what is sent, and escapes what the document says', () => {
    const [event] = Object.keys(WEBHOOK_PAYLOADS);
    expect(docsOperation(document, `webhook.${event}`)).toContain('<h2>What is sent</h2>');
    const odd = docsOperation(
      {
        info: { title: 't', version: '1' },
        paths: { '/x<y>': { get: { operationId: 'odd', summary: '<img src=x>', description: '`a` & b' } } },
      },
      'odd',
    );
    expect(odd).not.toMatch(/<img|<y>/);
    expect(odd).toContain('<p><code>a</code> &amp; b</p>');
  });

  it('says a schema’s type in a few words', () => {
    expect(typeText({ anyOf: [{ type: 'integer' }, { type: 'string' }] })).toBe('integer or string');
    expect(typeText({ type: 'array', items: { $ref: '#/components/schemas/Problem' } })).toBe(
      'array of Problem',
    );
    expect(typeText({ enum: ['a', 1] })).toBe('one of "a", 1');
    expect(typeText({ type: ['string', 'null'] })).toBe('string or null');
    expect(typeText(undefined)).toBe('any');
  });
});
