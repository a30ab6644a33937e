/**
 * The first super admin exists (Cognito ListUsers on the admin pool: a user whose custom:role is 0), so someone
 * can sign in to the back office; `npm run admin:create` makes one with its admin profile.
 */
import { paginateListUsers } from '@aws-sdk/client-cognito-identity-provider';
import { OUTPUTS } from '../../cdk/stack-outputs.js';
import { type DoctorContext, isCreated } from './context.js';
import { type Finding, ready, todo } from './report.js';

const CHECK = 'first admin';
const SUPER_ADMIN_ROLE = '0';

export async function checkFirstAdmin(ctx: DoctorContext): Promise<Finding[]> {
  const create = [
    `npm run admin:create -- --stage ${ctx.stage} --key <adminAPIKey> --first <first name> --last <last name>`,
  ];
  const poolId = ctx.stack?.outputs[OUTPUTS.adminUserPoolId];
  if (!isCreated(ctx.stack) || !poolId)
    return [todo(CHECK, 'after the deploy: create the first super admin', create)];
  for await (const page of paginateListUsers(
    { client: ctx.clients.cognito },
    { UserPoolId: poolId, Limit: 60 },
  ))
    for (const user of page.Users ?? []) {
      const role = user.Attributes?.find((a) => a.Name === 'custom:role')?.Value;
      if (role === SUPER_ADMIN_ROLE && user.Enabled !== false)
        return [ready(CHECK, `super admin ${user.Username ?? '?'} in ${poolId}`)];
    }
  return [
    todo(CHECK, `the admin pool ${poolId} has no super admin: nobody can sign in to the back office`, create),
  ];
}
