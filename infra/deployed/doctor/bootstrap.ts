/**
 * The account and region are bootstrapped for the CDK (the CDKToolkit stack, its BootstrapVersion output):
 * `cdk deploy` needs its bucket, repository and roles, and refuses an older version than the app's templates
 * check (their CheckBootstrapVersion rule).
 */
import { DEFAULT_ACCOUNT } from '../../cdk/config.js';
import { describeStack } from '../stage-stack.js';
import type { DoctorContext } from './context.js';
import { type Finding, ready, todo } from './report.js';

const CHECK = 'cdk bootstrap';
export const TOOLKIT_STACK = 'CDKToolkit';
/** The lowest bootstrap version the synthesized templates accept (test/stack.test.ts reads their rule). */
export const MIN_BOOTSTRAP_VERSION = 6;

export async function checkBootstrap(ctx: DoctorContext): Promise<Finding[]> {
  const account = ctx.config && ctx.config.account !== DEFAULT_ACCOUNT ? ctx.config.account : '<account>';
  const bootstrap = [`npx cdk bootstrap aws://${account}/${ctx.region}`];
  const toolkit = await describeStack(ctx.clients.cloudFormation, TOOLKIT_STACK);
  if (!toolkit)
    return [todo(CHECK, `${ctx.region} is not bootstrapped (no ${TOOLKIT_STACK} stack)`, bootstrap)];
  if (!/_COMPLETE$/.test(toolkit.status) || /ROLLBACK|DELETE/.test(toolkit.status))
    return [todo(CHECK, `the ${TOOLKIT_STACK} stack is ${toolkit.status}: bootstrap again`, bootstrap)];
  const version = Number(toolkit.outputs.BootstrapVersion ?? 0);
  if (version < MIN_BOOTSTRAP_VERSION)
    return [
      todo(
        CHECK,
        `bootstrap version ${version}; the app's templates need ${MIN_BOOTSTRAP_VERSION} or later: bootstrap again`,
        bootstrap,
      ),
    ];
  return [ready(CHECK, `${TOOLKIT_STACK} version ${version} in ${ctx.region}`)];
}
