/**
 * A CloudFormation stack as the deploy scripts see it: its status, termination protection and outputs
 * (DescribeStacks), or nothing when it does not exist (CloudFormation answers a ValidationError).
 */
import {
  type CloudFormationClient,
  DescribeStackResourcesCommand,
  DescribeStacksCommand,
} from '@aws-sdk/client-cloudformation';

export interface DeployedStack {
  readonly name: string;
  readonly status: string;
  readonly terminationProtection: boolean;
  readonly outputs: Readonly<Record<string, string>>;
}

const doesNotExist = (error: unknown) =>
  (error as Error).name === 'ValidationError' && /does not exist/.test((error as Error).message);

export async function describeStack(
  cloudFormation: CloudFormationClient,
  name: string,
): Promise<DeployedStack | undefined> {
  try {
    const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: name }));
    const [stack] = Stacks;
    if (!stack) return undefined;
    return {
      name,
      status: stack.StackStatus ?? 'UNKNOWN',
      terminationProtection: stack.EnableTerminationProtection === true,
      outputs: Object.fromEntries(
        (stack.Outputs ?? []).flatMap((o) => (o.OutputKey ? [[o.OutputKey, o.OutputValue ?? '']] : [])),
      ),
    };
  } catch (error) {
    if (doesNotExist(error)) return undefined;
    throw error;
  }
}

/** The stack's resources that still exist (type and physical id), e.g. what a failed rollback left. */
export async function remainingResources(
  cloudFormation: CloudFormationClient,
  name: string,
): Promise<{ type: string; physicalId: string }[]> {
  const { StackResources = [] } = await cloudFormation.send(
    new DescribeStackResourcesCommand({ StackName: name }),
  );
  return StackResources.flatMap((r) =>
    r.ResourceType && r.PhysicalResourceId && r.ResourceStatus !== 'DELETE_COMPLETE'
      ? [{ type: r.ResourceType, physicalId: r.PhysicalResourceId }]
      : [],
  );
}
