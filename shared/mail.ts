/**
 * Outgoing mail through SES v2 SendEmail. The sender is MAIL_FROM (a verified SES identity in the cloud);
 * MAIL_CONFIGURATION_SET, when set, routes the message through the stack's configuration set (bounce and
 * complaint events). Locally the SDK's endpoint variable points at aws-ses-v2-local, whose mail page shows
 * what was sent.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { optionalEnv, requireEnv } from './config.js';
import { traced } from './tracer.js';

const ses = traced(new SESv2Client({}));

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: Mail): Promise<string | undefined> {
  const configurationSet = optionalEnv('MAIL_CONFIGURATION_SET');
  const { MessageId } = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: requireEnv('MAIL_FROM'),
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
  );
  return MessageId;
}

/**
 * A link in an HTML mail. It opens in a tab of its own: mail viewers (the local mail page among them) show
 * mails in a frame, where a page that forbids framing would show broken.
 */
export function mailLink(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(label)}</a>`;
}

/**
 * Text a visitor typed (a name), made unable to become a link in either part of a mail: mail clients turn
 * anything that looks like a URL, a domain or an address into a link, so the marks that make it look like
 * one are bracketed the way security notices defang URLs: `://` → `[:]//`, a dot between word characters →
 * `[.]`, `@` → `[at]`. "http://evil.example" reads "http[:]//evil[.]example". A name with none of these
 * marks is unchanged. The result is plain text: escape it (escapeHtml) before it goes into the HTML part.
 */
export function defang(value: string): string {
  return (
    value
      .replace(/:(?=\s*[/\\]{2})/g, '[:]')
      // Dots of any script (。．｡ too) followed by a letter or digit; "J. Smith" keeps its dot.
      .replace(/[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
      .replace(/[@\uFF20]/g, '[at]')
  );
}

/** A visitor's text for the HTML part: defanged, then escaped. */
export const visitorTextHtml = (value: string) => escapeHtml(defang(value));

/** For values placed into HTML mail bodies. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
