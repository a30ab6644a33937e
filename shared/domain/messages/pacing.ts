/**
 * How fast the mail sender may send (docs/messages.md "Paced to SES"): SES's own limits of the account
 * (GetAccount's SendQuota), capped by the site's `mailMaxSendRate`, and what an SES refusal means for the
 * message: a throttle or the spent daily quota only delays it, a permanent refusal fails it, anything else is
 * a failed try on the retry ladder.
 */

/** SESv2 GetAccount's SendQuota (-1 for Max24HourSend: no daily quota). */
export interface SendQuota {
  maxSendRate: number;
  max24HourSend: number;
  sentLast24Hours: number;
}

export interface Pace {
  /** Sends a second. */
  perSecond: number;
  /** Sends left in the rolling 24 hours; Infinity without a daily quota. */
  leftToday: number;
}

/**
 * The shares of SES's rate and daily quota the sender leaves unused, for the mail sent at once rather than
 * queued (the registration's activation mail, which carries a token the store keeps only hashed): on the
 * first of the month the queue alone would take all of both, and a registration whose mail cannot go fails.
 */
export const AT_ONCE_RATE_SHARE = 0.1;
export const AT_ONCE_DAILY_SHARE = 0.01;

/** Sends a second left for mail sent at once: a tenth of SES's rate, at least one, none at one a second. */
function rateLeftAtOnce(rate: number): number {
  if (!Number.isFinite(rate) || rate < 2) return 0;
  return Math.max(1, Math.ceil(rate * AT_ONCE_RATE_SHARE));
}

/**
 * The pace of a run: SES's rate less the share left for mail sent at once, capped by the setting (at least one
 * a second), and what is left of the day less that share.
 */
export function paceOf(quota: SendQuota, maxSendRate: number): Pace {
  const rate = Math.floor(quota.maxSendRate);
  const perSecond = Math.max(1, Math.min(rate - rateLeftAtOnce(rate), maxSendRate));
  const leftToday =
    quota.max24HourSend < 0
      ? Number.POSITIVE_INFINITY
      : Math.max(
          0,
          quota.max24HourSend - Math.ceil(quota.max24HourSend * AT_ONCE_DAILY_SHARE) - quota.sentLast24Hours,
        );
  return { perSecond, leftToday };
}

/** A sender run sends for at most this long: its function's timeout (60 s) leaves room for the last sends. */
export const RUN_BUDGET_MS = 50_000;

/** After a throttle the run goes on at half its pace, never below one a second. */
export const slowedDown = (perSecond: number): number => Math.max(1, Math.floor(perSecond / 2));

/** A throttled message is due again this long after (a short wait: it is not a failed try). */
export const THROTTLE_BACKOFF_MS = 2_000;

/**
 * While the daily quota is spent, a message read from the queue is put back this far ahead, with the reason
 * the log shows: SES frees the quota as its rolling 24 hours move on, so the queue is looked at again hourly.
 */
export const QUOTA_RECHECK_MS = 60 * 60_000;

export const QUOTA_REASON = 'waiting for the daily sending quota: SES’s 24-hour limit is reached';
export const THROTTLE_REASON_PREFIX = 'throttled by SES, sent as the rate allows';

/** SES's answers that no retry changes (a refused address, an unverified sender, a paused account). */
const PERMANENT = new Set([
  'MessageRejected',
  'BadRequestException',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
]);

const THROTTLES = new Set([
  'TooManyRequestsException',
  'Throttling',
  'ThrottlingException',
  'LimitExceededException',
]);

export type Refusal = 'throttled' | 'dailyQuota' | 'permanent' | 'transient';

/** What an error of SendEmail means for the message (name, message and HTTP status as the SDK gives them). */
export function refusalOf(error: { name?: string; message?: string; status?: number }): Refusal {
  const name = error.name ?? '';
  const message = error.message ?? '';
  if (/daily message quota exceeded|sending quota exceeded|24.hour/i.test(message)) return 'dailyQuota';
  if (THROTTLES.has(name) || error.status === 429 || /maximum sending rate exceeded|throttl/i.test(message))
    return 'throttled';
  if (PERMANENT.has(name)) return 'permanent';
  return 'transient';
}
