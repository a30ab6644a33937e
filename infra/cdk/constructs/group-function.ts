/**
 * One endpoint group's Lambda with the project's defaults, in one place: Node 22 on ARM64, esbuild with the
 * SDK bundled (measured faster cold imports than the runtime's SDK), minified ESM with source maps, its own
 * log group with retention, X-Ray (the handlers' Powertools Tracer writes the subsegments), and a role that
 * starts empty (no AWS managed policy) so every permission it holds is a grant made by the stack on purpose.
 *
 * A group's function (not a job's) is published as a version on every change, behind the alias `live` that
 * API Gateway and the Function URL call: CodeDeploy can then shift traffic between two versions and roll back
 * (constructs/canary-releases.ts), and a release never runs half-updated code.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, type RemovalPolicy, Tags, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The tag that names a function's group; tests and operators find a group's function by it. */
export const GROUP_TAG = 'api-group';
/** The tag that names a job's function (instead of GROUP_TAG). */
export const JOB_TAG = 'job';

export interface GroupFunctionProps {
  /** The folder under functions/ whose handler.ts exports `handler`. */
  readonly group: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  /** A job's function (functions/<group>/<entry>, docs/jobs.md) rather than the group's HTTP handler. */
  readonly job?: {
    readonly id: string;
    /** The entry module, relative to the project root. */
    readonly entry: string;
    readonly description: string;
    readonly timeout: Duration;
    /** Memory for a job sized by its contract (a queue worker's page); 256 MB otherwise. */
    readonly memoryMb?: number;
  };
  /**
   * Concurrency kept for this function and its cap: for an entry outside WAF and the stage throttle (the
   * Stripe webhook's Function URL), so a flood there cannot take the concurrency the API needs.
   */
  readonly reservedConcurrency?: number;
}

/** The alias API Gateway and the Function URL invoke. */
export const LIVE_ALIAS = 'live';

/**
 * An alias as the function API Gateway and the Function URL invoke. Alias is an IFunction; only
 * exactOptionalPropertyTypes sees its optional `role` differently (as with TableV2 in job-functions.ts).
 */
export const invokable = (alias: lambda.Alias): lambda.IFunction => alias as unknown as lambda.IFunction;

/**
 * ESM output runs CommonJS dependencies through esbuild's `require` shim, which cannot load Node built-ins;
 * a real `require` from createRequire lets such a dependency still `require('node:crypto')`. With
 * mainFields module-first most packages resolve to their ESM builds and never need it.
 */
const REQUIRE_BANNER =
  "import{createRequire as __cjsRequire}from'node:module';const require=__cjsRequire(import.meta.url);";

export class GroupFunction extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** A group's `live` alias on its current version (none for a job). */
  readonly alias?: lambda.Alias;
  /** The version the alias is on (none for a job): a release's canary is watched by its number. */
  readonly version?: lambda.Version;

  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id);
    const { group, job } = props;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: job ? `Lambda role of the ${job.id} job` : `Lambda role of the ${group} API group`,
    });
    // Instead of AWSLambdaBasicExecutionRole (logs:* on every log group): write to this function's group only.
    this.logGroup.grantWrite(this.role);

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: path.join(PROJECT_ROOT, job ? job.entry : path.join('functions', group, 'handler.ts')),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: job?.memoryMb ?? 256,
      // API Gateway gives up after 29 s; a legacy JSON call that needs more than 10 s is a bug to see in alarms.
      timeout: job?.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      description: job
        ? `Job ${job.id} (${job.entry}): ${job.description}`.slice(0, 256)
        : `Legacy API group ${group} (functions/${group})`,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      bundling: {
        target: 'node22',
        format: nodejs.OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too: one pinned version, tree-shaken, and a faster cold import than the runtime's copy.
        externalModules: [],
        bundleAwsSDK: true,
      },
    });
    Tags.of(this.function).add(job ? JOB_TAG : GROUP_TAG, job ? job.id : group);
    if (!job) {
      // The version is named by a hash of the function's configuration, so any change publishes a new one.
      this.version = this.function.currentVersion;
      this.alias = new lambda.Alias(this, 'Live', {
        aliasName: LIVE_ALIAS,
        // Version is an IVersion; only exactOptionalPropertyTypes sees its optional `role` differently.
        version: this.version as unknown as lambda.IVersion,
        description: `What the API serves for ${group}`,
      });
    }

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) supports no resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node 22 is the project runtime (DESIGN.md): the local runtime, the test suite and the bundle target all run 22; a runtime upgrade is a deliberate, tested change.',
      },
    );
  }
}
