/**
 * To the super admins: the QuickBooks connection needs a new consent (sent by the accounting sync itself when
 * QuickBooks refuses to renew its access, once per such episode; docs/accounting.md "Tokens").
 */
import { type MailSite, moment } from '../format.js';
import { action, compose, facts, paragraph, type RenderedMail } from '../layout.js';

export interface AccountingConsent {
  /** What the provider answered, in our words. */
  reason: string;
  /** When the connection stopped (ISO). */
  since: string;
  /** oauth-start.php on this deployment. */
  connectUrl: string;
}

export function accountingConsent(site: MailSite, m: AccountingConsent): RenderedMail {
  return compose(site, 'QuickBooks needs to be connected again', [
    paragraph(
      'QuickBooks Online refused to renew our access to your company, so invoices, payments and expenses are not reaching your books.',
    ),
    facts([
      { label: 'Since', value: moment(site, m.since) },
      { label: 'Reason', value: m.reason },
    ]),
    paragraph(
      'Nothing is lost: everything waits and is sent, in order, once a super admin connects QuickBooks again.',
    ),
    action('Connect QuickBooks again', m.connectUrl),
  ]);
}
