/**
 * Points the shared repositories at a deployed stage (the same code the Lambdas run): the stack's outputs
 * give the table, the admin pool and its client, and the data key; the region is the stage's (cdk.json
 * `stages.<stage>.region`, else AWS_REGION). The outputs come from `cdk deploy --outputs-file FILE` when given
 * (`--outputs FILE`), else from `aws cloudformation describe-stacks`. Credentials are the caller's (the AWS
 * CLI's profile or environment): nothing here is stored.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface StageTarget {
  readonly stage: string;
  readonly stackName: string;
  readonly region: string;
  readonly outputs: Readonly<Record<string, string>>;
}

/** The outputs a script needs from the stack (stack.ts addOutputs). */
export const REQUIRED_OUTPUTS = [
  'TableName',
  'AdminUserPoolId',
  'AdminUserPoolClientId',
  'DataKeyArn',
] as const;

/** The stage's region as cdk.json names it, if it does. */
export function stageRegion(
  stage: string,
  cdkJson = readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'),
): string | undefined {
  const context = (JSON.parse(cdkJson) as { context?: { stages?: Record<string, { region?: string }> } })
    .context;
  const region = context?.stages?.[stage]?.region;
  return region ? region : undefined;
}

/** The outputs of `RentalPm-<stage>` in a `cdk deploy --outputs-file` file. */
export function outputsFromFile(text: string, stackName: string): Record<string, string> {
  const all = JSON.parse(text) as Record<string, Record<string, string>>;
  const own = all[stackName];
  if (!own)
    throw new Error(
      `The outputs file has no stack ${stackName} (it has ${Object.keys(all).join(', ') || 'none'})`,
    );
  return own;
}

function outputsFromCloudFormation(stackName: string, region: string): Record<string, string> {
  const text = execFileSync(
    'aws',
    [
      'cloudformation',
      'describe-stacks',
      '--stack-name',
      stackName,
      '--region',
      region,
      '--query',
      'Stacks[0].Outputs',
      '--output',
      'json',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const list = JSON.parse(text) as { OutputKey: string; OutputValue: string }[];
  return Object.fromEntries(list.map((o) => [o.OutputKey, o.OutputValue]));
}

export function resolveStage(stage: string, outputsFile?: string): StageTarget {
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`--stage "${stage}" is not a stage name`);
  const stackName = `RentalPm-${stage}`;
  const region = stageRegion(stage) ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region)
    throw new Error(
      `No region for stage ${stage}: name it in cdk.json stages.${stage}.region or set AWS_REGION`,
    );
  const outputs = outputsFile
    ? outputsFromFile(readFileSync(outputsFile, 'utf8'), stackName)
    : outputsFromCloudFormation(stackName, region);
  const missing = REQUIRED_OUTPUTS.filter((key) => !outputs[key]);
  if (missing.length > 0)
    throw new Error(`Stack ${stackName} has no output ${missing.join(', ')}: is it deployed?`);
  return { stage, stackName, region, outputs };
}

/** Sets the variables the shared modules read (before they are imported: they read them at load). */
export function useStage(target: StageTarget): void {
  const { outputs } = target;
  Object.assign(process.env, {
    AWS_REGION: target.region,
    TABLE_NAME: outputs.TableName,
    ADMIN_USER_POOL_ID: outputs.AdminUserPoolId,
    ADMIN_USER_POOL_CLIENT_ID: outputs.AdminUserPoolClientId,
    DATA_KEY_KMS_KEY_ID: outputs.DataKeyArn,
    // The tracer and the EMF lines stay off: this runs on an operator's machine, not in Lambda.
    POWERTOOLS_TRACE_ENABLED: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
}

/** `--name value` from argv. */
export function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}
