/**
 * The accounting connection's client (optional): context accountingClientId reaches every function that calls
 * the provider (infra/cdk/constructs/accounting-client.ts), with the app's client secret in Secrets Manager
 * (the secrets check says whether it is filled). Without it oauth-start.php answers 503.
 */
import type { DoctorContext } from './context.js';
import { type Finding, note, ready } from './report.js';

const CHECK = 'accounting client';

export function checkAccounting(ctx: DoctorContext): Finding[] {
  const accounting = ctx.config?.accounting;
  if (!accounting)
    return [
      note(
        CHECK,
        `not configured (optional): oauth-start.php answers 503 until context accountingClientId is set in cdk.json stages.${ctx.stage} (with the app's client secret in ACCOUNTING_CLIENT_SECRET) and deployed. Register the redirect URI <ApiUrl>/API/accounting/oauth-callback.php with the provider`,
      ),
    ];
  return [
    ready(
      CHECK,
      `client ${accounting.clientId}${accounting.tokenUrl ? ` at ${accounting.tokenUrl}` : " (QuickBooks Online's URLs)"}; its secret: see secret ACCOUNTING_CLIENT_SECRET. The provider must know the redirect URI <ApiUrl>/API/accounting/oauth-callback.php`,
    ),
  ];
}
