/** What composing a message takes and gives (compose-*.ts, composers.ts). */
import type { MailSite } from '../../shared/domain/messages/format.js';
import type { RenderedMail } from '../../shared/domain/messages/layout.js';
import type { SiteSettings } from '../../shared/domain/settings.js';
import type { MailAttachment } from '../../shared/mail.js';

/** Read once per batch of messages. */
export interface MailContext {
  settings: SiteSettings;
  site: MailSite;
  now: Date;
}

/** A message ready to send: to whom, about which record, the mail itself and its attachments. */
export interface Composed {
  to: string;
  recordType: string;
  recordId: string;
  mail: RenderedMail;
  attachments?: readonly MailAttachment[];
  /**
   * Why this mail is not sent although its cause still stands: another mail of the same change says what it
   * would (a hold paid in full before its first mail went out: the bookingPaid mail confirms the booking). The
   * message is logged `skipped` with this reason, never sent.
   */
  supersededBy?: string;
}
