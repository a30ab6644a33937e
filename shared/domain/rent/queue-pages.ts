/**
 * The pages the rent cycle hands to its queue workers (shared/jobs/contract.ts `QueueJob.page`): one schema
 * each, which types the producer's send and is what the worker parses every message with, so a page is the
 * same shape on both sides and a message that is not one fails its parse (and, after its receives, lands in the
 * dead-letter queue) instead of running half-read.
 */
import * as v from 'valibot';
import type { ActorId } from '../change.js';
import { isoDate } from '../values.js';

const ACTOR = /^(admin|tenant):\d+$|^(guest|system):.+$/;
const ID = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** Who started the run, as every change it writes names it. */
export const ActorSchema = v.strictObject({
  actor: v.custom<ActorId>((s) => typeof s === 'string' && ACTOR.test(s), 'not an actor'),
  requestId: v.string(),
});

/** One page of a day's rent run: leases to charge, or watched invoices to settle (late fees, autopay). */
export const RentRunPageSchema = v.union(
  [
    v.strictObject({ day: isoDate, by: ActorSchema, leaseIds: v.array(ID) }),
    v.strictObject({ day: isoDate, by: ActorSchema, invoiceIds: v.array(ID) }),
  ],
  'not a rent run page',
);
export type RentRunPage = v.InferOutput<typeof RentRunPageSchema>;

/** One page of rent reminders: the watched invoices in the window, with the due date each is reminded of. */
export const ReminderPageSchema = v.strictObject(
  { invoices: v.array(v.strictObject({ rentInvoiceId: ID, dueDate: isoDate })) },
  'not a rent reminder page',
);
export type ReminderPage = v.InferOutput<typeof ReminderPageSchema>;
