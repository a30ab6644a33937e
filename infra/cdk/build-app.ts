/**
 * Builds the CDK app: the stack for the context's stage, with the AwsSolutions checks (cdk-nag 3 runs as a
 * policy-validation plugin, so a finding without a justified acknowledgement fails synthesis). The CLI entry
 * (app.ts) and the stack tests both build through here, so they check the same thing.
 */
import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { GROUPS, JOBS, ROUTES } from '../../functions/registry.js';
import { DEFAULT_ACCOUNT, DEFAULT_REGION, readConfig } from './config.js';
import { RentalPmStack } from './stack.js';

export function buildApp(props: AppProps = {}): { app: App; stack: RentalPmStack } {
  const app = new App(props);
  const config = readConfig(app.node);
  const stack = new RentalPmStack(app, `RentalPm-${config.stage}`, {
    config,
    routes: ROUTES,
    groups: GROUPS,
    jobs: JOBS,
    // A customer-managed table key needs a concrete environment; the dummies let `cdk synth` run offline
    // with no credentials, and `cdk deploy` fills both from the caller's profile.
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT ?? DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    },
    description: `Rental property management API (${config.stage})`,
    terminationProtection: config.stage === 'prod',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
