import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pageOrigin } from './docs.js';

const opened = (host: string | undefined) =>
  ({ headers: host === undefined ? {} : { host } }) as IncomingMessage;
const base = 'http://localhost:3000';

describe('the docs page’s server (the origin the page was opened at)', () => {
  it.each([
    ['localhost:3000', 'http://localhost:3000'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['[::1]:3000', 'http://[::1]:3000'],
    ['LocalHost:3000', 'http://localhost:3000'],
    ['api.dev.example:8080', 'http://api.dev.example:8080'],
  ])('Host %s → %s', (host, origin) => {
    expect(pageOrigin(opened(host), base)).toBe(origin);
  });

  it.each([
    undefined,
    '',
    'a b',
    'user@evil.example',
    'evil.example/path',
    'evil.example?x=1',
    'localhost:99999',
  ])('falls back to the runtime’s URL for Host %j', (host) => {
    expect(pageOrigin(opened(host), base)).toBe(base);
  });
});
