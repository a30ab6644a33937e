/**
 * `npm run doctor -- --stage <stage>`, as a function: checks the account before and after a deploy, line by
 * line (report.ts). Each check asks the account through the AWS SDK (and Stripe through its SDK); a check that
 * cannot ask (no permission, no network) says so and the others still run.
 */
import type Stripe from 'stripe';
import type { StackConfig } from '../../cdk/config.js';
import type { AccountClients } from '../aws-clients.js';
import { describeStack } from '../stage-stack.js';
import { checkAccounting } from './accounting.js';
import { checkBootstrap } from './bootstrap.js';
import { checkConcurrency } from './concurrency.js';
import { type DoctorContext, stackNameOf } from './context.js';
import { checkFirstAdmin } from './first-admin.js';
import { checkMail } from './mail.js';
import { type Finding, ready, todo } from './report.js';
import { checkSecrets } from './secrets.js';
import { checkStageStack } from './stage-stack.js';
import { checkStripeWebhook } from './stripe-webhook.js';

export interface DoctorOptions {
  readonly stage: string;
  readonly region: string;
  /** The stage's settings, or why synth would refuse them (infra/deployed/stage-settings.ts). */
  readonly settings: { config: StackConfig } | { error: string };
  readonly clients: AccountClients;
  readonly stripe: (key: string) => Stripe;
}

const CHECKS: readonly [string, (ctx: DoctorContext) => Finding[] | Promise<Finding[]>][] = [
  ['lambda concurrency', checkConcurrency],
  ['cdk bootstrap', checkBootstrap],
  ['stage stack', checkStageStack],
  ['ses', checkMail],
  ['secrets', checkSecrets],
  ['stripe webhook', checkStripeWebhook],
  ['accounting client', checkAccounting],
  ['first admin', checkFirstAdmin],
];

const failed = (check: string, error: unknown) =>
  todo(check, `could not be checked: ${(error as Error).name}: ${(error as Error).message}`);

export async function runDoctor(options: DoctorOptions): Promise<Finding[]> {
  const findings: Finding[] = [];
  const config = 'config' in options.settings ? options.settings.config : undefined;
  findings.push(
    config
      ? ready(
          'context',
          `cdk.json stages.${options.stage} synthesizes (region ${options.region}, mail identity ${config.mailIdentity})`,
        )
      : todo('context', 'error' in options.settings ? options.settings.error : 'unreadable'),
  );
  let stack: DoctorContext['stack'];
  try {
    stack = await describeStack(options.clients.cloudFormation, stackNameOf(options.stage));
  } catch (error) {
    findings.push(failed('stage stack', error));
  }
  const ctx: DoctorContext = {
    stage: options.stage,
    region: options.region,
    clients: options.clients,
    stripe: options.stripe,
    ...(config ? { config } : {}),
    ...(stack ? { stack } : {}),
  };
  for (const [name, check] of CHECKS) {
    try {
      findings.push(...(await check(ctx)));
    } catch (error) {
      findings.push(failed(name, error));
    }
  }
  return findings;
}
