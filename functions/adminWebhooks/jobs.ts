/** The outbound webhooks' background jobs (docs/webhooks.md, docs/jobs.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const webhookFanOut = defineJob({
  id: 'webhookFanOut',
  group: 'adminWebhooks',
  entry: 'fan-out-consumer.ts',
  description:
    'Turns each announced change of the outbox into deliveries to its subscribers and sends them at once',
  kind: 'tableChange',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK; a test checks).
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const webhookRetries = defineJob({
  id: 'webhookRetries',
  group: 'adminWebhooks',
  entry: 'retry-sweep.ts',
  description: 'Sends the webhook deliveries whose retry is due; disables subscriptions failing for 3 days',
  kind: 'schedule',
  everyMinutes: 1,
});

export const jobs = [webhookFanOut, webhookRetries];
