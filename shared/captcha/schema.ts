/**
 * The CAPTCHA fields a public POST body accepts (spec "Book body": captcha, captcha_sum, captchaToken). They
 * are accepted whether or not the site requires a CAPTCHA, so a website form can always send them.
 */
import * as v from 'valibot';

export const captchaFields = {
  /** Built-in: the answer, as text or number. */
  captcha: v.optional(
    v.union(
      [
        v.pipe(v.string(), v.maxLength(16, 'must be at most 16 characters')),
        v.pipe(v.number(), v.integer('must be an integer'), v.transform(String)),
      ],
      'must be the answer as a number or text',
    ),
  ),
  /** Built-in: the signed token of the question. */
  captcha_sum: v.optional(
    v.pipe(v.string('must be a string'), v.maxLength(512, 'must be at most 512 characters')),
  ),
  /** Third-party: the widget token (reCAPTCHA and hCaptcha tokens run to a few thousand characters). */
  captchaToken: v.optional(
    v.pipe(v.string('must be a string'), v.maxLength(8192, 'must be at most 8192 characters')),
  ),
};
