import { describe, expect, it } from 'vitest';
import { checkJsonBody, mediaTypeOf, takesJsonOnly } from './media-type.js';

describe('media type of cookie writes', () => {
  it('applies to the writes a cookie authenticates, not to reads, public routes or webhooks', () => {
    const post = (auth: Parameters<typeof takesJsonOnly>[0]['auth']) =>
      takesJsonOnly({ method: 'POST', auth });
    expect(post({ kind: 'admin', roles: ['super_admin'] })).toBe(true);
    expect(post({ kind: 'tenant' })).toBe(true);
    expect(post({ kind: 'optionalTenant' })).toBe(true);
    expect(post({ kind: 'csrf' })).toBe(true);
    expect(takesJsonOnly({ method: 'DELETE', auth: { kind: 'tenant' } })).toBe(true);
    expect(takesJsonOnly({ method: 'GET', auth: { kind: 'tenant' } })).toBe(false);
    expect(post({ kind: 'public' })).toBe(false);
    expect(post({ kind: 'webhook', verifier: 'channel' })).toBe(false);
  });

  it('reads the media type without parameters, in any case', () => {
    expect(mediaTypeOf('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaTypeOf(' text/plain ')).toBe('text/plain');
    expect(mediaTypeOf('')).toBeUndefined();
    expect(mediaTypeOf(undefined)).toBeUndefined();
  });

  it('takes JSON, and no type only without a body', () => {
    expect(() => checkJsonBody('application/json', '{}')).not.toThrow();
    expect(() => checkJsonBody('application/json; charset=utf-8', '')).not.toThrow();
    expect(() => checkJsonBody(undefined, '')).not.toThrow();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      expect(() => checkJsonBody(type, ''), type).toThrow(/application\/json/);
    expect(() => checkJsonBody(undefined, '{}')).toThrow(/Content-Type: application\/json/);
    expect(() => checkJsonBody('application/jsonp', '{}')).toThrow();
  });
});
