/** Contact use cases: the CAPTCHA when the site asks for one, then the record. */
import { type CaptchaInput, verifyCaptcha } from '../../shared/captcha/verify.js';
import * as repo from '../../shared/data/contact-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import { newMessage, newSubscriber, wantsLead } from './rules.js';
import type { MessageInput, SubscribeInput } from './schemas.js';

const captchaOf = (input: CaptchaInput): CaptchaInput => ({
  captcha: input.captcha,
  captcha_sum: input.captcha_sum,
  captchaToken: input.captchaToken,
});

export async function sendMessage(input: MessageInput, ip: string, now: Date) {
  const settings = await getSettings();
  if (settings.apiContactCaptchaEnabled === 1) await verifyCaptcha(settings, captchaOf(input), ip, now);
  const [messageId, leadId] = await Promise.all([
    nextId('message'),
    wantsLead(input) ? nextId('lead') : undefined,
  ]);
  const { message, lead } = newMessage(input, { messageId, leadId }, now);
  await commit(repo.messageParts(message, lead));
  return { success: true, messageId };
}

/**
 * Idempotent per e-mail: a known e-mail answers success without a second record (and without telling the
 * caller it was known, so the endpoint does not reveal who is subscribed).
 */
export async function subscribe(input: SubscribeInput, ip: string, now: Date) {
  const settings = await getSettings();
  if (settings.apiSubscribeCaptchaEnabled === 1) await verifyCaptcha(settings, captchaOf(input), ip, now);
  if (!(await repo.getSubscriber(input.email.toLowerCase()))) {
    const subscriber = newSubscriber(input, await nextId('subscriber'), now);
    try {
      await commit(repo.subscriberParts(subscriber));
    } catch (error) {
      // A signup of the same e-mail came first: it is subscribed, which is what was asked.
      if (!(error instanceof TransactionFailed && error.conditionFailed(repo.SUBSCRIBER_PUT_LABEL)))
        throw error;
    }
  }
  return { success: true };
}
