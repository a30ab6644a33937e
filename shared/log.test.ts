import { describe, expect, it } from 'vitest';
import { loggerLevel, urlForLog } from './log.js';

describe('LOG_LEVEL', () => {
  it('maps the setting to a Powertools level; silent keeps errors only; unknown is info', () => {
    expect(loggerLevel('debug')).toBe('DEBUG');
    expect(loggerLevel('WARN')).toBe('WARN');
    expect(loggerLevel('silent')).toBe('ERROR');
    expect(loggerLevel(undefined)).toBe('INFO');
    expect(loggerLevel('loud')).toBe('INFO');
  });
});

describe('urlForLog', () => {
  it('keeps the scheme, host, port and path: never credentials, query or fragment', () => {
    expect(urlForLog('https://user:pass@hooks.example.com/path?token=abc#frag')).toBe(
      'https://hooks.example.com/path',
    );
    expect(urlForLog('http://127.0.0.1:8080/hook?v=2')).toBe('http://127.0.0.1:8080/hook');
    expect(urlForLog('not a url?token=abc')).toBe('(not a URL)');
  });
});
