/**
 * The cloud stack (DESIGN.md "The cloud stack"): everything is derived from the route registry (ROUTES,
 * GROUPS, JOBS) and the table definition, so adding an endpoint or a group needs no change here. Each part
 * is a construct of its own (constructs/*); this file wires them together.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { MAIL_SENDER_JOB } from '../../functions/registry.js';
import type { RouteContract } from '../../shared/http/route.js';
import type { JobContract } from '../../shared/jobs/contract.js';
import { binaryMediaTypesOf, planApiResources } from './api-model.js';
import { isProd, type StackConfig } from './config.js';
import { environmentFor, grantNeeds, type Needs, type WiringResources } from './constructs/access-wiring.js';
import { AdminUserPool } from './constructs/admin-user-pool.js';
import type { CanaryTarget } from './constructs/alarms.js';
import { AppSecrets } from './constructs/app-secrets.js';
import { CanaryReleases } from './constructs/canary-releases.js';
import { CustomDomain } from './constructs/custom-domain.js';
import { DataStore } from './constructs/data-store.js';
import { GroupFunction, invokable } from './constructs/group-function.js';
import { JobFunctions, TABLE_CHANGES_READER } from './constructs/job-functions.js';
import { LegacyRestApi } from './constructs/legacy-rest-api.js';
import { Mail, readSendQuotaGrant } from './constructs/mail.js';
import { Monitoring } from './constructs/monitoring.js';
import { RateLimitWebAcl } from './constructs/rate-limit-web-acl.js';
import { STRIPE_WEBHOOK_GROUP, StripeWebhookUrl } from './constructs/stripe-webhook-url.js';
import { accessOf, secretsOf, tableAccessOf } from './group-access.js';
import { secretArnOutput } from './stack-outputs.js';

export interface RentalPmStackProps extends StackProps {
  readonly config: StackConfig;
  readonly routes: readonly RouteContract[];
  readonly groups: readonly string[];
  /**
   * The background jobs (functions/registry.ts JOBS): one stream reader Lambda for all the table-change jobs,
   * and a Lambda with its rule per schedule (infra/cdk/constructs/job-functions.ts).
   */
  readonly jobs: readonly JobContract[];
}

export class RentalPmStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** Group → its `live` alias (what the API and the Stripe Function URL invoke). */
  readonly aliases: ReadonlyMap<string, lambda.Alias>;
  readonly api: LegacyRestApi;
  /** The alarms, in a nested stack (constructs/monitoring.ts). */
  readonly monitoring: Monitoring;
  /** prod: each group's canary release (constructs/canary-releases.ts). */
  readonly releases?: CanaryReleases;

  constructor(scope: Construct, id: string, props: RentalPmStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = isProd(config);
    // prod keeps its data stores when the stack goes (and through a replacement), but a failed first create
    // removes what it made, so the retry does not trip over leftovers; other stages are disposable.
    const removalPolicy = prod ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
    const logRetention = prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH;
    const name = `rental-pm-${config.stage}`;

    // Deletion protection goes with the stack's termination protection (context protection, build-app.ts): off
    // for a first create, so a failed one rolls back completely and `cdk deploy` can run again.
    const data = new DataStore(this, 'Data', {
      name,
      deletionProtection: config.protection,
      removalPolicy,
      warmThroughput: { reads: config.capacity.tableWarmReads, writes: config.capacity.tableWarmWrites },
    });
    this.table = data.table;
    const admins = new AdminUserPool(this, 'Admins', {
      name: `${name}-admins`,
      deletionProtection: config.protection,
      removalPolicy,
    });
    const mail = new Mail(this, 'Mail', {
      identity: config.mailIdentity,
      identityExists: config.mailIdentityExists,
      from: config.mailFrom,
      prod,
      ...(config.hostedZone ? { hostedZone: config.hostedZone } : {}),
    });
    const secrets = new AppSecrets(this, 'Secrets', { stage: config.stage, removalPolicy });
    const resources: WiringResources = {
      table: data.table,
      admins,
      mail,
      dataKey: data.dataKey,
      secrets,
      corsOrigins: config.corsOrigins,
      ...(config.accounting ? { accounting: config.accounting } : {}),
    };

    // --- One Lambda per group, with the environment and grants its access and routes need.
    const groups = this.addGroupFunctions(props, resources, { logRetention, removalPolicy });
    const groupFunctions = new Map([...groups].map(([group, g]) => [group, g.function]));
    /** Group → its `live` alias, which the API and the Function URL invoke. */
    const liveAliases = new Map(
      [...groups].flatMap(([group, g]) => (g.alias ? [[group, g.alias] as const] : [])),
    );
    this.functions = groupFunctions;
    this.aliases = liveAliases;
    const stripeWebhook = liveAliases.get(STRIPE_WEBHOOK_GROUP);
    if (stripeWebhook) new StripeWebhookUrl(this, 'StripeWebhook', { function: invokable(stripeWebhook) });

    // --- The REST API with the legacy paths, derived from the registry.
    this.api = new LegacyRestApi(this, 'Http', {
      stageName: config.stage,
      resources: planApiResources(props.routes),
      functions: new Map([...liveAliases].map(([group, alias]) => [group, invokable(alias)])),
      logRetention,
      removalPolicy,
      corsOrigins: config.corsOrigins,
      stageCache: config.stageCache,
      requireApiKey: config.requireApiKey,
      apiClients: config.apiClients,
      binaryMediaTypes: binaryMediaTypesOf(props.routes),
      throttle: { rateLimit: config.capacity.stageRateLimit, burstLimit: config.capacity.stageBurstLimit },
    });
    if (config.domain) {
      new CustomDomain(this, 'Domain', { domain: config.domain, api: this.api.api, stage: this.api.stage });
    }

    // The API's public base (activation links end in /API/...): the custom domain's, else built from the API id
    // and stage name rather than api.url, which references the stage and so, through the methods, the functions
    // themselves (a cycle).
    const publicBaseUrl =
      config.publicBaseUrl ??
      `https://${this.api.api.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${config.stage}`;
    for (const fn of groupFunctions.values()) fn.addEnvironment('PUBLIC_BASE_URL', publicBaseUrl);

    const waf = new RateLimitWebAcl(this, 'Waf', {
      name: `${name}-api`,
      stageArn: this.api.stage.stageArn,
      corsOrigins: config.corsOrigins,
      logRetention,
    });

    // --- Background jobs, derived from the JOBS contracts: a job runs with its group's declared access and
    // writes the table (a job exists to record or derive something), with no secrets unless its group's access
    // names one.
    const jobNeeds = (job: JobContract): Needs => {
      const access = job.access === 'table' ? {} : accessOf(job.group);
      return { access, table: 'readWrite', secrets: secretsOf(access, []) };
    };
    const jobs = new JobFunctions(this, 'Jobs', {
      jobs: props.jobs,
      table: data.table,
      logRetention,
      removalPolicy,
      streamParallelization: config.capacity.streamParallelization,
      environment: (job) => environmentFor(jobNeeds(job), resources),
      grant: (job, role) => grantNeeds(role, jobNeeds(job), resources),
    });

    // The paced mail sender reads SES's sending limits (docs/messages.md "Paced to SES").
    const sender = jobs.functions.get(MAIL_SENDER_JOB);
    if (sender?.role) readSendQuotaGrant(sender.role);

    // The message jobs write links to the API's own pages (the payment page, when the site names none).
    for (const fn of jobs.functions.values()) fn.addEnvironment('PUBLIC_BASE_URL', publicBaseUrl);

    const icalImport = props.jobs.find((job) => job.id === 'icalImport');
    const streamReader = jobs.functions.get(TABLE_CHANGES_READER);
    this.monitoring = new Monitoring(this, 'Monitoring', {
      alarms: {
        stage: { apiName: this.api.api.restApiName, stageName: config.stage },
        functions: new Map([...groupFunctions, ...jobs.functions]),
        table: data.table,
        webAclName: waf.name,
        failureQueues: jobs.failureQueues,
        removalPolicy,
        concurrencyQuota: config.concurrencyQuota,
        // prod's releases roll back on the new version's own errors (constructs/canary-releases.ts).
        ...(prod ? { canaries: canaryTargets(groups) } : {}),
        ...(streamReader ? { streamReader } : {}),
        ...(config.alarmEmail ? { email: config.alarmEmail } : {}),
        ...(config.alarmTopicArn ? { topicArn: config.alarmTopicArn } : {}),
      },
      dashboard: {
        name: `${name}-api`,
        groups: props.groups,
        jobFunctions: jobs.functions,
        ...(streamReader ? { streamReader } : {}),
      },
      jobFunctions: [...jobs.functions.values()],
      webhookJobs: [
        ...new Set(['webhookFanOut', 'webhookRetries'].flatMap((id) => jobs.functionOfJob.get(id) ?? [])),
      ],
      tableChangeJobs: jobs.tableChangeJobs,
      ...(icalImport?.kind === 'schedule' ? { icalEveryMinutes: icalImport.everyMinutes } : {}),
    });

    // prod shifts each group's traffic to a new version as a canary and rolls back on that version's errors;
    // dev points the aliases at the new versions at once.
    if (prod)
      this.releases = new CanaryReleases(this, 'Releases', {
        aliases: liveAliases,
        alarms: this.monitoring.alarms.canaryErrors,
      });

    this.addOutputs(config, data, admins, secrets);
  }

  /** One Lambda per group, with its access's environment and grants (and the webhook's reservation, if any). */
  private addGroupFunctions(
    props: RentalPmStackProps,
    resources: WiringResources,
    retention: { logRetention: logs.RetentionDays; removalPolicy: RemovalPolicy },
  ): Map<string, GroupFunction> {
    const { config } = props;
    const made = new Map<string, GroupFunction>();
    for (const group of props.groups) {
      const routes = props.routes.filter((r) => r.group === group);
      const access = accessOf(group);
      const needs: Needs = { access, table: tableAccessOf(routes), secrets: secretsOf(access, routes) };
      const reserved = group === STRIPE_WEBHOOK_GROUP ? config.webhookReservedConcurrency : undefined;
      const groupFunction = new GroupFunction(this, `${group}Group`, {
        group,
        environment: environmentFor(needs, resources),
        ...retention,
        ...(reserved ? { reservedConcurrency: reserved } : {}),
      });
      grantNeeds(groupFunction.role, needs, resources);
      made.set(group, groupFunction);
    }
    return made;
  }

  private addOutputs(config: StackConfig, data: DataStore, admins: AdminUserPool, secrets: AppSecrets): void {
    new CfnOutput(this, 'ApiUrl', {
      value: config.publicBaseUrl ?? this.api.api.url,
      description: 'Base URL; paths continue with /API/…',
    });
    if (this.api.websiteApiKey)
      new CfnOutput(this, 'WebsiteApiKeyId', { value: this.api.websiteApiKey.keyId });
    for (const [client, key] of this.api.clientKeys)
      new CfnOutput(this, `ApiKeyId${client.replaceAll('-', '')}`, {
        value: key.keyId,
        description: `Integration ${client}'s API key id (aws apigateway get-api-key --include-value)`,
      });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'AdminUserPoolId', { value: admins.userPool.userPoolId });
    new CfnOutput(this, 'AdminUserPoolClientId', { value: admins.client.userPoolClientId });
    new CfnOutput(this, 'DataKeyArn', { value: data.dataKey.keyArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.alarms.topic.topicArn });
    for (const [secretName, secret] of secrets.secrets)
      new CfnOutput(this, secretArnOutput(secretName), { value: secret.secretArn });
  }
}

/** Each group's alias and the version a release moves it to, as its canary alarm names them. */
function canaryTargets(groups: ReadonlyMap<string, GroupFunction>): Map<string, CanaryTarget> {
  const targets = new Map<string, CanaryTarget>();
  for (const [group, { alias, version }] of groups) {
    if (!alias || !version)
      throw new Error(`Group ${group} has no live alias: its canary could not be watched`);
    targets.set(group, {
      functionName: version.lambda.functionName,
      aliasName: alias.aliasName,
      version: version.version,
    });
  }
  return targets;
}
