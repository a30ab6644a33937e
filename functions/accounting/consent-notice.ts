/**
 * Tells staff that the QuickBooks connection needs a new consent (docs/accounting.md "Tokens"): a mail to every
 * super admin with an address, sent by the sync itself when it is the first to see the refusal (the
 * connection's mark is conditioned, so one run mails), besides connection.json's `needsConsent`. Like the
 * activation mail it is not a kind of the message job: it goes to staff, once, at the moment it happens.
 * A mail SES refuses is logged; the connection still says what happened.
 */
import { requireEnv } from '../../shared/config.js';
import { allAdminProfiles } from '../../shared/data/admins-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { mailSiteOf } from '../../shared/domain/messages/format.js';
import { accountingConsent } from '../../shared/domain/messages/templates/accounting-consent.js';
import { log } from '../../shared/log.js';
import { sendMail } from '../../shared/mail.js';

const SUPER_ADMIN_ROLE = '0';

export async function tellStaffConsentNeeded(reason: string, now: Date): Promise<void> {
  try {
    const [admins, settings] = await Promise.all([allAdminProfiles(), getSettings()]);
    const to = admins
      .filter((a) => String(a.adminRole) === SUPER_ADMIN_ROLE && a.adminEmail?.trim())
      .map((a) => String(a.adminEmail).trim());
    const publicBaseUrl = requireEnv('PUBLIC_BASE_URL');
    const mail = accountingConsent(mailSiteOf(settings, publicBaseUrl), {
      reason,
      since: now.toISOString(),
      connectUrl: new URL('/API/accounting/oauth-start.php', publicBaseUrl).href,
    });
    for (const address of to) await sendMail({ to: address, ...mail });
    log('info', 'accounting consent notice sent', { recipients: to.length });
  } catch (error) {
    log('error', 'accounting consent notice failed', { error: (error as Error).message });
  }
}
