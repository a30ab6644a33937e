/**
 * The mail queue's reads (docs/messages.md "Paced to SES", docs/data-model.md M5): the messages' due entries,
 * spread over partitions, merged by due time. Its writes (a message queued, claimed, deferred, settled) are
 * the message log's own transactions (mail-messages-repo.ts), so the queue and the log never disagree.
 */
import { indexKeys, keys } from '../db/keys.js';
import { queryMergedFirst } from '../db/merged-query.js';
import { batchGet, countPartition } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import type { MessageRecord } from '../domain/messages/record.js';
import { messageFromItem } from './mail-messages-repo.js';

/**
 * M5: pending messages due by `until`, the soonest first, at most `limit`: the first `limit` of each spread
 * partition, merged by due time.
 */
export async function dueMessages(until: string, limit: number): Promise<MessageRecord[]> {
  const entries = await queryMergedFirst(
    indexKeys.mailDuePartitions().map((pk) => ({
      index: INDEX.gsi1,
      pk,
      sk: { between: ['0', `${until}#~`] as [string, string] },
    })),
    limit,
  );
  const items = await batchGet(entries.map((e) => keys.mailMessage(String(e.messageId))));
  return items
    .map(messageFromItem)
    .filter((m) => m.status === 'pending')
    .sort((a, b) => (a.nextAttemptAt ?? '').localeCompare(b.nextAttemptAt ?? ''));
}

/**
 * The queue's head: the soonest due pending message's due time and when it was made (a due entry of an older
 * store has no `createdAt`: its due time stands in), or undefined when none is pending.
 */
export async function queueHead(): Promise<{ dueAt: string; createdAt: string } | undefined> {
  const [head] = await queryMergedFirst(
    indexKeys.mailDuePartitions().map((pk) => ({ index: INDEX.gsi1, pk })),
    1,
  );
  if (!head) return undefined;
  const dueAt = String(head.GSI1SK).split('#')[0] as string;
  return { dueAt, createdAt: typeof head.createdAt === 'string' ? head.createdAt : dueAt };
}

/** How many messages are queued (pending, due now or later): a COUNT of each due partition. */
export async function queuedCount(): Promise<number> {
  const counts = await Promise.all(
    indexKeys.mailDuePartitions().map((pk) => countPartition({ index: INDEX.gsi1, pk })),
  );
  return counts.reduce((a, b) => a + b, 0);
}
