import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { filterPatterns, matchesTrigger } from './filter.js';

const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', entity: string): DynamoDBRecord => ({
  eventName,
  dynamodb:
    eventName === 'REMOVE'
      ? { OldImage: { entity: { S: entity } } }
      : { NewImage: { entity: { S: entity } } },
});

describe('job filters', () => {
  const trigger = { entity: 'change', events: ['INSERT'] as const };

  it('keeps the records of the entity and event, as the cloud pattern says', () => {
    expect(matchesTrigger(trigger, record('INSERT', 'change'))).toBe(true);
    expect(matchesTrigger(trigger, record('INSERT', 'audit'))).toBe(false);
    expect(matchesTrigger(trigger, record('MODIFY', 'change'))).toBe(false);
    expect(matchesTrigger(trigger, record('REMOVE', 'change'))).toBe(false);
    expect(filterPatterns(trigger)).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['change'] } } } },
    ]);
  });

  it('looks at the old image for a REMOVE', () => {
    const removals = { entity: 'session', events: ['REMOVE'] as const };
    expect(matchesTrigger(removals, record('REMOVE', 'session'))).toBe(true);
    expect(filterPatterns(removals)).toEqual([
      { eventName: ['REMOVE'], dynamodb: { OldImage: { entity: { S: ['session'] } } } },
    ]);
  });
});
