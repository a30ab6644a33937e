/**
 * The messageRetries job's Lambda entry (every minute): the pending messages due now (a retry after SES
 * refused, or a first try whose outcome was never recorded) are each claimed, composed again from their cause
 * and tried, a few at a time.
 */
import { dueMessages } from '../../shared/data/mail-messages-repo.js';
import type { MessageRecord } from '../../shared/domain/messages/record.js';
import { log } from '../../shared/log.js';
import { mapLimited } from '../../shared/map-limited.js';
import { type Clock, mailContext, retryMessage } from './deliver.js';

/** Messages read per run; the rest wait for the next run. */
const BATCH = 100;
const PARALLEL = 5;

export async function retryDueMessages(clock: Clock): Promise<{ tried: MessageRecord[] }> {
  const due = await dueMessages(clock().toISOString(), BATCH);
  if (due.length === 0) return { tried: [] };
  const ctx = await mailContext(clock());
  const results = await mapLimited(
    due,
    (message) =>
      retryMessage(message, ctx, clock).catch((error: unknown) => {
        log('error', 'message retry failed', {
          messageId: message.messageId,
          error: (error as Error).message,
        });
        return undefined;
      }),
    PARALLEL,
  );
  const tried = results.filter((result): result is MessageRecord => result !== undefined);
  return { tried };
}

export const handler = async (): Promise<void> => {
  await retryDueMessages(() => new Date());
};
