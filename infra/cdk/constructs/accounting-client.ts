/**
 * The accounting provider's OAuth client as the functions that call the provider see it (DESIGN.md "Accounting
 * authorization start", docs/accounting.md): the client id and, when not QuickBooks Online, its URLs and scope
 * from context (accountingClientId …), the client secret from Secrets Manager (ACCOUNTING_CLIENT_SECRET, read
 * at run time: only its ARN is in the configuration). Any function whose access declares `accountingClient`
 * (infra/cdk/group-access.ts) gets both through access-wiring.ts: the accounting group's, and every job of a
 * group with that access (the accounting sync job is one; a job declared `access: 'table'` gets none), so a
 * new caller of the provider needs its access line, nothing here. The API URL (context accountingApiUrl,
 * default QuickBooks Online's production host) goes with the client: who holds the client calls the API.
 */
import { QUICKBOOKS_API_HOSTS } from '../../../shared/domain/accounting/qbo-types.js';
import type { AccountingConfig } from '../config.js';

export type { AccountingConfig } from '../config.js';

/**
 * The provider settings functions/accounting/provider.ts reads; unset URLs and scope default to QuickBooks
 * Online's there, and ACCOUNTING_API_URL is always set. Without a client id (context accountingClientId
 * unset) nothing is set: the provider's routes answer 503 "not configured" and the sync has nothing to run.
 */
export function accountingClientEnvironment(config: AccountingConfig | undefined): Record<string, string> {
  if (!config) return {};
  return {
    ACCOUNTING_CLIENT_ID: config.clientId,
    // Named even when it is the default, so a function's configuration says which company's API it calls.
    ACCOUNTING_API_URL: config.apiUrl ?? QUICKBOOKS_API_HOSTS.production,
    ...(config.authorizeUrl ? { ACCOUNTING_AUTHORIZE_URL: config.authorizeUrl } : {}),
    ...(config.tokenUrl ? { ACCOUNTING_TOKEN_URL: config.tokenUrl } : {}),
    ...(config.scope ? { ACCOUNTING_SCOPE: config.scope } : {}),
  };
}
