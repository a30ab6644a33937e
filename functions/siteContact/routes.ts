/** Contact form and newsletter signup (spec "Contact and leads (controller siteContact, public POST)"); never cached. */
import * as v from 'valibot';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings.js';
import { defineRoute, type RateLimit } from '../../shared/http/route.js';
import { messageBody, subscribeBody } from './schemas.js';

/**
 * Per-IP daily limits (DESIGN.md "Security rules"), besides the CAPTCHA the site policy asks for: the
 * built-in CAPTCHA is solvable by a script, so these bound what one address can store. Counted before
 * validation, so malformed posts count too. The message limits are site settings (docs/decisions.md "Limits
 * of what mails someone").
 */
export const MESSAGE_LIMIT = {
  scope: 'contact-message',
  limit: DEFAULT_SETTINGS.contactMessagesPerIpPerDay,
  setting: 'contactMessagesPerIpPerDay',
  windowSeconds: 24 * 60 * 60,
  key: 'ip',
  detail: 'Too many messages from this address today; try again tomorrow',
} as const satisfies RateLimit;

/**
 * Messages per sender address, from any IPs: what one typed address can have stored (and staff asked to answer)
 * when the sender changes IPs. Nothing is mailed to the sender today; a reply or an acknowledgment would go
 * to this address, so it is bounded like the addresses the service mails.
 */
export const MESSAGE_ADDRESS_LIMIT = {
  scope: 'contact-message-address',
  limit: DEFAULT_SETTINGS.contactMessagesPerAddressPerDay,
  setting: 'contactMessagesPerAddressPerDay',
  windowSeconds: 24 * 60 * 60,
  key: { bodyField: 'senderEmail' },
  detail: 'Too many messages from this e-mail address today; try again tomorrow',
} as const satisfies RateLimit;

export const SUBSCRIBE_LIMIT = {
  scope: 'contact-subscribe',
  limit: 20,
  windowSeconds: 24 * 60 * 60,
  key: 'ip',
  detail: 'Too many signups from this address today; try again tomorrow',
} as const satisfies RateLimit;

const group = 'siteContact';
const base = '/API/siteContact/V1';
const tags = ['Contact and leads'];

export const sendMessage = defineRoute({
  id: 'siteContact.message',
  group,
  tags,
  method: 'POST',
  path: `${base}/message.json`,
  summary: 'Store a contact message (and a lead when senderPhone is given)',
  description:
    'The honeypot `Url` must be empty. When apiContactCaptchaEnabled is 1, a CAPTCHA of the configured provider is required (captcha + captcha_sum, or captchaToken).',
  auth: { kind: 'public' },
  body: messageBody,
  rateLimits: [MESSAGE_LIMIT, MESSAGE_ADDRESS_LIMIT],
  response: v.object({ success: v.boolean(), messageId: v.number() }),
  errors: {
    400: 'missing or invalid fields, honeypot filled, CAPTCHA missing or wrong',
    429: 'too many messages from this IP (site setting contactMessagesPerIpPerDay, default 20) or with this senderEmail (contactMessagesPerAddressPerDay, default 5) in 24 hours',
    503: 'the CAPTCHA provider could not be reached',
  },
});

export const subscribe = defineRoute({
  id: 'siteContact.subscribe',
  group,
  tags,
  method: 'POST',
  path: `${base}/subscribe.json`,
  summary: 'Newsletter signup, idempotent per e-mail (case-insensitive)',
  description: 'When apiSubscribeCaptchaEnabled is 1, a CAPTCHA of the configured provider is required.',
  auth: { kind: 'public' },
  body: subscribeBody,
  rateLimits: [SUBSCRIBE_LIMIT],
  response: v.object({ success: v.boolean() }),
  errors: {
    400: 'missing or invalid e-mail, CAPTCHA missing or wrong',
    429: 'more than 20 signups from this IP in 24 hours',
    503: 'the CAPTCHA provider could not be reached',
  },
});

export const routes = [sendMessage, subscribe];
