/**
 * Which stream records a table-change job receives. The cloud mapping's filter criteria and the local
 * runner's check are both made here from the contract, so the two cannot disagree.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamEventName, TableChangeJob } from './contract.js';

type Trigger = Pick<TableChangeJob, 'entity' | 'events'>;

/** The image that carries the item's entity: the new one, or the old one for a REMOVE. */
const imageOf = (eventName: StreamEventName) => (eventName === 'REMOVE' ? 'OldImage' : 'NewImage');

/** Lambda event filter patterns (one per event name: the image to look at differs for REMOVE). */
export function filterPatterns(trigger: Trigger): Record<string, unknown>[] {
  return trigger.events.map((eventName) => ({
    eventName: [eventName],
    dynamodb: { [imageOf(eventName)]: { entity: { S: [trigger.entity] } } },
  }));
}

/** The local runner's filter: the same rule as filterPatterns, applied to one record. */
export function matchesTrigger(trigger: Trigger, record: DynamoDBRecord): boolean {
  const eventName = record.eventName as StreamEventName | undefined;
  if (!eventName || !trigger.events.includes(eventName)) return false;
  const image = record.dynamodb?.[imageOf(eventName)];
  return image?.entity?.S === trigger.entity;
}
