import { describe, expect, it } from 'vitest';
import { loggerLevel } from './log.js';

describe('LOG_LEVEL', () => {
  it('maps the setting to a Powertools level; silent keeps errors only; unknown is info', () => {
    expect(loggerLevel('debug')).toBe('DEBUG');
    expect(loggerLevel('WARN')).toBe('WARN');
    expect(loggerLevel('silent')).toBe('ERROR');
    expect(loggerLevel(undefined)).toBe('INFO');
    expect(loggerLevel('loud')).toBe('INFO');
  });
});
