/** The message jobs (docs/messages.md, docs/jobs.md), collected in functions/registry.ts JOBS. */
import { ReminderPageSchema } from '../../shared/domain/rent/queue-pages.js';
import { defineJob } from '../../shared/jobs/contract.js';

export const messageOutbox = defineJob({
  id: 'messageOutbox',
  group: 'adminMessages',
  entry: 'outbox-consumer.ts',
  description:
    'Mails what each announced change of the outbox sends (confirmation, receipt, cancellation …), once',
  kind: 'tableChange',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK; a test checks).
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const mailSender = defineJob({
  id: 'mailSender',
  group: 'adminMessages',
  entry: 'mail-sender.ts',
  description:
    'Sends the queued messages in due order, paced to SES’s sending rate and daily quota (capped by mailMaxSendRate); a throttle only delays a message, a refusal is retried after 1 min, 5 min, 30 min and 2 h',
  kind: 'schedule',
  everyMinutes: 1,
});

export const preArrivalMessages = defineJob({
  id: 'preArrivalMessages',
  group: 'adminMessages',
  entry: 'pre-arrival.ts',
  description: 'Mails each guest checking in within preArrivalDays the check-in instructions, once per stay',
  kind: 'schedule',
  everyMinutes: 60,
});

export const ownerStatementMessages = defineJob({
  id: 'ownerStatementMessages',
  group: 'adminMessages',
  entry: 'owner-statements.ts',
  description:
    'From ownerStatementDay on, closes the last month (each property’s management fee charged once) and mails each landlord its owner statement with its PDF',
  kind: 'schedule',
  everyMinutes: 60,
});

export const rentReminders = defineJob({
  id: 'rentReminders',
  group: 'adminMessages',
  entry: 'rent-reminders.ts',
  description:
    'Reminds each tenant of an unpaid RENT invoice due within reminderDaysBefore, once per due date',
  kind: 'schedule',
  everyMinutes: 60,
});

export const rentReminderPages = defineJob({
  id: 'rentReminderPages',
  group: 'adminMessages',
  entry: 'rent-reminder-pages.ts',
  description: 'Composes and starts the rent reminders of one page of open RENT invoices, once each',
  kind: 'queue',
  page: ReminderPageSchema,
  producers: [rentReminders.id],
  batchSize: 1,
  // Mail leaves at SES's pace whatever the workers do; a few workers keep the composing far ahead of it.
  maxConcurrency: 5,
  // A page of 100 reminders is a few seconds of reads and writes.
  timeoutSeconds: 120,
  memoryMb: 512,
  maxReceives: 5,
});

export const jobs = [
  messageOutbox,
  mailSender,
  preArrivalMessages,
  ownerStatementMessages,
  rentReminders,
  rentReminderPages,
];
