/** Contact form and newsletter signup (spec "Contact and leads (controller siteContact, public POST)"); never cached. */
import * as v from 'valibot';
import { defineRoute } from '../../shared/http/route.js';
import { messageBody, subscribeBody } from './schemas.js';

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
  response: v.object({ success: v.boolean(), messageId: v.number() }),
  errors: {
    400: 'missing or invalid fields, honeypot filled, CAPTCHA missing or wrong',
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
  response: v.object({ success: v.boolean() }),
  errors: {
    400: 'missing or invalid e-mail, CAPTCHA missing or wrong',
    503: 'the CAPTCHA provider could not be reached',
  },
});

export const routes = [sendMessage, subscribe];
