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
        // No termination protection: its two resources outlive the stack anyway (RetainExceptOnCreate), and the
        // CDK CLI turns protection on before a first create, so a failed one could not be deleted and retried.
        // Stages of one account share it, so no stage's setting may flip it either.
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
    // Context protection (prod's default): the CDK CLI turns it on before it creates the stack, so a failed first
    // create could not be deleted by the next `cdk deploy`; the first create runs with protection=false and the
    // next deploy turns it on (docs/cloud-stack.md "First deploy").
    terminationProtection: config.protection,
  });
  if (logging) stack.addStackDependency(logging, 'API Gateway needs its logging role before a logged stage');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, ...(logging ? { logging } : {}) };
}
