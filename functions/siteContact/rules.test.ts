import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUBJECT, DEFAULT_SUBSCRIBER_NAME, newMessage, newSubscriber, wantsLead } from './rules.js';
import { messageBody, subscribeBody } from './schemas.js';

const NOW = new Date('2026-04-01T09:30:00.000Z');
const parse = (body: Record<string, unknown>) => v.parse(messageBody, body);
const base = { senderName: ' Ann ', senderEmail: 'ann@example.com', messageContent: 'Hi' };

describe('contact message rules', () => {
  it('defaults the subject, trims the fields, and makes no lead without a phone', () => {
    const input = parse(base);
    const { message, lead } = newMessage(input, { messageId: 7 }, NOW);

    expect(wantsLead(input)).toBe(false);
    expect(lead).toBeUndefined();
    expect(message).toEqual({
      messageId: 7,
      senderName: 'Ann',
      senderEmail: 'ann@example.com',
      senderPhone: '',
      messageSubject: DEFAULT_SUBJECT,
      messageContent: 'Hi',
      createdAt: NOW.toISOString(),
    });
  });

  it('makes a lead from a message with a phone, linked both ways', () => {
    const input = parse({ ...base, senderPhone: '555-010-2000 x3', messageSubject: 'Rent' });
    const { message, lead } = newMessage(input, { messageId: 8, leadId: 3 }, NOW);

    expect(wantsLead(input)).toBe(true);
    expect(message).toMatchObject({ messageSubject: 'Rent', leadId: 3 });
    expect(lead).toEqual({
      leadId: 3,
      name: 'Ann',
      email: 'ann@example.com',
      phone: '555-010-2000 x3',
      source: 'contact',
      messageId: 8,
      createdAt: NOW.toISOString(),
    });
  });

  it('treats a blank phone as none', () => {
    expect(wantsLead(parse({ ...base, senderPhone: '  ' }))).toBe(false);
  });

  it('refuses a filled honeypot, a phone without digits and unknown fields', () => {
    expect(v.safeParse(messageBody, { ...base, Url: 'x' }).success).toBe(false);
    expect(v.safeParse(messageBody, { ...base, Url: ' ' }).success).toBe(true);
    expect(v.safeParse(messageBody, { ...base, senderPhone: '(---)' }).success).toBe(false);
    expect(v.safeParse(messageBody, { ...base, other: 1 }).success).toBe(false);
  });
});

describe('subscriber rules', () => {
  it('defaults the name and keeps the e-mail as given', () => {
    const input = v.parse(subscribeBody, { email: ' Ann@Example.com ' });
    expect(newSubscriber(input, 4, NOW)).toEqual({
      subscriberId: 4,
      email: 'Ann@Example.com',
      name: DEFAULT_SUBSCRIBER_NAME,
      createdAt: NOW.toISOString(),
    });
    expect(newSubscriber(v.parse(subscribeBody, { email: 'a@b.co', name: 'Bo' }), 5, NOW).name).toBe('Bo');
  });
});
