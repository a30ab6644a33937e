import { describe, expect, it } from 'vitest';
import { PathMatcher } from './path-matcher.js';

describe('PathMatcher', () => {
  const m = new PathMatcher<string>();
  m.add('GET', '/API/x/V1/things.json', 'list');
  m.add('POST', '/API/x/V1/things.json', 'create');
  m.add('GET', '/API/x/V1/things/{id}.json', 'get');
  m.add('DELETE', '/API/x/V1/things/{id}.json', 'delete');

  it('matches literal paths by method', () => {
    expect(m.match('GET', '/API/x/V1/things.json')).toEqual({ kind: 'found', value: 'list', params: {} });
    expect(m.match('POST', '/API/x/V1/things.json')).toMatchObject({ value: 'create' });
  });

  it('matches a parameter inside a segment ({id}.json) and decodes it', () => {
    expect(m.match('GET', '/API/x/V1/things/42.json')).toEqual({
      kind: 'found',
      value: 'get',
      params: { id: '42' },
    });
    expect(m.match('GET', '/API/x/V1/things/a%20b.json')).toMatchObject({ params: { id: 'a b' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(m.match('PUT', '/API/x/V1/things/42.json')).toMatchObject({
      kind: 'wrongMethod',
      allow: ['GET', 'DELETE'],
    });
    expect(m.match('GET', '/API/x/V1/things/42.xml')).toEqual({ kind: 'notFound' });
    expect(m.match('GET', '/API/x/V1/things/4/2.json')).toEqual({ kind: 'notFound' });
    expect(m.match('GET', '/API/x/V1/things/.json')).toEqual({ kind: 'notFound' });
  });

  it('refuses a duplicate route', () => {
    expect(() => m.add('GET', '/API/x/V1/things/{id}.json', 'again')).toThrow(/Duplicate/);
  });
});
