import { describe, expect, it } from 'vitest';
import { classifyAnswer, faultText } from './faults.js';

const fault = (code: string, type = 'ValidationFault', message = 'A message', detail = 'A detail') => ({
  Fault: { Error: [{ Message: message, Detail: detail, code }], type },
});

describe('classifyAnswer', () => {
  it('is undefined for a success without a Fault', () => {
    expect(classifyAnswer(200, { Invoice: { Id: '1' } })).toBeUndefined();
  });

  it('tells what the sync does with each refusal', () => {
    expect(
      classifyAnswer(401, { fault: { error: [{ message: 'AuthenticationFailed', code: '3200' }] } })?.kind,
    ).toBe('auth');
    expect(classifyAnswer(400, fault('5010'))?.kind).toBe('stale');
    expect(classifyAnswer(400, fault('610'))?.kind).toBe('notFound');
    expect(classifyAnswer(400, fault('6000'))).toMatchObject({ kind: 'validation', code: '6000' });
    expect(classifyAnswer(500, fault('10000', 'SystemFault'))?.kind).toBe('transient');
    expect(classifyAnswer(503, {})?.kind).toBe('transient');
    // QuickBooks may answer a refusal with HTTP 200 and a Fault.
    expect(classifyAnswer(200, fault('6240'))?.kind).toBe('validation');
  });

  it('waits as long as a throttle’s Retry-After says, else a minute', () => {
    expect(classifyAnswer(429, {}, '7')).toMatchObject({ kind: 'throttle', retryAfterMs: 7000 });
    expect(classifyAnswer(429, {})).toMatchObject({ kind: 'throttle', retryAfterMs: 60_000 });
    // An HTTP date is read against when the answer came.
    const at = Date.parse('2027-03-01T12:00:00Z');
    expect(classifyAnswer(429, {}, 'Mon, 01 Mar 2027 12:00:30 GMT', at)).toMatchObject({
      retryAfterMs: 30_000,
    });
  });
});

describe('faultText', () => {
  it('joins QuickBooks’ message and detail, and cuts a long one', () => {
    expect(
      faultText({ message: 'Duplicate Name Exists Error', detail: 'The name supplied already exists.' }),
    ).toBe('Duplicate Name Exists Error: The name supplied already exists.');
    expect(faultText({ message: 'Same', detail: 'Same' })).toBe('Same');
    expect(faultText({ message: 'x'.repeat(600), detail: '' })).toHaveLength(501);
  });
});
