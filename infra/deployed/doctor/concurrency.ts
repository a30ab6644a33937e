/**
 * The account's Lambda concurrency against what the stage needs (Lambda GetAccountSettings): a reservation the
 * quota cannot hold fails the deploy late (Lambda keeps 100 unreserved); a new account's quota may be 10, the
 * whole account then runs 10 functions at once; and the stack's alarm and synth check use context
 * concurrencyQuota, which must be the real quota.
 */
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import {
  DEFAULT_CONCURRENCY_QUOTA,
  LAMBDA_CONCURRENCY_QUOTA_CODE,
  LAMBDA_UNRESERVED_MINIMUM,
  quotaNeededFor,
} from '../../cdk/config.js';
import { type DoctorContext, isCreated } from './context.js';
import { type Finding, note, ready, todo } from './report.js';

const CHECK = 'lambda concurrency';

export async function checkConcurrency(ctx: DoctorContext): Promise<Finding[]> {
  const { AccountLimit } = await ctx.clients.lambda.send(new GetAccountSettingsCommand({}));
  const quota = AccountLimit?.ConcurrentExecutions ?? 0;
  const unreserved = AccountLimit?.UnreservedConcurrentExecutions ?? quota;
  const reserved = ctx.config?.webhookReservedConcurrency ?? 0;
  const raise = (to: number) =>
    `aws service-quotas request-service-quota-increase --region ${ctx.region} --service-code lambda --quota-code ${LAMBDA_CONCURRENCY_QUOTA_CODE} --desired-value ${to}`;
  const findings: Finding[] = [];
  const wanted = Math.max(DEFAULT_CONCURRENCY_QUOTA, quotaNeededFor(reserved));

  if (reserved > 0 && quota < quotaNeededFor(reserved)) {
    findings.push(
      todo(
        CHECK,
        `the account's quota is ${quota}, and the stage reserves ${reserved} for the Stripe webhook (context webhookReservedConcurrency): that needs a quota of at least ${quotaNeededFor(reserved)} (Lambda keeps ${LAMBDA_UNRESERVED_MINIMUM} unreserved), or the webhook function cannot be created. Ask for ${wanted} ("Concurrent executions", Service Quotas), or leave webhookReservedConcurrency out`,
        [raise(wanted)],
      ),
    );
  } else if (reserved > 0 && !isCreated(ctx.stack) && unreserved - reserved < LAMBDA_UNRESERVED_MINIMUM) {
    findings.push(
      todo(
        CHECK,
        `other functions of the account reserve ${quota - unreserved} already: ${unreserved} is unreserved, and the webhook's ${reserved} would leave less than the ${LAMBDA_UNRESERVED_MINIMUM} Lambda keeps. Raise the quota or lower a reservation`,
        [raise(quota + reserved + LAMBDA_UNRESERVED_MINIMUM)],
      ),
    );
  } else if (quota < DEFAULT_CONCURRENCY_QUOTA) {
    const text = `the account's quota is ${quota}: every function of the account together (the API, the jobs, the webhook) runs at most ${quota} at once, beyond which requests are throttled. A new account's quota; ask for ${wanted}`;
    findings.push(
      ctx.stage === 'prod' ? todo(CHECK, text, [raise(wanted)]) : note(CHECK, text, [raise(wanted)]),
    );
  } else {
    findings.push(
      ready(
        CHECK,
        `quota ${quota}, ${unreserved} unreserved; the stage reserves ${reserved > 0 ? `${reserved} for the Stripe webhook` : 'nothing (context webhookReservedConcurrency unset)'}`,
      ),
    );
  }
  const configured = ctx.config?.concurrencyQuota;
  if (configured !== undefined && configured !== quota)
    findings.push(
      todo(
        CHECK,
        `context concurrencyQuota is ${configured} but the account's quota is ${quota}: set "concurrencyQuota": ${quota} in cdk.json stages.${ctx.stage} (the concurrency alarm fires at 80 % of it, and synth checks a reservation against it)`,
      ),
    );
  return findings;
}
