/**
 * Outgoing mail through SES v2 SendEmail. The sender is MAIL_FROM (a verified SES identity in the cloud);
 * MAIL_CONFIGURATION_SET, when set, routes the message through the stack's configuration set (bounce and
 * complaint events). Locally the SDK's endpoint variable points at aws-ses-v2-local, whose mail page shows
 * what was sent.
 */
import { GetAccountCommand, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { scheduledBackoff } from './backoff.js';
import { optionalEnv, requireEnv } from './config.js';
import { type Refusal, refusalOf, type SendQuota } from './domain/messages/pacing.js';
import { type RetryPolicy, retrying } from './retry-policy.js';
import { traced } from './tracer.js';

const ses = traced(new SESv2Client({}));

export interface Mail {
  /** The sender when it is not MAIL_FROM (the local Stripe stand-in's receipts: infra/local/stripe-receipts.ts). */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached (the owner statement's PDF): SES composes the MIME message (multipart/mixed) itself. */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export async function sendMail(mail: Mail): Promise<string | undefined> {
  const configurationSet = optionalEnv('MAIL_CONFIGURATION_SET');
  const { MessageId } = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mail.from ?? requireEnv('MAIL_FROM'),
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          ...(mail.attachments?.length
            ? {
                Attachments: mail.attachments.map((a) => ({
                  FileName: a.fileName,
                  ContentType: a.contentType,
                  RawContent: a.content,
                  ContentDisposition: 'ATTACHMENT' as const,
                  ContentTransferEncoding: 'BASE64' as const,
                })),
              }
            : {}),
        },
      },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
  );
  return MessageId;
}

/** What SES's refusal of a send means (a throttle, the spent daily quota, …), from the SDK's error. */
export function sendRefusal(error: unknown): Refusal {
  const failure = error as Error & { $metadata?: { httpStatusCode?: number } };
  const status = failure.$metadata?.httpStatusCode;
  return refusalOf({ name: failure.name, message: failure.message, ...(status ? { status } : {}) });
}

/**
 * The waits before the next tries of a mail sent at once (not queued) that SES throttled: the paced sender
 * may be using the account's rate at that moment (it leaves a share of it, docs/messages.md "Paced to SES"),
 * and the SDK's own three tries last under a second. 3.75 s of waits, five sends: inside the API functions'
 * 10 s with the rest of the request.
 */
export const AT_ONCE_THROTTLE_WAITS_MS = [250, 500, 1_000, 2_000] as const;

/** Those waits as a policy of the one retry ladder (shared/retry-policy.ts). */
const AT_ONCE_THROTTLE_RETRY: RetryPolicy = {
  maxTries: AT_ONCE_THROTTLE_WAITS_MS.length + 1,
  backoff: scheduledBackoff(AT_ONCE_THROTTLE_WAITS_MS),
};

/** Sends a mail now, trying again while SES throttles it; any other refusal is thrown at once. */
export async function sendMailAtOnce(mail: Mail): Promise<string | undefined> {
  return retrying(
    AT_ONCE_THROTTLE_RETRY,
    () => sendMail(mail),
    (error) => sendRefusal(error) === 'throttled',
  );
}

/**
 * The account's sending limits (SESv2 GetAccount): its rate a second, its 24-hour quota (-1: none) and what
 * was sent in the last 24 hours. A missing figure reads as no limit of that kind.
 */
export async function sendQuota(): Promise<SendQuota> {
  const { SendQuota: quota } = await ses.send(new GetAccountCommand({}));
  return {
    maxSendRate: quota?.MaxSendRate ?? Number.POSITIVE_INFINITY,
    max24HourSend: quota?.Max24HourSend ?? -1,
    sentLast24Hours: quota?.SentLast24Hours ?? 0,
  };
}
