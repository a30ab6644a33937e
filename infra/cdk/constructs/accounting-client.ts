/**
 * The accounting provider's OAuth client as the functions that call the provider see it (DESIGN.md "Accounting
 * authorization start", docs/accounting.md): the client id and, when not QuickBooks Online, its URLs and scope
 * from context (accountingClientId …), the client secret from Secrets Manager (ACCOUNTING_CLIENT_SECRET, read
 * at run time: only its ARN is in the configuration). Any function whose access declares `accountingClient`
 * (infra/cdk/group-access.ts) gets both through access-wiring.ts: the accounting group's, and every job of a
 * group with that access (the accounting sync job will be one), so a new caller of the provider needs its
 * access line, nothing here.
 */
import type { AccountingConfig } from '../config.js';

export type { AccountingConfig } from '../config.js';

/**
 * The provider settings functions/accounting/provider.ts reads; unset URLs and scope default to QuickBooks
 * Online's there. Without a client id (context accountingClientId unset) nothing is set and the provider's
 * routes answer 503 "not configured".
 */
export function accountingClientEnvironment(config: AccountingConfig | undefined): Record<string, string> {
  if (!config) return {};
  return {
    ACCOUNTING_CLIENT_ID: config.clientId,
    ...(config.authorizeUrl ? { ACCOUNTING_AUTHORIZE_URL: config.authorizeUrl } : {}),
    ...(config.tokenUrl ? { ACCOUNTING_TOKEN_URL: config.tokenUrl } : {}),
    ...(config.scope ? { ACCOUNTING_SCOPE: config.scope } : {}),
  };
}
