/** The booking Lambda (public booking endpoints). */
import { captchaSecret, newChallenge } from '../../shared/captcha/builtin.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';

export const handler = createHttpHandler('publicBooking', [
  bind(routes.captcha, async ({ now }) => ({ body: newChallenge(await captchaSecret(), now) })),
]);
