/**
 * Request schemas of the contact form and newsletter signup (spec "Contact and leads"). Length limits:
 * senderName 128, senderEmail 254 (RFC 5321 path limit), senderPhone 40 (as the booking phone), messageSubject
 * 200, messageContent 5000 (as a property description), name 128; anything longer is a 400.
 */
import * as v from 'valibot';
import { captchaFields } from '../../shared/captcha/schema.js';

const required = (max: number) =>
  v.pipe(
    v.string('is required'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

const optionalText = (max: number) =>
  v.optional(
    v.pipe(v.string('must be a string'), v.trim(), v.maxLength(max, `must be at most ${max} characters`)),
  );

export const email = v.pipe(required(254), v.email('must be an e-mail address'));

/** Digits with the usual separators and an extension ("+1 (555) 010-2000 x12"); at least five digits. */
const phone = v.optional(
  v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.maxLength(40, 'must be at most 40 characters'),
    v.check(
      (s) => s === '' || (/^[+\d\s().\-/#x]*$/i.test(s) && (s.match(/\d/g) ?? []).length >= 5),
      'must be a phone number',
    ),
  ),
);

/** The honeypot: a field hidden from people, so only bots fill it (400 when filled). */
const honeypot = v.optional(
  v.pipe(
    v.string('must be empty'),
    v.check((s) => s.trim() === '', 'must be empty'),
  ),
);

export const messageBody = v.strictObject({
  senderName: required(128),
  senderEmail: email,
  messageContent: required(5000),
  messageSubject: optionalText(200),
  senderPhone: phone,
  Url: honeypot,
  ...captchaFields,
});

export const subscribeBody = v.strictObject({
  email,
  name: optionalText(128),
  ...captchaFields,
});

export type MessageInput = v.InferOutput<typeof messageBody>;
export type SubscribeInput = v.InferOutput<typeof subscribeBody>;
