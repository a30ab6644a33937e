/**
 * The stage's own stack: not there yet (deploy it, unprotected the first time), being changed, deployed, or a
 * failed first create. A failed create made with protection on cannot be retried as it is (termination
 * protection, and a rollback that could not delete the deletion-protected table or pool): the commands that
 * free it are printed with the stack's real names (failed-create-recovery.ts). Once created, prod runs
 * protected: the next deploy turns protection on.
 */
import { DELETION_PROTECTION_OFF, recoveryCommands } from '../failed-create-recovery.js';
import { remainingResources } from '../stage-stack.js';
import { type DoctorContext, isCreated, stackNameOf } from './context.js';
import { type Finding, note, ready, todo } from './report.js';

const CHECK = 'stage stack';
const FAILED_CREATE = new Set(['ROLLBACK_COMPLETE', 'ROLLBACK_FAILED', 'ROLLBACK_IN_PROGRESS']);

const deploy = (ctx: DoctorContext, firstCreate: boolean) =>
  `npx cdk deploy --all -c stage=${ctx.stage}${firstCreate && ctx.stage === 'prod' ? ' -c protection=false' : ''} --outputs-file cdk-outputs.${ctx.stage}.json`;

export async function checkStageStack(ctx: DoctorContext): Promise<Finding[]> {
  const name = stackNameOf(ctx.stage);
  const stack = ctx.stack;
  if (!stack)
    return [
      todo(
        CHECK,
        `${name} is not deployed in ${ctx.region} yet: deploy it (the first create without protection, so a failed one can simply be run again)`,
        [deploy(ctx, true)],
      ),
    ];
  if (FAILED_CREATE.has(stack.status) || (stack.status === 'DELETE_FAILED' && !stack.outputs.ApiUrl)) {
    const leftovers = await remainingResources(ctx.clients.cloudFormation, name);
    const protectedLeftovers = leftovers.filter((r) => r.type in DELETION_PROTECTION_OFF);
    if (!stack.terminationProtection && protectedLeftovers.length === 0)
      return [
        todo(
          CHECK,
          `${name} failed its first create (${stack.status}) and is not protected: fix the cause (its events say it) and deploy again; the CDK CLI deletes the failed stack first`,
          [deploy(ctx, true)],
        ),
      ];
    return [
      todo(
        CHECK,
        `${name} failed its first create (${stack.status}) with protection on: the next deploy cannot delete it. Free it and create it again without protection`,
        recoveryCommands(name, ctx.region, ctx.stage, leftovers),
      ),
    ];
  }
  if (/_IN_PROGRESS$/.test(stack.status))
    return [note(CHECK, `${name} is ${stack.status}: run the doctor again when it has finished`)];
  if (stack.status === 'UPDATE_ROLLBACK_FAILED')
    return [
      todo(CHECK, `${name} is UPDATE_ROLLBACK_FAILED: continue the rollback, then deploy again`, [
        `aws cloudformation continue-update-rollback --region ${ctx.region} --stack-name ${name}`,
      ]),
    ];
  if (!isCreated(stack)) return [todo(CHECK, `${name} is ${stack.status}`)];
  const findings: Finding[] = [ready(CHECK, `${name} is ${stack.status} in ${ctx.region}`)];
  if (ctx.stage === 'prod' && !(stack.terminationProtection && ctx.config?.protection !== false))
    findings.push(
      todo(
        'protection',
        `${name} is created but not protected (the first create runs with protection=false): deploy again without it, which turns on the stack's termination protection and the table's and admin pool's deletion protection`,
        [deploy(ctx, false)],
      ),
    );
  else if (stack.terminationProtection)
    findings.push(ready('protection', 'termination and deletion protection on'));
  return findings;
}
