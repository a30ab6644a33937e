/**
 * Builds the CDK app: the stack for the context's stage, with the AwsSolutions checks (cdk-nag 3 runs as a
 * policy-validation plugin, so a finding without a justified acknowledgement fails synthesis). The CLI entry
 * (app.ts) and the stack tests both build through here, so they check the same thing.
 */
import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { GROUPS, JOBS, ROUTES } from '../../functions/registry.js';
import { API_GATEWAY_LOGGING_STACK, ApiGatewayLoggingStack } from './api-gateway-logging-stack.js';
import { readConfig } from './config.js';
import { RentalPmStack } from './stack.js';

export function buildApp(props: AppProps = {}): {
  app: App;
  stack: RentalPmStack;
  logging?: ApiGatewayLoggingStack;
} {
  const app = new App(props);
  const config = readConfig(app.node);
  const env = { account: config.account, region: config.region };
  // API Gateway's account-level logging role, deployed before the stage (api-gateway-logging-stack.ts).
  const logging = config.apiGatewayCloudWatchRole
    ? new ApiGatewayLoggingStack(app, API_GATEWAY_LOGGING_STACK, {
        env,
        description: "API Gateway's CloudWatch Logs role for this account and region (shared by every stage)",
        // The same for every stage (it is one stack per account and region, whichever stage deploys it): every
        // API of the account logs through its role.
        terminationProtection: true,
      })
    : undefined;
  const stack = new RentalPmStack(app, `RentalPm-${config.stage}`, {
    config,
    routes: ROUTES,
    groups: GROUPS,
    jobs: JOBS,
    // The stage's account and region (config.ts: prod must name them; dev falls back to the caller's profile,
    // then to dummies so `cdk synth` runs offline). A customer-managed table key needs a concrete environment.
    env,
    description: `Rental property management API (${config.stage})`,
    terminationProtection: config.stage === 'prod',
  });
  if (logging) stack.addStackDependency(logging, 'API Gateway needs its logging role before a logged stage');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, ...(logging ? { logging } : {}) };
}
