/**
 * A first create that failed while protection was on (context protection, prod's default) cannot be retried as
 * it is: the CDK CLI turned the stack's termination protection on before creating it, so the next `cdk deploy`
 * cannot delete the failed stack, and the rollback could not delete the deletion-protected table and admin
 * user pool either (ROLLBACK_FAILED). These are the commands that free it, per protected resource type; the
 * doctor prints them with the stack's real names (doctor/stage-stack.ts) and docs/cloud-stack.md shows them
 * with placeholders (generated). test/stack.test.ts checks that every resource type the synthesized prod
 * templates protect has its command here.
 */

/** A protected resource type → the command that turns its deletion protection off. */
export const DELETION_PROTECTION_OFF: Readonly<
  Record<string, (physicalId: string, region: string) => string>
> = {
  'AWS::DynamoDB::GlobalTable': (id, region) =>
    `aws dynamodb update-table --region ${region} --table-name ${id} --no-deletion-protection-enabled`,
  // UpdateUserPool resets every setting it is not given to its default: harmless on a pool that is about to
  // be deleted with the failed stack, never to be run on a live one.
  'AWS::Cognito::UserPool': (id, region) =>
    `aws cognito-idp update-user-pool --region ${region} --user-pool-id ${id} --deletion-protection INACTIVE`,
};

export interface LeftoverResource {
  readonly type: string;
  readonly physicalId: string;
}

/**
 * What frees a failed first create and runs it again: termination protection off, deletion protection off on
 * what the rollback could not delete, the stack deleted, then the create again without protection.
 */
export function recoveryCommands(
  stackName: string,
  region: string,
  stage: string,
  leftovers: readonly LeftoverResource[],
): string[] {
  const unprotect = leftovers.flatMap(({ type, physicalId }) => {
    const command = DELETION_PROTECTION_OFF[type];
    return command ? [command(physicalId, region)] : [];
  });
  return [
    `aws cloudformation update-termination-protection --region ${region} --stack-name ${stackName} --no-enable-termination-protection`,
    ...unprotect,
    `aws cloudformation delete-stack --region ${region} --stack-name ${stackName}`,
    `aws cloudformation wait stack-delete-complete --region ${region} --stack-name ${stackName}`,
    `npx cdk deploy --all -c stage=${stage} -c protection=false --outputs-file cdk-outputs.${stage}.json`,
  ];
}
