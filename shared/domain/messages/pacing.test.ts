import { describe, expect, it } from 'vitest';
import { paceOf, refusalOf, slowedDown } from './pacing.js';

describe('the mail sender’s pace', () => {
  it('is SES’s rate less a tenth left for mail sent at once, capped by the setting, never below one a second', () => {
    const quota = { maxSendRate: 14, max24HourSend: 50_000, sentLast24Hours: 0 };
    expect(paceOf(quota, 1000).perSecond).toBe(12);
    expect(paceOf({ ...quota, maxSendRate: 200 }, 1000).perSecond).toBe(180);
    expect(paceOf({ ...quota, maxSendRate: 2 }, 1000).perSecond).toBe(1);
    expect(paceOf(quota, 5).perSecond).toBe(5);
    expect(paceOf({ ...quota, maxSendRate: 1 }, 1000).perSecond).toBe(1);
    expect(paceOf({ ...quota, maxSendRate: 0.5 }, 1000).perSecond).toBe(1);
    expect(paceOf({ ...quota, maxSendRate: Number.POSITIVE_INFINITY }, 1000).perSecond).toBe(1000);
  });

  it('leaves what the rolling 24 hours allow less a hundredth for mail sent at once; none when spent; no limit for -1', () => {
    expect(paceOf({ maxSendRate: 14, max24HourSend: 50_000, sentLast24Hours: 49_490 }, 1000).leftToday).toBe(
      10,
    );
    expect(paceOf({ maxSendRate: 14, max24HourSend: 50_000, sentLast24Hours: 49_990 }, 1000).leftToday).toBe(
      0,
    );
    expect(paceOf({ maxSendRate: 1, max24HourSend: 200, sentLast24Hours: 0 }, 1000).leftToday).toBe(198);
    expect(paceOf({ maxSendRate: 14, max24HourSend: 50_000, sentLast24Hours: 50_001 }, 1000).leftToday).toBe(
      0,
    );
    expect(paceOf({ maxSendRate: 14, max24HourSend: -1, sentLast24Hours: 9 }, 1000).leftToday).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('halves after a throttle, down to one a second', () => {
    expect(slowedDown(14)).toBe(7);
    expect(slowedDown(1)).toBe(1);
  });
});

describe('what an SES refusal means', () => {
  it('a throttle delays, whatever its form', () => {
    expect(refusalOf({ name: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' })).toBe(
      'throttled',
    );
    expect(refusalOf({ name: 'LimitExceededException', message: 'Rate exceeded' })).toBe('throttled');
    expect(refusalOf({ name: 'Throttling', message: 'Maximum sending rate exceeded.' })).toBe('throttled');
    expect(refusalOf({ name: 'Error', message: 'x', status: 429 })).toBe('throttled');
  });

  it('the daily quota is told apart from a throttle', () => {
    expect(refusalOf({ name: 'TooManyRequestsException', message: 'Daily message quota exceeded.' })).toBe(
      'dailyQuota',
    );
  });

  it('a refused address fails at once; an unreachable SES is a try to repeat', () => {
    expect(refusalOf({ name: 'MessageRejected', message: 'Email address is not verified.' })).toBe(
      'permanent',
    );
    expect(refusalOf({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe('transient');
  });
});
