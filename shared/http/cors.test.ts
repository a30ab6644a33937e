import { describe, expect, it } from 'vitest';
import { parseCorsOrigins } from './cors.js';

describe('CORS_ORIGINS', () => {
  it('takes a comma-separated list of exact origins', () => {
    expect(parseCorsOrigins(' https://www.example.com, http://localhost:5173 ')).toEqual([
      'https://www.example.com',
      'http://localhost:5173',
    ]);
  });

  it('allows no cross-origin caller when unset', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
  });

  it.each(['*', 'null', 'NULL', 'https://*.example.com', 'https://a.example.com,*'])(
    'refuses %s, since credentials are allowed',
    (raw) => {
      expect(() => parseCorsOrigins(raw)).toThrow(/credentials are allowed/);
    },
  );

  it.each(['example.com', 'https://example.com/path', 'ftp://example.com', 'https://example.com:99999x'])(
    'refuses %s, which is not an origin',
    (raw) => {
      expect(() => parseCorsOrigins(raw)).toThrow(/is not an origin/);
    },
  );
});
