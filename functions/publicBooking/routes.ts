/**
 * Public booking (spec "Public booking (controller publicBooking)"). For now only the built-in CAPTCHA
 * question that guest booking, the contact form and the newsletter signup answer (DESIGN.md "Built-in CAPTCHA").
 */
import * as v from 'valibot';
import { defineRoute } from '../../shared/http/route.js';

const group = 'publicBooking';
const base = '/API/publicBooking/V1';
const tags = ['Public booking'];

export const captcha = defineRoute({
  id: 'publicBooking.captcha',
  group,
  tags,
  method: 'GET',
  path: `${base}/captcha.json`,
  summary: 'A built-in CAPTCHA question and its signed, expiring, single-use answer token',
  description:
    'Post the answer as `captcha` and the token as `captcha_sum`. The token expires after 10 minutes and is used up by one answer, right or wrong. Never cached: every call is a new question.',
  auth: { kind: 'public' },
  beyondSpec:
    'DESIGN.md "Built-in CAPTCHA": the spec names captcha and captcha_sum but not where the question comes from.',
  response: v.object({ question: v.string(), captcha_sum: v.string(), expiresIn: v.number() }),
  errors: { 503: 'no CAPTCHA secret configured' },
});

export const routes = [captcha];
