/**
 * Builds the CDK app: the stack for the context's stage, with the AwsSolutions checks (cdk-nag 3 runs as a
 * policy-validation plugin, so a finding without a justified acknowledgement fails synthesis). The CLI entry
 * (app.ts) and the stack tests both build through here, so they check the same thing.
 */
import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { GROUPS, JOBS, ROUTES } from '../../functions/registry.js';
import { readConfig } from './config.js';
import { RentalPmStack } from './stack.js';

export function buildApp(props: AppProps = {}): { app: App; stack: RentalPmStack } {
  const app = new App(props);
  const config = readConfig(app.node);
  const stack = new RentalPmStack(app, `RentalPm-${config.stage}`, {
    config,
    routes: ROUTES,
    groups: GROUPS,
    jobs: JOBS,
    // The stage's account and region (config.ts: prod must name them; dev falls back to the caller's profile,
    // then to dummies so `cdk synth` runs offline). A customer-managed table key needs a concrete environment.
    env: { account: config.account, region: config.region },
    description: `Rental property management API (${config.stage})`,
    terminationProtection: config.stage === 'prod',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
