/** Contact rules as plain functions: defaults of the spec and what becomes a lead. */
import type { ContactMessage, Lead, Subscriber } from '../../shared/domain/contact.js';
import type { MessageInput, SubscribeInput } from './schemas.js';

export const DEFAULT_SUBJECT = 'Website inquiry';
export const DEFAULT_SUBSCRIBER_NAME = 'Subscriber';

/** A message gives a lead when it leaves a phone number (spec: "when given, a lead is created"). */
export function wantsLead(input: Pick<MessageInput, 'senderPhone'>): boolean {
  return Boolean(input.senderPhone);
}

export function newMessage(
  input: MessageInput,
  ids: { messageId: number; leadId?: number | undefined },
  now: Date,
): { message: ContactMessage; lead?: Lead } {
  const createdAt = now.toISOString();
  const message: ContactMessage = {
    messageId: ids.messageId,
    senderName: input.senderName,
    senderEmail: input.senderEmail,
    senderPhone: input.senderPhone ?? '',
    messageSubject: input.messageSubject || DEFAULT_SUBJECT,
    messageContent: input.messageContent,
    createdAt,
  };
  if (ids.leadId === undefined) return { message };
  message.leadId = ids.leadId;
  const lead: Lead = {
    leadId: ids.leadId,
    name: input.senderName,
    email: input.senderEmail,
    phone: input.senderPhone ?? '',
    source: 'contact',
    messageId: ids.messageId,
    createdAt,
  };
  return { message, lead };
}

export function newSubscriber(input: SubscribeInput, subscriberId: number, now: Date): Subscriber {
  return {
    subscriberId,
    email: input.email,
    name: input.name || DEFAULT_SUBSCRIBER_NAME,
    createdAt: now.toISOString(),
  };
}
