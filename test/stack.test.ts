/**
 * Stack assertions on the synthesized template (bundling skipped). Expectations are derived from the route
 * registry and the table definition, not written out, so a new endpoint or group is checked without editing
 * this file.
 */
import { readFileSync } from 'node:fs';
import { App, type CfnResource, type NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import { build } from 'esbuild';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, HANDLED_STRIPE_EVENTS, JOBS, ROUTES } from '../functions/registry.js';
import {
  API_GATEWAY_LOGGING_STACK,
  type ApiGatewayLoggingStack,
} from '../infra/cdk/api-gateway-logging-stack.js';
import { planApiResources } from '../infra/cdk/api-model.js';
import { buildApp } from '../infra/cdk/build-app.js';
import { DEFAULT_CAPACITY, readConfig } from '../infra/cdk/config.js';
import { API_P99_THRESHOLD_MS, ITERATOR_AGE_THRESHOLD_MS } from '../infra/cdk/constructs/alarms.js';
import { LIVE_ALIAS } from '../infra/cdk/constructs/group-function.js';
import { TABLE_CHANGES_READER } from '../infra/cdk/constructs/job-functions.js';
import { accessOf, CAPABILITY_MODULES, type Capability, tableAccessOf } from '../infra/cdk/group-access.js';
import { MAIL_FAILED_MESSAGE } from '../infra/cdk/mail-alarms.js';
import { RentalPmStack } from '../infra/cdk/stack.js';
import {
  EXAMPLE_API_CLIENTS,
  FULL_EXAMPLE_CONTEXT,
  PROD_EXAMPLE_CONTEXT,
  renderStackFacts,
  withRegions,
} from '../infra/cdk/stack-facts.js';
import { MIN_BOOTSTRAP_VERSION } from '../infra/deployed/doctor/bootstrap.js';
import { DELETION_PROTECTION_OFF } from '../infra/deployed/failed-create-recovery.js';
import {
  BUSINESS_METRICS,
  BUSINESS_METRICS_NAMESPACE,
  emitBusinessMetric,
} from '../shared/business-metrics.js';
import { GLOBAL_INDEXES, KEY } from '../shared/db/table-definition.js';
import { RUN_BUDGET_MS } from '../shared/domain/messages/pacing.js';
import { allPaths, controllerOf, defineRoute, type RouteContract } from '../shared/http/route.js';
import {
  jobEntryPath,
  type QueueJob,
  queueUrlVariable,
  type TableChangeJob,
} from '../shared/jobs/contract.js';
import { filterPatterns } from '../shared/jobs/filter.js';
import { emitJobMetric, JOB_METRICS_NAMESPACE } from '../shared/jobs/metrics.js';
import { SWEEP_EVERY_MINUTES } from '../shared/jobs/retry-path.js';
import {
  emitAnomalyMetric,
  PAYMENT_ANOMALY_METRIC,
  PAYMENT_METRICS_NAMESPACE,
} from '../shared/payments/anomaly-metric.js';
import { SECRET_NAMES } from '../shared/secrets.js';
import { directiveOf, metricLinesOf } from './support/metric-lines.js';

const SYNTH_TIMEOUT = 60_000;
/**
 * What prod must name (cdk.json stages.prod is left empty on purpose: an operator fills it or passes -c), and
 * prod with every option on; the docs' counts are taken with the same (infra/cdk/stack-facts.ts).
 */
const PROD_CONTEXT = PROD_EXAMPLE_CONTEXT;
const API_CLIENTS = EXAMPLE_API_CLIENTS;
/** The full example, with every capacity setting given (their defaults are checked on dev). */
const CAPACITY_CONTEXT = {
  streamParallelization: '4',
  stageRateLimit: '300',
  stageBurstLimit: '500',
  tableWarmReads: '15000',
  tableWarmWrites: '6000',
};
const FULL_CONTEXT = { ...FULL_EXAMPLE_CONTEXT, ...CAPACITY_CONTEXT };
const cdkContext = (
  JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }
>;

interface Synthesized {
  app: App;
  stack: RentalPmStack;
  logging?: ApiGatewayLoggingStack | undefined;
  template: Template;
  resources: Resources;
}

/** Synthesizes the app as `cdk synth` does (same cdk.json feature flags, cdk-nag plugin), minus bundling. */
function synth(context: Record<string, unknown> = {}): Synthesized {
  const { app, stack, logging } = buildApp({
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
  app.synth(); // runs the cdk-nag validation plugin; throws on an unacknowledged finding
  const template = Template.fromStack(stack);
  return { app, stack, logging, template, resources: template.toJSON().Resources as Resources };
}

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);
const mentions = (value: unknown, logicalId: string) => JSON.stringify(value).includes(`"${logicalId}"`);

/**
 * A nested stack's resources, with each parameter reference replaced by what the parent passes for it, so
 * they name the parent's logical ids.
 */
function nestedResources(s: Synthesized, nested: NestedStack): Resources {
  const own = Template.fromStack(nested).toJSON().Resources as Resources;
  const stackId = s.stack.getLogicalId(nested.nestedStackResource as CfnResource);
  const parameters = (s.resources[stackId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
  let json = JSON.stringify(own);
  for (const [name, value] of Object.entries(parameters))
    json = json.replaceAll(JSON.stringify({ Ref: name }), JSON.stringify(value));
  return JSON.parse(json) as Resources;
}

/** The alarms and the dashboard live in the Monitoring nested stack (infra/cdk/constructs/monitoring.ts). */
const monitoringResources = (s: Synthesized): Resources => nestedResources(s, s.stack.monitoring);

/**
 * The parent's resources with the Routes nested stack's (the API's resource and method tree and the aliases'
 * invoke permissions: infra/cdk/constructs/legacy-rest-api.ts) merged in.
 */
const apiResources = (s: Synthesized): Resources => ({
  ...s.resources,
  ...nestedResources(s, s.stack.api.routes),
});

interface MetricQuery {
  Id: string;
  Expression?: string;
  MetricStat?: {
    Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] };
  };
}

const alarmsOf = (s: Synthesized) =>
  ofType(monitoringResources(s), 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties ?? {});

/** Full paths of the API Gateway resources, rebuilt from PathPart / ParentId. */
function resourcePaths(resources: Resources): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (logicalId: string): string => {
    const known = paths.get(logicalId);
    if (known) return known;
    const props = resources[logicalId]?.Properties as { PathPart: string; ParentId: unknown };
    const parent = props.ParentId as { Ref?: string };
    const full = `${parent.Ref ? pathOf(parent.Ref) : ''}/${props.PathPart}`;
    paths.set(logicalId, full);
    return full;
  };
  for (const [id] of ofType(resources, 'AWS::ApiGateway::Resource')) pathOf(id);
  return new Map([...paths].map(([id, path]) => [path, id]));
}

/** group → logical id of its Lambda, by the function's api-group tag. */
function functionsByGroup(resources: Resources): Map<string, string> {
  const byGroup = new Map<string, string>();
  for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
    const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
    const group = tags.find((t) => t.Key === 'api-group')?.Value;
    if (group) byGroup.set(group, id);
  }
  return byGroup;
}

/** group → logical id of its `live` alias (the alias on the group's function). */
function aliasesByGroup(resources: Resources): Map<string, string> {
  const byGroup = new Map<string, string>();
  const aliases = ofType(resources, 'AWS::Lambda::Alias');
  for (const [group, fnId] of functionsByGroup(resources)) {
    const [aliasId] = aliases.find(([, a]) => mentions(a.Properties?.FunctionName, fnId)) ?? [];
    if (aliasId) byGroup.set(group, aliasId);
  }
  return byGroup;
}

/** job id → logical id of its Lambda, by the function's job tag. */
function functionsByJob(resources: Resources): Map<string, string> {
  const byJob = new Map<string, string>();
  for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
    const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
    const job = tags.find((t) => t.Key === 'job')?.Value;
    if (job) byJob.set(job, id);
  }
  return byJob;
}

/** A Lambda per schedule job and per queue job, and one stream reader for all the table-change jobs. */
const jobFunctionCount =
  JOBS.filter((j) => j.kind === 'schedule' || j.kind === 'queue').length +
  (JOBS.some((j) => j.kind === 'tableChange') ? 1 : 0);

const LEGACY = /^\/API\/[^/]+\/V1\/.+/;
const expectedResourcePath = (path: string) =>
  LEGACY.test(path) ? `/API/${controllerOf(path)}/V1/{proxy+}` : path;

/** The registry's controllers whose every GET is public and cacheable, with the query names those GETs read. */
function expectedCachedControllers(routes: readonly RouteContract[]): Map<string, Set<string>> {
  const byController = new Map<string, RouteContract[]>();
  for (const route of routes) {
    for (const path of allPaths(route)) {
      const key = expectedResourcePath(path);
      byController.set(key, [...(byController.get(key) ?? []).filter((r) => r !== route), route]);
    }
  }
  const cached = new Map<string, Set<string>>();
  for (const [resourcePath, served] of byController) {
    const gets = served.filter((r) => r.method === 'GET');
    if (gets.length === 0 || !gets.every((r) => r.cache === true && r.auth.kind === 'public')) continue;
    const names = new Set<string>();
    for (const r of gets) {
      for (const name of Object.keys((r.query as { entries?: object } | undefined)?.entries ?? {}))
        names.add(name);
      for (const alias of Object.keys(r.aliases?.query ?? {})) names.add(alias);
    }
    cached.set(resourcePath, names);
  }
  return cached;
}

describe('cloud stack', () => {
  let dev: Synthesized;
  let prod: Synthesized;
  let full: Synthesized;

  beforeAll(() => {
    dev = synth();
    prod = synth(PROD_CONTEXT);
    full = synth(FULL_CONTEXT);
  }, 2 * SYNTH_TIMEOUT);

  it('builds the single table from the shared definition: PK/SK, three ALL-projected GSIs, TTL, PITR, on-demand, customer key', () => {
    dev.template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: KEY.pk, KeyType: 'HASH' },
        { AttributeName: KEY.sk, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.pk, KeyType: 'HASH' },
          { AttributeName: index.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: KEY.ttl, Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { KMSMasterKeyId: Match.anyValue() },
          DeletionProtectionEnabled: false,
        }),
      ],
    });
    expect(GLOBAL_INDEXES).toHaveLength(3);
  });

  it(
    'turns on deletion protection and retention for the prod stage only',
    () => {
      // Retained on delete and replacement, but removed when the first create fails (so a retry can start over).
      prod.template.hasResource('AWS::DynamoDB::GlobalTable', {
        DeletionPolicy: 'RetainExceptOnCreate',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
      });
      prod.template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
      for (const type of [
        'AWS::Cognito::UserPool',
        'AWS::KMS::Key',
        'AWS::SecretsManager::Secret',
        'AWS::SES::EmailIdentity',
        'AWS::Logs::LogGroup',
      ]) {
        const policies = ofType(prod.resources, type)
          // WAF's log group has a fixed name (its required prefix): destroyed, so a new create never collides.
          .filter(([, r]) => !String(r.Properties?.LogGroupName ?? '').startsWith('aws-waf-logs-'))
          .map(([, r]) => r.DeletionPolicy);
        expect(policies.length, type).toBeGreaterThan(0);
        expect(new Set(policies), type).toEqual(new Set(['RetainExceptOnCreate']));
      }
      expect(JSON.stringify(prod.template.toJSON())).not.toContain('"DeletionPolicy":"Retain"');
      expect(prod.stack.stackName).toBe('RentalPm-prod');
      expect(prod.stack.terminationProtection).toBe(true);
      dev.template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    },
    SYNTH_TIMEOUT,
  );

  it('creates one Lambda per registry group: nodejs22.x on arm64, traced, with the table name and source maps', () => {
    const byGroup = functionsByGroup(dev.resources);
    expect([...byGroup.keys()].sort()).toEqual([...GROUPS].sort());
    dev.template.resourceCountIs('AWS::Lambda::Function', GROUPS.length + jobFunctionCount);
    for (const logicalId of byGroup.values()) {
      const fn = dev.resources[logicalId]?.Properties ?? {};
      expect(fn).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 256,
        Timeout: 10,
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', TABLE_NAME: expect.anything() } },
      });
      expect(JSON.stringify(fn.LoggingConfig)).toContain('Ref');
    }
  });

  it("routes every registry path through its controller's /API/{controller}/V1/{proxy+} resource to its group's Lambda", () => {
    const api = apiResources(dev);
    const paths = resourcePaths(api);
    const byAlias = aliasesByGroup(dev.resources);
    const methods = ofType(api, 'AWS::ApiGateway::Method');
    let checked = 0;
    for (const route of ROUTES) {
      for (const path of allPaths(route)) {
        const resourcePath = expectedResourcePath(path);
        const resourceId = paths.get(resourcePath);
        expect(resourceId, `${route.id} ${path} → ${resourcePath}`).toBeDefined();
        const any = methods.find(
          ([, m]) =>
            m.Properties?.HttpMethod === 'ANY' && mentions(m.Properties?.ResourceId, resourceId ?? ''),
        );
        expect(any, `ANY method on ${resourcePath}`).toBeDefined();
        const integration = any?.[1].Properties?.Integration as { Type: string; Uri: unknown };
        expect(integration.Type).toBe('AWS_PROXY');
        expect(
          mentions(integration.Uri, byAlias.get(route.group) ?? '?'),
          `${resourcePath} integrates ${route.group}'s live alias`,
        ).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(ROUTES.length);
  });

  it('has no stage cache outside prod unless asked for (context stageCache)', () => {
    const stage = ofType(dev.resources, 'AWS::ApiGateway::Stage')[0]?.[1].Properties;
    expect(stage?.CacheClusterEnabled ?? false).toBe(false);
    const gets = ofType(apiResources(dev), 'AWS::ApiGateway::Method').filter(
      ([, m]) => m.Properties?.HttpMethod === 'GET',
    );
    expect(gets).toEqual([]);
  });

  it('caches (in prod) GETs of controllers whose GETs are all public and cacheable (key: proxy path, their query names, Origin), and no others', () => {
    const cached = expectedCachedControllers(ROUTES);
    const paths = resourcePaths(apiResources(prod));
    const gets = ofType(apiResources(prod), 'AWS::ApiGateway::Method').filter(
      ([, m]) => m.Properties?.HttpMethod === 'GET',
    );
    const stage = ofType(prod.resources, 'AWS::ApiGateway::Stage')[0]?.[1].Properties as {
      CacheClusterEnabled: boolean;
      CacheClusterSize: string;
      MethodSettings: {
        ResourcePath: string;
        HttpMethod: string;
        CachingEnabled?: boolean;
        CacheTtlInSeconds?: number;
      }[];
    };
    const encode = (p: string) => p.replaceAll('/', '~1');
    expect(cached.size).toBeGreaterThan(0);
    expect(stage.CacheClusterEnabled).toBe(true);
    expect(stage.CacheClusterSize).toBe('0.5');
    expect(stage.MethodSettings).toContainEqual(
      expect.objectContaining({ ResourcePath: '/*', HttpMethod: '*', CachingEnabled: false }),
    );

    for (const [resourcePath, resourceId] of paths) {
      if (!resourcePath.endsWith('{proxy+}')) continue;
      const get = gets.find(([, m]) => mentions(m.Properties?.ResourceId, resourceId));
      const setting = stage.MethodSettings.find(
        (s) => s.ResourcePath === `/${encode(resourcePath)}` && s.HttpMethod === 'GET',
      );
      const queryNames = cached.get(resourcePath);
      if (!queryNames) {
        expect(get, `no cached GET on ${resourcePath}`).toBeUndefined();
        expect(setting?.CachingEnabled ?? false).toBe(false);
        continue;
      }
      const integration = get?.[1].Properties?.Integration as { CacheKeyParameters?: string[] } | undefined;
      const keys = [...(integration?.CacheKeyParameters ?? [])];
      expect(keys.sort()).toEqual(
        [
          'method.request.path.proxy',
          'method.request.header.Origin',
          ...[...queryNames].map((n) => `method.request.querystring.${n}`),
        ].sort(),
      );
      expect(setting).toMatchObject({ CachingEnabled: true, CacheTtlInSeconds: 600 });
    }
    const uncached = [...paths.keys()].filter((p) => p.endsWith('{proxy+}') && !cached.has(p));
    expect(uncached.length).toBeGreaterThan(0);
  });

  it('grants each function one invoke permission, scoped to the API (not one per method), in the parent stack beside its alias', () => {
    // The API's permissions (a schedule's rule and the Stripe webhook's Function URL add their own). They
    // belong to the aliases, which live in the parent: none is in the Routes nested stack.
    const fromApi = ([, p]: [string, { Properties?: Record<string, unknown> }]) =>
      p.Properties?.Principal === 'apigateway.amazonaws.com';
    expect(
      ofType(nestedResources(dev, dev.stack.api.routes), 'AWS::Lambda::Permission').filter(fromApi),
    ).toEqual([]);
    const permissions = ofType(dev.resources, 'AWS::Lambda::Permission').filter(fromApi);
    const byGroup = aliasesByGroup(dev.resources);
    expect(byGroup.size).toBe(GROUPS.length);
    expect(permissions).toHaveLength(GROUPS.length);
    for (const logicalId of byGroup.values()) {
      const own = permissions.filter(([, p]) => mentions(p.Properties?.FunctionName, logicalId));
      expect(own).toHaveLength(1);
      expect(own[0]?.[1].Properties).toMatchObject({
        Principal: 'apigateway.amazonaws.com',
        Action: 'lambda:InvokeFunction',
      });
      expect(JSON.stringify(own[0]?.[1].Properties?.SourceArn)).toContain('/*/*/*');
    }
  });

  it('declares the binary media types the routes answer (the owner statement PDF), so the gateway sends bytes', () => {
    const binary = [...new Set(ROUTES.flatMap((r) => (r.binaryResponse ? [r.binaryResponse] : [])))];
    expect(binary).toContain('application/pdf');
    dev.template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: binary.sort() });
  });

  it('logs and traces the stage, throttles it, and keeps access logs', () => {
    dev.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          ResourcePath: '/*',
          HttpMethod: '*',
          LoggingLevel: 'ERROR',
          MetricsEnabled: true,
          ThrottlingRateLimit: Match.anyValue(),
        }),
      ]),
    });
  });

  it('limits each IP with a WAF rate rule (300 per 60 s ≈ 25 per 5 s) answered with 429 (CORS headers for each allowed origin), on the API stage', () => {
    const acl = ofType(prod.resources, 'AWS::WAFv2::WebACL')[0]?.[1].Properties as {
      Scope: string;
      Rules: { Name: string; Statement: Record<string, unknown>; Action?: Record<string, unknown> }[];
    };
    expect(acl.Scope).toBe('REGIONAL');
    const rate = acl.Rules.find((r) => r.Statement.RateBasedStatement);
    expect(rate?.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 60,
      Limit: 300,
    });
    const blocks = acl.Rules.filter((r) => JSON.stringify(r.Action ?? {}).includes('"ResponseCode":429'));
    // One per allowed origin (with its Access-Control-Allow-Origin) and one for the rest.
    expect(blocks).toHaveLength(PROD_CONTEXT.corsOrigins.split(',').length + 1);
    for (const origin of PROD_CONTEXT.corsOrigins.split(',')) {
      const own = blocks.find((r) => JSON.stringify(r.Statement).includes(origin));
      expect(JSON.stringify(own?.Action)).toContain(
        `{"Name":"Access-Control-Allow-Origin","Value":"${origin}"}`,
      );
      expect(JSON.stringify(own?.Action)).toContain('Access-Control-Allow-Credentials');
    }
    const [stageId] = ofType(dev.resources, 'AWS::ApiGateway::Stage')[0] ?? [''];
    const [association] = ofType(dev.resources, 'AWS::WAFv2::WebACLAssociation');
    expect(mentions(association?.[1].Properties?.ResourceArn, stageId)).toBe(true);
  });

  it('runs the AWS common rule set in count mode, the rate limit still blocking', () => {
    const acl = ofType(dev.resources, 'AWS::WAFv2::WebACL')[0]?.[1].Properties as {
      Rules: { Name: string; Statement: Record<string, unknown>; OverrideAction?: unknown }[];
    };
    const common = acl.Rules.find((r) =>
      JSON.stringify(r.Statement).includes('AWSManagedRulesCommonRuleSet'),
    );
    expect(common?.OverrideAction).toEqual({ Count: {} });
  });

  it("gives the gateway's own error responses CORS headers, so a browser sees the real status", () => {
    const responses = ofType(dev.resources, 'AWS::ApiGateway::GatewayResponse').map(
      ([, r]) => r.Properties ?? {},
    );
    const types = responses.map((r) => r.ResponseType);
    expect(types).toEqual(
      expect.arrayContaining(['DEFAULT_4XX', 'DEFAULT_5XX', 'THROTTLED', 'WAF_FILTERED']),
    );
    for (const response of responses) {
      expect(response.ResponseParameters).toMatchObject({
        'gatewayresponse.header.Access-Control-Allow-Origin': "'https://www.example.com'",
        'gatewayresponse.header.Access-Control-Allow-Credentials': "'true'",
      });
    }
  });

  it(
    'has no usage plan or API key unless context requireApiKey: then every method but OPTIONS requires the key, throttled at 5 rps, burst 25',
    () => {
      dev.template.resourceCountIs('AWS::ApiGateway::UsagePlan', 0);
      dev.template.resourceCountIs('AWS::ApiGateway::ApiKey', 0);
      for (const [, method] of ofType(apiResources(dev), 'AWS::ApiGateway::Method')) {
        expect(method.Properties?.ApiKeyRequired ?? false).toBe(false);
      }
      const keyed = synth({ requireApiKey: 'true' });
      keyed.template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
        Throttle: { RateLimit: 5, BurstLimit: 25 },
        ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
      });
      keyed.template.resourceCountIs('AWS::ApiGateway::ApiKey', 1);
      keyed.template.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 1);
      const methods = ofType(apiResources(keyed), 'AWS::ApiGateway::Method').map(
        ([, m]) => m.Properties ?? {},
      );
      expect(methods.some((m) => m.HttpMethod === 'OPTIONS')).toBe(true);
      for (const method of methods)
        expect(method.ApiKeyRequired ?? false, String(method.HttpMethod)).toBe(
          method.HttpMethod !== 'OPTIONS',
        );
    },
    SYNTH_TIMEOUT,
  );

  it('holds admins in a Cognito pool without sign-up, signed in by a secretless USER_PASSWORD_AUTH client that cannot write roles', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'adminId', AttributeDataType: 'String' }),
        Match.objectLike({ Name: 'role', AttributeDataType: 'String' }),
      ]),
    });
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      ReadAttributes: Match.arrayWith(['custom:adminId', 'custom:role']),
      WriteAttributes: Match.not(Match.arrayWith(['custom:role'])),
    });
  });

  it('gives each group the grants and variables of its declared access, and no others', () => {
    const byGroup = functionsByGroup(dev.resources);
    const policies = ofType(dev.resources, 'AWS::IAM::Policy');
    // capability → [an action only it grants, a variable only it sets]
    const marks: Record<Capability, [string, string]> = {
      adminSignIn: ['cognito-idp:InitiateAuth', 'ADMIN_USER_POOL_CLIENT_ID'],
      sendsMail: ['ses:SendEmail', 'MAIL_FROM'],
      usesDataKey: ['kms:EncryptionContext:purpose', 'DATA_KEY_KMS_KEY_ID'],
      // Other secrets are read with the same action (the payment groups'): the variable is the mark.
      verifiesCaptcha: ['', 'CAPTCHA_SECRET_SECRET_ARN'],
      // The secret's read grant is shared with other secrets: the variable is the mark.
      accountingClient: ['', 'ACCOUNTING_CLIENT_SECRET_SECRET_ARN'],
      chargesCards: ['', 'STRIPE_SECRET_KEY_SECRET_ARN'],
    };
    for (const [group, fnId] of byGroup) {
      const role = dev.resources[fnId]?.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined;
      const roleId = role?.['Fn::GetAtt']?.[0] ?? '';
      expect(roleId, group).not.toBe('');
      const policy = JSON.stringify(policies.filter(([, p]) => mentions(p.Properties?.Roles, roleId)));
      const environment = dev.resources[fnId]?.Properties?.Environment as
        | { Variables?: Record<string, unknown> }
        | undefined;
      const env = environment?.Variables ?? {};
      expect(policy, group).toContain('dynamodb:Query');
      expect(Object.keys(env), group).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'PUBLIC_BASE_URL', 'CORS_ORIGINS']),
      );
      const access = accessOf(group);
      for (const [capability, [action, variable]] of Object.entries(marks) as [
        Capability,
        [string, string],
      ][]) {
        const granted = access[capability] === true;
        if (action) expect(policy.includes(action), `${group} ${capability} grant`).toBe(granted);
        expect(variable in env, `${group} ${capability} variable`).toBe(granted);
      }
    }
  });

  it(
    'gives the accounting client (context accountingClientId, the secret ARN and its read grant) to every function whose access declares it, jobs of such a group included, and to no other',
    () => {
      const variables = (resources: Resources, id: string) =>
        (resources[id]?.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
          ?.Variables ?? {};
      for (const [id] of ofType(dev.resources, 'AWS::Lambda::Function'))
        expect(variables(dev.resources, id).ACCOUNTING_CLIENT_ID, id).toBeUndefined();
      const app = new App({
        context: {
          ...cdkContext,
          'aws:cdk:bundling-stacks': [],
          accountingClientId: 'client-123',
          accountingTokenUrl: 'https://id.example/token',
          accountingApiUrl: 'https://sandbox-quickbooks.api.intuit.com',
        },
      });
      const probe = new RentalPmStack(app, 'AccountingProbe', {
        config: readConfig(app.node),
        routes: ROUTES,
        groups: GROUPS,
        jobs: JOBS,
        env: { account: '111111111111', region: 'us-east-1' },
      });
      const resources = Template.fromStack(probe).toJSON().Resources as Resources;
      const [[secretId] = ['?']] = ofType(resources, 'AWS::SecretsManager::Secret').filter(([, secret]) =>
        String(secret.Properties?.Description).includes('ACCOUNTING_CLIENT_SECRET'),
      );
      const policies = ofType(resources, 'AWS::IAM::Policy');
      // A job declared `access: 'table'` (the accounting change consumer) holds nothing of its group's.
      const jobGroup = new Map(JOBS.filter((j) => j.access !== 'table').map((j) => [j.id, j.group]));
      const callers: string[] = [];
      for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
        const group = tags.find((t) => t.Key === 'api-group')?.Value;
        const job = tags.find((t) => t.Key === 'job')?.Value;
        // The stream reader runs the table-change jobs of several groups: none of them holds the client.
        const owner = group ?? jobGroup.get(job ?? '') ?? '';
        const env = variables(resources, id);
        const roleId = (fn.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined)?.['Fn::GetAtt']?.[0];
        const policy = JSON.stringify(
          policies.filter(([, p]) => mentions(p.Properties?.Roles, roleId ?? '?')),
        );
        if (accessOf(owner).accountingClient) {
          callers.push(group ?? job ?? id);
          expect(env, id).toMatchObject({
            ACCOUNTING_CLIENT_ID: 'client-123',
            ACCOUNTING_TOKEN_URL: 'https://id.example/token',
            ACCOUNTING_API_URL: 'https://sandbox-quickbooks.api.intuit.com',
            ACCOUNTING_CLIENT_SECRET_SECRET_ARN: { Ref: secretId },
          });
          expect(env.ACCOUNTING_AUTHORIZE_URL, id).toBeUndefined();
          expect(policy, id).toContain('secretsmanager:GetSecretValue');
          expect(policy, id).toContain(`"${secretId}"`);
        } else {
          expect(JSON.stringify(fn.Properties), id).not.toContain('client-123');
          expect(
            Object.keys(env).filter((k) => k.startsWith('ACCOUNTING_')),
            id,
          ).toEqual([]);
        }
      }
      // The sync job calls the provider (token refresh) and the API; the stream reader, which runs its change
      // consumer among others, does not.
      expect(callers.sort()).toEqual(['accounting', 'accountingSync']);
    },
    SYNTH_TIMEOUT,
  );

  it('gives the Stripe webhook its own Function URL (auth NONE, signature checked in code), named in an output, and the payment groups their secrets', () => {
    const byGroup = functionsByGroup(dev.resources);
    const webhookFn = byGroup.get('paymentWebhook') ?? '?';
    const urls = ofType(dev.resources, 'AWS::Lambda::Url');
    expect(urls).toHaveLength(1);
    expect(urls[0]?.[1].Properties?.AuthType).toBe('NONE');
    expect(mentions(urls[0]?.[1].Properties?.TargetFunctionArn, webhookFn)).toBe(true);
    // The URL invokes the live alias, as the API does.
    expect(urls[0]?.[1].Properties?.Qualifier).toBe(LIVE_ALIAS);
    const outputs = (dev.template.toJSON().Outputs ?? {}) as Record<
      string,
      { Value?: unknown; Description?: string }
    >;
    expect(mentions(outputs.StripeWebhookUrl?.Value, urls[0]?.[0] ?? '?')).toBe(true);
    // Its text names every event the webhook dispatches (autopay needs setup_intent.succeeded).
    for (const event of HANDLED_STRIPE_EVENTS) expect(outputs.StripeWebhookUrl?.Description).toContain(event);
    const envOf = (group: string) =>
      Object.keys(
        (dev.resources[byGroup.get(group) ?? '']?.Properties?.Environment as { Variables?: object })
          ?.Variables ?? {},
      );
    expect(envOf('paymentWebhook')).toContain('STRIPE_WEBHOOK_SECRET_SECRET_ARN');
    // The secret key too: setup_intent.succeeded reads the saved autopay method from Stripe.
    expect(envOf('paymentWebhook')).toContain('STRIPE_SECRET_KEY_SECRET_ARN');
    expect(envOf('tenantPortal')).toContain('STRIPE_SECRET_KEY_SECRET_ARN');
    expect(envOf('tenantPortal')).not.toContain('STRIPE_WEBHOOK_SECRET_SECRET_ARN');
    expect(envOf('payments')).toEqual(
      expect.arrayContaining(['STRIPE_SECRET_KEY_SECRET_ARN', 'CSRF_SECRET_SECRET_ARN']),
    );
    expect(envOf('payments')).not.toContain('STRIPE_WEBHOOK_SECRET_SECRET_ARN');
  });

  it('puts no secret value in any Lambda environment: only the ARNs of the secrets a function reads', () => {
    const secretIds = new Set(ofType(dev.resources, 'AWS::SecretsManager::Secret').map(([id]) => id));
    for (const [id, fn] of ofType(dev.resources, 'AWS::Lambda::Function')) {
      const env =
        (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      expect(JSON.stringify(env), id).not.toContain('resolve:secretsmanager');
      for (const name of SECRET_NAMES) expect(Object.keys(env), id).not.toContain(name);
      for (const [variable, value] of Object.entries(env)) {
        if (!variable.endsWith('_SECRET_ARN')) continue;
        // A Ref to a generated secret is its ARN.
        expect(secretIds.has((value as { Ref?: string }).Ref ?? ''), `${id} ${variable}`).toBe(true);
      }
    }
  });

  it("derives each group's table access from its routes: read-only groups hold no write action", () => {
    const byGroup = functionsByGroup(dev.resources);
    const policies = ofType(dev.resources, 'AWS::IAM::Policy');
    const writes = [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
    ];
    const readOnly = GROUPS.filter((g) => tableAccessOf(ROUTES.filter((r) => r.group === g)) === 'read');
    expect(readOnly).toEqual(expect.arrayContaining(['catalog', 'site']));
    expect(readOnly).not.toContain('siteContact');
    for (const [group, fnId] of byGroup) {
      const role = dev.resources[fnId]?.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined;
      const roleId = role?.['Fn::GetAtt']?.[0] ?? '';
      const policy = JSON.stringify(policies.filter(([, p]) => mentions(p.Properties?.Roles, roleId)));
      expect(policy, group).toContain('dynamodb:GetItem');
      for (const action of writes)
        expect(policy.includes(action), `${group} ${action}`).toBe(!readOnly.includes(group));
    }
  });

  it(
    "declares each group's access exactly as the shared modules in its handler's and jobs' import graphs need it",
    async () => {
      for (const group of GROUPS) {
        // A job runs with its group's access (infra/cdk/stack.ts jobNeeds): its imports count too, unless it
        // is declared to need only the table (checked below).
        const jobEntries = JOBS.filter((job) => job.group === group && job.access !== 'table').map(
          jobEntryPath,
        );
        const result = await build({
          entryPoints: [`functions/${group}/handler.ts`, ...jobEntries],
          outdir: 'cdk.out/access-check',
          bundle: true,
          write: false,
          metafile: true,
          platform: 'node',
          format: 'esm',
          packages: 'external',
          logLevel: 'silent',
        });
        const inputs = Object.keys(result.metafile.inputs);
        const needed = Object.entries(CAPABILITY_MODULES)
          .filter(([, module]) => inputs.includes(module))
          .map(([capability]) => capability)
          .sort();
        const declared = Object.entries(accessOf(group))
          .filter(([, on]) => on)
          .map(([capability]) => capability)
          .sort();
        expect(declared, `${group}: infra/cdk/group-access.ts`).toEqual(needed);
      }
      for (const job of JOBS.filter((j) => j.access === 'table')) {
        const result = await build({
          entryPoints: [jobEntryPath(job)],
          outdir: 'cdk.out/access-check',
          bundle: true,
          write: false,
          metafile: true,
          platform: 'node',
          format: 'esm',
          packages: 'external',
          logLevel: 'silent',
        });
        const inputs = Object.keys(result.metafile.inputs);
        const needed = Object.entries(CAPABILITY_MODULES).filter(([, module]) => inputs.includes(module));
        expect(
          needed.map(([capability]) => capability),
          `${job.id}: access 'table'`,
        ).toEqual([]);
      }
    },
    SYNTH_TIMEOUT,
  );

  it("lets a function that mails send only From the stack's address, on any identity of the account: in the SES sandbox a send is authorized on each recipient's identity too", () => {
    const statements = ofType(dev.resources, 'AWS::IAM::Policy').flatMap(
      ([, p]) =>
        (p.Properties?.PolicyDocument as { Statement?: Record<string, unknown>[] } | undefined)?.Statement ??
        [],
    );
    const sends = statements.filter((st) => JSON.stringify(st.Action).includes('ses:SendEmail'));
    expect(sends.length).toBeGreaterThan(0);
    for (const st of sends) {
      expect(st.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } });
      expect(JSON.stringify(st.Resource)).toContain(':identity/*');
      expect(JSON.stringify(st.Resource)).toContain(':configuration-set/');
    }
  });

  it('creates the mail identity and configuration set, rotating KMS keys, and generated secrets with generated names', () => {
    dev.template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    dev.template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    for (const [, key] of ofType(dev.resources, 'AWS::KMS::Key'))
      expect(key.Properties?.EnableKeyRotation).toBe(true);
    const secrets = ofType(dev.resources, 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(SECRET_NAMES.length);
    for (const [, secret] of secrets) {
      expect(secret.Properties?.GenerateSecretString).toBeDefined();
      expect(secret.Properties?.SecretString).toBeUndefined();
      // A fixed name would collide with the copy still scheduled for deletion after a destroy.
      expect(secret.Properties?.Name).toBeUndefined();
    }
  });

  it(
    'retains the created mail identity in prod, and imports it instead when context says it exists',
    () => {
      prod.template.hasResource('AWS::SES::EmailIdentity', { DeletionPolicy: 'RetainExceptOnCreate' });
      dev.template.hasResource('AWS::SES::EmailIdentity', { DeletionPolicy: 'Delete' });
      const imported = synth({ ...PROD_CONTEXT, mailIdentityExists: 'true' });
      imported.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
      const policies = JSON.stringify(ofType(imported.resources, 'AWS::IAM::Policy'));
      expect(policies).toContain('"ses:FromAddress":"no-reply@example-rentals.com"');
    },
    SYNTH_TIMEOUT,
  );

  it(
    "sets API Gateway's account-level logging role in a small stack the stage depends on (deployed first), unless context says the account has one",
    () => {
      // The stage logs (access and execution logs): without the account's role its creation fails.
      const stage = ofType(dev.resources, 'AWS::ApiGateway::Stage')[0]?.[1].Properties ?? {};
      expect(stage.AccessLogSetting).toBeDefined();
      expect(ofType(dev.resources, 'AWS::ApiGateway::Account')).toHaveLength(0);
      const logging = dev.logging;
      expect(logging?.stackName).toBe(API_GATEWAY_LOGGING_STACK);
      expect(dev.stack.dependencies).toContain(logging);
      const template = Template.fromStack(logging as Stack);
      template.hasResource('AWS::ApiGateway::Account', { DeletionPolicy: 'RetainExceptOnCreate' });
      template.hasResource('AWS::IAM::Role', {
        DeletionPolicy: 'RetainExceptOnCreate',
        Properties: Match.objectLike({
          AssumeRolePolicyDocument: Match.objectLike({
            Statement: [Match.objectLike({ Principal: { Service: 'apigateway.amazonaws.com' } })],
          }),
        }),
      });
      expect(JSON.stringify(template.toJSON())).toContain('AmazonAPIGatewayPushToCloudWatchLogs');
      // Every stage synthesizes the same account stack, so two stages in one account share it.
      expect(Template.fromStack(prod.logging as Stack).toJSON()).toEqual(template.toJSON());
      // Its resources outlive it (RetainExceptOnCreate), and the CLI would turn protection on before a first create
      // that could then not be retried; stages of one account share it, so none may flip it.
      expect([logging?.terminationProtection, prod.logging?.terminationProtection]).toEqual([false, false]);
      const without = synth({ apiGatewayCloudWatchRole: 'false' });
      expect(without.logging).toBeUndefined();
      expect(without.stack.dependencies).toEqual([]);
    },
    SYNTH_TIMEOUT,
  );

  it(
    'maps an optional custom domain with an EMPTY base path (clients keep /API/...), with a certificate and an alias record',
    () => {
      expect(ofType(dev.resources, 'AWS::ApiGateway::DomainName')).toHaveLength(0);
      const domain = synth({
        ...PROD_CONTEXT,
        domainName: 'api.example-rentals.com',
        hostedZoneId: 'Z0123456789ABC',
        hostedZoneName: 'example-rentals.com',
      });
      domain.template.hasResourceProperties('AWS::ApiGateway::DomainName', {
        DomainName: 'api.example-rentals.com',
        SecurityPolicy: 'TLS_1_2',
      });
      const [mapping] = ofType(domain.resources, 'AWS::ApiGateway::BasePathMapping');
      expect(mapping?.[1].Properties?.BasePath ?? '').toBe('');
      domain.template.resourceCountIs('AWS::CertificateManager::Certificate', 1);
      domain.template.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'api.example-rentals.com.',
        Type: 'A',
      });
      // Activation links use the domain, and the handlers see the same /API/... path as locally.
      const env = JSON.stringify(ofType(domain.resources, 'AWS::Lambda::Function'));
      expect(env).toContain('"PUBLIC_BASE_URL":"https://api.example-rentals.com"');
    },
    SYNTH_TIMEOUT,
  );

  it('refuses to synthesize prod without its account, region, mail identity and origins', () => {
    expect(() =>
      buildApp({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], stage: 'prod' } }),
    ).toThrow(/Stage prod needs account, region, mailIdentity, corsOrigins, alarmEmail/);
    const { mailIdentity: _, ...noMail } = PROD_CONTEXT;
    expect(() => buildApp({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...noMail } })).toThrow(
      /needs mailIdentity/,
    );
    expect(prod.stack.account).toBe(PROD_CONTEXT.account);
    expect(prod.stack.region).toBe(PROD_CONTEXT.region);
  });

  it('refuses to synthesize prod without an alarm e-mail or topic: someone must receive the alarms', () => {
    const { alarmEmail: _, ...noAlarms } = PROD_CONTEXT;
    expect(() =>
      buildApp({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...noAlarms } }),
    ).toThrow(
      'Stage prod needs alarmEmail in cdk.json context "stages.prod" (or -c key=value): it never deploys with defaults (alarmEmail, or alarmTopicArn: someone must receive the alarms)',
    );
    expect(() => buildApp({ context: { ...cdkContext, ...noAlarms, alarmTopicArn: 'not-an-arn' } })).toThrow(
      /alarmTopicArn "not-an-arn" is not an SNS topic ARN/,
    );
  });

  it('alarms on the stage (5XX and p99 latency, by ApiName and Stage), the account claimed concurrency near its quota, and the stream reader falling behind', () => {
    const alarms = alarmsOf(dev);
    const stageDimensions = [
      { Name: 'ApiName', Value: 'rental-pm-dev' },
      { Name: 'Stage', Value: 'dev' },
    ];
    const fiveXx = alarms.filter((a) => a.MetricName === '5XXError');
    expect(fiveXx).toHaveLength(1);
    expect(fiveXx[0]?.Dimensions).toEqual(stageDimensions);
    const latency = alarms.filter((a) => a.MetricName === 'Latency');
    expect(latency).toHaveLength(1);
    expect(latency[0]).toMatchObject({
      Dimensions: stageDimensions,
      ExtendedStatistic: 'p99',
      Threshold: API_P99_THRESHOLD_MS,
      EvaluationPeriods: 3,
    });
    const concurrency = alarms.filter((a) => a.MetricName === 'ClaimedAccountConcurrency');
    expect(concurrency).toHaveLength(1);
    expect(concurrency[0]).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Maximum', Threshold: 800 });
    const reader = functionsByJob(dev.resources).get(TABLE_CHANGES_READER) ?? '?';
    const iterator = alarms.filter((a) => a.MetricName === 'IteratorAge');
    expect(iterator).toHaveLength(1);
    expect(mentions(iterator[0]?.Dimensions, reader)).toBe(true);
    expect(iterator[0]).toMatchObject({ Statistic: 'Maximum', Threshold: ITERATOR_AGE_THRESHOLD_MS });
  });

  it(
    "lets only this account's CloudWatch use the alarm topic and its key (aws:SourceAccount), with the alarm e-mail subscribed; an existing topic instead with alarmTopicArn",
    () => {
      const monitoring = monitoringResources(prod);
      const [[, key] = ['', undefined]] = ofType(monitoring, 'AWS::KMS::Key');
      const keyPolicy = key?.Properties?.KeyPolicy as { Statement: Record<string, unknown>[] } | undefined;
      const keyStatements = keyPolicy?.Statement ?? [];
      const forCloudWatch = keyStatements.filter((st) => JSON.stringify(st.Principal).includes('cloudwatch'));
      expect(forCloudWatch).toHaveLength(1);
      expect(forCloudWatch[0]?.Condition).toEqual({
        StringEquals: { 'aws:SourceAccount': PROD_CONTEXT.account },
      });
      const [[, topicPolicy] = ['', undefined]] = ofType(monitoring, 'AWS::SNS::TopicPolicy');
      const publish = JSON.stringify(topicPolicy?.Properties?.PolicyDocument);
      expect(publish).toContain('"Service":"cloudwatch.amazonaws.com"');
      expect(publish).toContain(`"aws:SourceAccount":"${PROD_CONTEXT.account}"`);
      const [[, subscription] = ['', undefined]] = ofType(monitoring, 'AWS::SNS::Subscription');
      expect(subscription?.Properties).toMatchObject({
        Protocol: 'email',
        Endpoint: PROD_CONTEXT.alarmEmail,
      });

      const topicArn = 'arn:aws:sns:eu-west-1:222222222222:on-call';
      const { alarmEmail: _, ...noEmail } = PROD_CONTEXT;
      const external = synth({ ...noEmail, alarmTopicArn: topicArn });
      const resources = monitoringResources(external);
      expect(ofType(resources, 'AWS::SNS::Topic')).toEqual([]);
      // Every alarm but the canaries' (CodeDeploy reads those; the group's errors alarm tells people).
      const alarms = alarmsOf(external).filter(
        (a) => !JSON.stringify(a.Dimensions ?? []).includes('ExecutedVersion'),
      );
      expect(alarms.length).toBeGreaterThan(0);
      for (const a of alarms) expect(a.AlarmActions).toEqual([topicArn]);
    },
    SYNTH_TIMEOUT,
  );

  it('logs WAF decisions (blocked and counted requests, credentials and query strings redacted) to an aws-waf-logs- group with retention', () => {
    const [[aclId] = ['']] = ofType(dev.resources, 'AWS::WAFv2::WebACL');
    const configs = ofType(dev.resources, 'AWS::WAFv2::LoggingConfiguration');
    expect(configs).toHaveLength(1);
    const config = configs[0]?.[1].Properties ?? {};
    expect(mentions(config.ResourceArn, aclId)).toBe(true);
    expect(JSON.stringify(config.LogDestinationConfigs)).toContain(
      'log-group:aws-waf-logs-rental-pm-dev-api',
    );
    expect(JSON.stringify(config.LogDestinationConfigs)).not.toContain(':*');
    expect(config.RedactedFields).toEqual(
      expect.arrayContaining([
        { SingleHeader: { Name: 'cookie' } },
        { SingleHeader: { Name: 'authorization' } },
        { QueryString: {} },
      ]),
    );
    expect(JSON.stringify(config.LoggingFilter)).toContain('"DefaultBehavior":"DROP"');
    const group = ofType(dev.resources, 'AWS::Logs::LogGroup').find(
      ([, g]) => g.Properties?.LogGroupName === 'aws-waf-logs-rental-pm-dev-api',
    );
    expect(group?.[1].Properties?.RetentionInDays).toBe(30);
  });

  it('has a dashboard per stage: the stage, requests, errors and p99 per group, bookings and payments per hour, job lag, webhook and mail failures', () => {
    const dashboards = ofType(monitoringResources(dev), 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const dashboard = dashboards[0]?.[1].Properties ?? {};
    expect(dashboard.DashboardName).toBe('rental-pm-dev-api');
    // The body is a Fn::Join of JSON text and references: references become REF:<id> to read it as JSON.
    const parts = (dashboard.DashboardBody as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    const text = parts.map((p) => (typeof p === 'string' ? p : `REF:${JSON.stringify(p)}`)).join('');
    const widgets = (
      JSON.parse(
        text.replaceAll(/REF:(\{[^}]*\}+)/g, (_, ref: string) => `REF${ref.replaceAll('"', "'")}`),
      ) as {
        widgets: { properties: { title?: string; metrics?: unknown[][] } }[];
      }
    ).widgets.map((w) => w.properties);
    const metricsOf = (title: string) =>
      JSON.stringify(widgets.find((w) => w.title === title)?.metrics ?? 'missing');
    expect(metricsOf('Requests')).toContain('"Count","ApiName","rental-pm-dev","Stage","dev"');
    for (const title of ['Invocations per group', 'Errors per group', 'Duration p99 per group (ms)'])
      for (const group of GROUPS)
        expect(metricsOf(title), `${title}: ${group}`).toContain(`"label":"${group}"`);
    expect(metricsOf('Duration p99 per group (ms)')).toContain('"stat":"p99"');
    const business = metricsOf('Bookings and payments per hour');
    for (const metric of BUSINESS_METRICS)
      expect(business).toContain(`"${BUSINESS_METRICS_NAMESPACE}","${metric}",{"period":3600,"stat":"Sum"}`);
    const reader = functionsByJob(dev.resources).get(TABLE_CHANGES_READER) ?? '?';
    expect(metricsOf('Job lag: stream iterator age (ms)')).toContain(
      `"IteratorAge","FunctionName","REF{'Ref':'${reader}'}"`,
    );
    expect(metricsOf('Job retry path: records parked and given up')).toContain('JobRecordsKept');
    expect(metricsOf('Webhook failures')).toContain('DeliveryFailures');
    expect(metricsOf('Mail failures')).toContain('MailSendFailures');
    expect(BUSINESS_METRICS).toEqual(['Bookings', 'Payments']);
    // The widget names no dimension: the writer's lines have none either (no Powertools `service`).
    for (const metric of BUSINESS_METRICS)
      expect(directiveOf(metricLinesOf(() => emitBusinessMetric(metric))[0])).toEqual({
        Namespace: BUSINESS_METRICS_NAMESPACE,
        Dimensions: [[]],
        Metrics: [{ Name: metric, Unit: 'Count' }],
      });
  });

  it("counts failed mail sends ('message send failed' lines) in every job function's log group, and alarms on a message given up on", () => {
    const monitoring = monitoringResources(dev);
    const filters = ofType(monitoring, 'AWS::Logs::MetricFilter').filter(([, f]) =>
      String(f.Properties?.FilterPattern).includes(MAIL_FAILED_MESSAGE),
    );
    const jobLogGroups = [...functionsByJob(dev.resources).values()].map(
      (fnId) =>
        (dev.resources[fnId]?.Properties?.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup,
    );
    expect(filters).toHaveLength(2 * jobLogGroups.length);
    for (const logGroup of jobLogGroups)
      expect(
        filters.filter(([, f]) => JSON.stringify(f.Properties?.LogGroupName) === JSON.stringify(logGroup)),
      ).toHaveLength(2);
    const givenUp = filters.filter(([, f]) =>
      String(f.Properties?.FilterPattern).includes('$.final IS TRUE'),
    );
    expect(givenUp).toHaveLength(jobLogGroups.length);
    expect(alarmsOf(dev).filter((a) => a.MetricName === 'MailSendsGivenUp')).toHaveLength(1);
  });

  it('paces mail: the mailSender job runs every minute in a 60 s, 256 MB function (its run sends for 50 s), only it may read SES’s sending limits, and the queue is on the dashboard with an alarm on a head older than a day', () => {
    const byJob = functionsByJob(dev.resources);
    const senderId = byJob.get('mailSender') ?? '?';
    const sender = dev.resources[senderId]?.Properties ?? {};
    expect(sender).toMatchObject({ Timeout: 60, MemorySize: 256 });
    expect(RUN_BUDGET_MS).toBeLessThan(Number(sender.Timeout) * 1000);
    const rules = ofType(dev.resources, 'AWS::Events::Rule').filter(([, r]) =>
      mentions(r.Properties?.Targets, senderId),
    );
    expect(rules.map(([, r]) => r.Properties?.ScheduleExpression)).toEqual(['rate(1 minute)']);
    const policies = ofType(dev.resources, 'AWS::IAM::Policy');
    const quotaReaders = [...byJob.entries()].filter(([, fnId]) => {
      const roleId = (dev.resources[fnId]?.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined)?.[
        'Fn::GetAtt'
      ]?.[0];
      return policies.some(
        ([, p]) =>
          mentions(p.Properties?.Roles, roleId ?? '?') &&
          JSON.stringify(p.Properties).includes('ses:GetAccount'),
      );
    });
    expect(quotaReaders.map(([job]) => job)).toEqual(['mailSender']);
    const ageAlarms = alarmsOf(dev).filter((a) => a.MetricName === 'MailOldestQueuedAgeSeconds');
    expect(ageAlarms).toHaveLength(1);
    expect(ageAlarms[0]).toMatchObject({
      Threshold: 86_400,
      Namespace: 'RentalPm/Mail',
      Statistic: 'Maximum',
    });
    const dashboard = JSON.stringify(ofType(monitoringResources(dev), 'AWS::CloudWatch::Dashboard'));
    for (const metric of ['MailQueued', 'MailDeferredByQuota', 'MailThrottled', 'MailOldestQueuedAgeSeconds'])
      expect(dashboard).toContain(metric);
    expect(dashboard).toContain('Mail queue');
  });

  it('publishes each group as a version behind a live alias; dev moves the alias at once, with no CodeDeploy', () => {
    const aliases = aliasesByGroup(dev.resources);
    expect([...aliases.keys()].sort()).toEqual([...GROUPS].sort());
    for (const aliasId of aliases.values()) {
      const alias = dev.resources[aliasId];
      expect(alias?.Properties?.Name).toBe(LIVE_ALIAS);
      const version = alias?.Properties?.FunctionVersion as { 'Fn::GetAtt': [string, string] };
      expect(dev.resources[version['Fn::GetAtt'][0]]?.Type).toBe('AWS::Lambda::Version');
      expect(alias?.UpdatePolicy).toBeUndefined();
    }
    expect(ofType(dev.resources, 'AWS::CodeDeploy::DeploymentGroup')).toEqual([]);
    // Jobs are not behind the API: no alias.
    expect(ofType(dev.resources, 'AWS::Lambda::Alias')).toHaveLength(GROUPS.length);
  });

  it("releases each group as a canary in prod (10 % for 5 minutes), rolled back on the errors of the version it releases (through the alias), not on the old version's", () => {
    const aliases = aliasesByGroup(prod.resources);
    const groups = ofType(prod.resources, 'AWS::CodeDeploy::DeploymentGroup');
    expect(groups).toHaveLength(GROUPS.length);
    const [[applicationId] = ['']] = ofType(prod.resources, 'AWS::CodeDeploy::Application');
    const errorsAlarms = ofType(monitoringResources(prod), 'AWS::CloudWatch::Alarm');
    const monitoringOutputs = (Template.fromStack(prod.stack.monitoring).toJSON().Outputs ?? {}) as Record<
      string,
      { Value?: unknown }
    >;
    for (const [group, aliasId] of aliases) {
      const update = prod.resources[aliasId]?.UpdatePolicy as {
        CodeDeployLambdaAliasUpdate: {
          ApplicationName: { Ref: string };
          DeploymentGroupName: { Ref: string };
        };
      };
      expect(update.CodeDeployLambdaAliasUpdate.ApplicationName).toEqual({ Ref: applicationId });
      const deploymentGroup = prod.resources[update.CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref];
      expect(deploymentGroup?.Properties).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        AutoRollbackConfiguration: {
          Enabled: true,
          Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']),
        },
        AlarmConfiguration: { Enabled: true, Alarms: [expect.anything()] },
      });
      // The alarm (an output of the Monitoring nested stack) counts the errors of the new version only: Lambda
      // publishes an alias's invocations per ExecutedVersion, so the old version's 90 % cannot roll it back.
      const [, outputName] =
        /"Outputs\.([A-Za-z0-9]+)"/.exec(JSON.stringify(deploymentGroup?.Properties?.AlarmConfiguration)) ??
        [];
      const alarmId = (monitoringOutputs[outputName ?? '']?.Value as { Ref?: string } | undefined)?.Ref;
      const fnId = functionsByGroup(prod.resources).get(group) ?? '?';
      const version = prod.resources[aliasId]?.Properties?.FunctionVersion as
        | { 'Fn::GetAtt': [string, string] }
        | undefined;
      const versionId = version?.['Fn::GetAtt'][0] ?? '?';
      const alarm = errorsAlarms.find(([id]) => id === alarmId)?.[1].Properties ?? {};
      expect(alarm, group).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Statistic: 'Sum',
        Period: 60,
        Threshold: 1,
      });
      const dimensions = Object.fromEntries(
        (alarm.Dimensions as { Name: string; Value: unknown }[]).map((d) => [
          d.Name,
          JSON.stringify(d.Value),
        ]),
      );
      expect(Object.keys(dimensions).sort(), group).toEqual(['ExecutedVersion', 'FunctionName', 'Resource']);
      expect(dimensions.FunctionName).toBe(JSON.stringify({ Ref: fnId }));
      expect(dimensions.Resource).toBe(
        JSON.stringify({ 'Fn::Join': ['', [{ Ref: fnId }, `:${LIVE_ALIAS}`]] }),
      );
      expect(dimensions.ExecutedVersion).toBe(JSON.stringify({ 'Fn::GetAtt': [versionId, 'Version'] }));
    }
  });

  it("reserves no concurrency unless context webhookReservedConcurrency asks, then for the Stripe webhook only; synth refuses a reservation the account's quota cannot hold", () => {
    for (const [id, fn] of ofType(dev.resources, 'AWS::Lambda::Function'))
      expect(fn.Properties?.ReservedConcurrentExecutions, id).toBeUndefined();
    const webhook = functionsByGroup(full.resources).get('paymentWebhook') ?? '?';
    for (const [id, fn] of ofType(full.resources, 'AWS::Lambda::Function'))
      expect(fn.Properties?.ReservedConcurrentExecutions, id).toBe(
        id === webhook ? Number(FULL_CONTEXT.webhookReservedConcurrency) : undefined,
      );
    const build = (context: Record<string, unknown>) => () =>
      buildApp({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context } });
    expect(build({ webhookReservedConcurrency: '10', concurrencyQuota: '10' })).toThrow(
      "Context webhookReservedConcurrency=10 needs a Lambda concurrency quota of at least 110 (Lambda keeps 100 of the account's concurrency unreserved), but concurrencyQuota is 10. " +
        'Raise the account\'s Lambda quota "Concurrent executions" (Service Quotas, quota code L-B99A9384) to 110 or more and set concurrencyQuota to it, or leave webhookReservedConcurrency out',
    );
    expect(build({ webhookReservedConcurrency: '10', concurrencyQuota: '109' })).toThrow(/at least 110/);
    expect(build({ webhookReservedConcurrency: 'ten' })).toThrow(
      /webhookReservedConcurrency must be a whole number/,
    );
    expect(build({ accountConcurrency: '1000' })).toThrow(
      /accountConcurrency is now called concurrencyQuota/,
    );
    // The quota also sets the account concurrency alarm (80 % of it).
    const threshold = (s: Synthesized) =>
      alarmsOf(s).find((a) => a.MetricName === 'ClaimedAccountConcurrency')?.Threshold;
    expect([threshold(dev), threshold(full)]).toEqual([800, 800]);
  });

  it(
    'protects prod (stack termination protection, deletion protection of the table and the admin pool) unless context protection=false, the first create, so a failed one can be deleted and run again; each protected resource type has its recovery command',
    () => {
      /** Any property named *DeletionProtection* that is on, at any depth (a TableV2 sets it per replica). */
      const protects = (value: unknown): boolean =>
        typeof value === 'object' &&
        value !== null &&
        Object.entries(value).some(
          ([key, inner]) =>
            (/DeletionProtection/.test(key) &&
              inner !== false &&
              inner !== 'INACTIVE' &&
              inner !== 'DISABLED') ||
            protects(inner),
        );
      const protectedTypes = (s: Synthesized) => {
        const all = [
          s.resources,
          nestedResources(s, s.stack.api.routes),
          monitoringResources(s),
          ...(s.logging ? [Template.fromStack(s.logging).toJSON().Resources as Resources] : []),
        ];
        return all.flatMap((resources) =>
          Object.values(resources).flatMap((r) => (protects(r.Properties) ? [r.Type] : [])),
        );
      };
      expect(prod.stack.terminationProtection).toBe(true);
      prod.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
      });
      prod.template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
      expect(protectedTypes(prod).sort()).toEqual(Object.keys(DELETION_PROTECTION_OFF).sort());
      expect(dev.stack.terminationProtection).toBe(false);
      expect(protectedTypes(dev)).toEqual([]);
      const firstCreate = synth({ ...PROD_CONTEXT, protection: 'false' });
      expect(firstCreate.stack.terminationProtection).toBe(false);
      expect(firstCreate.logging?.terminationProtection).toBe(false);
      expect(protectedTypes(firstCreate)).toEqual([]);
      // Data is still kept when the stack goes later, but not after a failed create.
      firstCreate.template.hasResource('AWS::DynamoDB::GlobalTable', {
        DeletionPolicy: 'RetainExceptOnCreate',
      });
    },
    SYNTH_TIMEOUT,
  );

  it('gives each keyed integration (context apiClients) its own key and usage plan with its throttle and quota, only with requireApiKey', () => {
    const plans = ofType(full.resources, 'AWS::ApiGateway::UsagePlan').map(([, p]) => p.Properties ?? {});
    expect(plans).toHaveLength(1 + API_CLIENTS.length);
    for (const client of API_CLIENTS) {
      const plan = plans.find((p) => p.UsagePlanName === `rental-pm-prod-${client.name}`);
      expect(plan?.Throttle).toEqual({ RateLimit: client.rateLimit, BurstLimit: client.burstLimit });
      expect(plan?.Quota).toEqual(
        client.quotaPerDay ? { Limit: client.quotaPerDay, Period: 'DAY' } : undefined,
      );
    }
    full.template.resourceCountIs('AWS::ApiGateway::ApiKey', 1 + API_CLIENTS.length);
    full.template.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 1 + API_CLIENTS.length);
    expect(Object.keys(full.template.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['WebsiteApiKeyId', 'ApiKeyIdchannelmanager', 'ApiKeyIdaccountingsync']),
    );
    expect(() => buildApp({ context: { ...cdkContext, apiClients: JSON.stringify(API_CLIENTS) } })).toThrow(
      /apiClients needs requireApiKey=true/,
    );
  });

  it(
    "refuses a custom domain certificate from another region (the regional endpoint takes only the stack region's)",
    () => {
      const certificate = (region: string) =>
        `arn:aws:acm:${region}:222222222222:certificate/0a1b2c3d-1234-4abc-9def-0123456789ab`;
      const withCertificate = (region: string) => () =>
        buildApp({
          context: {
            ...cdkContext,
            // Without it the accepted case bundles every function: minutes on a busy machine, for nothing.
            'aws:cdk:bundling-stacks': [],
            ...PROD_CONTEXT,
            domainName: 'api.example-rentals.com',
            certificateArn: certificate(region),
          },
        });
      expect(withCertificate('us-east-1')).toThrow(
        /certificateArn is in us-east-1 but the stack deploys to eu-west-1: the API's regional custom domain needs an ACM certificate in eu-west-1/,
      );
      expect(withCertificate('eu-west-1')).not.toThrow();
    },
    SYNTH_TIMEOUT,
  );

  it("publishes the SES identity's DKIM records: in the Route 53 zone that holds the mail domain, else as outputs", () => {
    const outputs = (s: Synthesized) => Object.keys(s.template.toJSON().Outputs ?? {});
    expect(outputs(dev)).toEqual(expect.arrayContaining(['DkimRecord1', 'DkimRecord2', 'DkimRecord3']));
    expect(ofType(dev.resources, 'AWS::Route53::RecordSet')).toEqual([]);
    const records = ofType(full.resources, 'AWS::Route53::RecordSet').filter(
      ([, r]) => r.Properties?.Type === 'CNAME',
    );
    expect(records).toHaveLength(3);
    for (const [, record] of records) {
      expect(record.Properties?.HostedZoneId).toBe(FULL_CONTEXT.hostedZoneId);
      expect(JSON.stringify(record.Properties?.Name)).toContain('DkimDNSTokenName');
    }
    expect(outputs(full).filter((o) => o.startsWith('Dkim'))).toEqual([]);
  });

  it('refuses * and null (and non-origins) in the allowed origins: credentials are always allowed', () => {
    for (const corsOrigins of ['*', 'https://a.example.com,null', 'https://*.example.com', 'example.com']) {
      expect(() => buildApp({ context: { ...cdkContext, corsOrigins } }), corsOrigins).toThrow(/corsOrigins/);
    }
  });

  it('alarms on DynamoDB throttles and errors, Lambda duration near its timeout, WAF blocks and SES bounce and complaint rates', () => {
    const alarms = alarmsOf(dev);
    const named = (namespace: string, metric: string) =>
      alarms.filter((a) => a.Namespace === namespace && a.MetricName === metric);
    // DynamoDB publishes ThrottledRequests and SystemErrors per Operation only: a TableName-only alarm never fires.
    const dynamo = alarms.flatMap((a) =>
      ((a.Metrics ?? []) as MetricQuery[]).flatMap((q) =>
        q.MetricStat?.Metric.Namespace === 'AWS/DynamoDB' ? [{ alarm: a, metric: q.MetricStat.Metric }] : [],
      ),
    );
    const dimensionNames = (m: MetricQuery['MetricStat']) =>
      (m?.Metric.Dimensions ?? []).map((d) => d.Name).sort();
    const throttles = dynamo.filter((d) => d.metric.MetricName.endsWith('ThrottleEvents'));
    expect(new Set(throttles.map((d) => d.alarm)).size).toBe(1);
    // Read and write throttle events of the table and of each GSI.
    expect(throttles).toHaveLength(2 * (1 + GLOBAL_INDEXES.length));
    for (const index of GLOBAL_INDEXES)
      expect(JSON.stringify(throttles.map((d) => d.metric.Dimensions))).toContain(`"Value":"${index.name}"`);
    const systemErrors = dynamo.filter((d) => d.metric.MetricName === 'SystemErrors');
    expect(new Set(systemErrors.map((d) => d.alarm)).size).toBe(2);
    for (const { metric } of systemErrors)
      expect(dimensionNames({ Metric: metric })).toEqual(['Operation', 'TableName']);
    expect(systemErrors.map((d) => d.metric.Dimensions?.find((x) => x.Name === 'Operation')?.Value)).toEqual(
      expect.arrayContaining([
        'GetItem',
        'Query',
        'PutItem',
        'UpdateItem',
        'TransactWriteItems',
        'BatchWriteItem',
      ]),
    );
    expect(dynamo.filter((d) => d.metric.MetricName === 'ThrottledRequests')).toEqual([]);
    // An alarm's metric math takes at most 10 metrics.
    for (const a of alarms) expect(((a.Metrics ?? []) as unknown[]).length).toBeLessThanOrEqual(11);
    expect(named('AWS/WAFV2', 'BlockedRequests')).toHaveLength(1);
    expect(named('AWS/SES', 'Reputation.BounceRate')).toHaveLength(1);
    expect(named('AWS/SES', 'Reputation.ComplaintRate')).toHaveLength(1);
    const durations = named('AWS/Lambda', 'Duration');
    expect(durations).toHaveLength(GROUPS.length + jobFunctionCount);
    for (const fnId of functionsByGroup(dev.resources).values()) {
      const own = durations.find((a) => mentions(a.Dimensions, fnId));
      expect(own?.Threshold, fnId).toBe(8000); // 80% of the 10 s timeout
    }
  });

  it("alarms on API 5XX and on every function's errors and throttles", () => {
    const alarms = alarmsOf(dev);
    expect(
      alarms.filter((a) => a.MetricName === '5XXError' && a.Namespace === 'AWS/ApiGateway'),
    ).toHaveLength(1);
    for (const fnId of functionsByGroup(dev.resources).values()) {
      for (const metric of ['Errors', 'Throttles']) {
        expect(
          alarms.filter((a) => a.MetricName === metric && mentions(a.Dimensions, fnId)),
          `${fnId} ${metric}`,
        ).toHaveLength(1);
      }
    }
    for (const a of alarms) expect(JSON.stringify(a.AlarmActions)).toContain('Ref');
  });

  it("alarms on any payment anomaly (the paymentWebhook function's EMF metric) to the alarm topic", () => {
    const anomalies = alarmsOf(dev).filter(
      (a) => a.Namespace === PAYMENT_METRICS_NAMESPACE && a.MetricName === PAYMENT_ANOMALY_METRIC,
    );
    expect(anomalies).toHaveLength(1);
    expect(anomalies[0]).toMatchObject({
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(JSON.stringify(anomalies[0]?.AlarmActions)).toContain('Ref');
    expect(JSON.stringify(anomalies[0]?.OKActions)).toContain('Ref');
    // The alarm names no dimension: the line the paymentWebhook writes has none either.
    expect(anomalies[0]?.Dimensions).toBeUndefined();
    expect(directiveOf(metricLinesOf(() => emitAnomalyMetric('overRefund', 'evt_1', new Date()))[0])).toEqual(
      {
        Namespace: PAYMENT_METRICS_NAMESPACE,
        Dimensions: [[]],
        Metrics: [{ Name: PAYMENT_ANOMALY_METRIC, Unit: 'Count' }],
      },
    );
  });

  it("feeds each queue job (the rent run's pages, the rent reminders' pages) from its producers through an encrypted TLS-only queue with a dead-letter queue and an alarm, to a worker with the contract's memory, timeout and concurrency cap", () => {
    const queueJobs = JOBS.filter((j): j is QueueJob => j.kind === 'queue');
    expect(queueJobs.map((j) => j.id)).toEqual(expect.arrayContaining(['rentRunPages', 'rentReminderPages']));
    const byJob = functionsByJob(dev.resources);
    const alarms = alarmsOf(dev);
    for (const job of queueJobs) {
      const fnId = byJob.get(job.id) ?? '?';
      expect(dev.resources[fnId]?.Properties, job.id).toMatchObject({
        MemorySize: job.memoryMb,
        Timeout: job.timeoutSeconds,
      });
      const mappings = ofType(dev.resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
        mentions(m.Properties?.FunctionName, fnId),
      );
      expect(mappings, job.id).toHaveLength(1);
      const mapping = mappings[0]?.[1].Properties ?? {};
      expect(mapping, job.id).toMatchObject({
        BatchSize: job.batchSize,
        ScalingConfig: { MaximumConcurrency: job.maxConcurrency },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const [queueId, queue] =
        ofType(dev.resources, 'AWS::SQS::Queue').find(([id]) => mentions(mapping.EventSourceArn, id)) ?? [];
      expect(queue?.Properties, job.id).toMatchObject({ SqsManagedSseEnabled: true });
      const visibility = Number(queue?.Properties?.VisibilityTimeout);
      expect(visibility, `${job.id}: visibility timeout > the worker's timeout`).toBeGreaterThan(
        job.timeoutSeconds,
      );
      const redrive = queue?.Properties?.RedrivePolicy as {
        maxReceiveCount?: number;
        deadLetterTargetArn?: unknown;
      };
      expect(redrive?.maxReceiveCount, job.id).toBe(job.maxReceives);
      const [dlqId] =
        ofType(dev.resources, 'AWS::SQS::Queue').find(([id]) => mentions(redrive?.deadLetterTargetArn, id)) ??
        [];
      expect(dlqId, `${job.id}: its dead-letter queue`).toBeDefined();
      expect(
        alarms.filter(
          (a) =>
            a.MetricName === 'ApproximateNumberOfMessagesVisible' && mentions(a.Dimensions, dlqId ?? '?'),
        ),
        `${job.id}: the dead-letter queue is alarmed`,
      ).toHaveLength(1);
      // TLS only, on the work queue as on every queue of the stack.
      const tlsOnly = ofType(dev.resources, 'AWS::SQS::QueuePolicy').filter(
        ([, p]) =>
          mentions(p.Properties?.Queues, queueId ?? '?') &&
          JSON.stringify(p.Properties?.PolicyDocument).includes('aws:SecureTransport'),
      );
      expect(tlsOnly, `${job.id}: TLS only`).toHaveLength(1);
      // Each producer may send to it, and knows its URL.
      for (const producer of job.producers) {
        const producerId = byJob.get(producer) ?? '?';
        const env = (
          dev.resources[producerId]?.Properties?.Environment as { Variables?: Record<string, unknown> }
        )?.Variables;
        expect(mentions(env?.[queueUrlVariable(job.id)], queueId ?? '?'), `${producer} knows the queue`).toBe(
          true,
        );
        const role = dev.resources[producerId]?.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined;
        const sends = ofType(dev.resources, 'AWS::IAM::Policy').filter(
          ([, p]) =>
            mentions(p.Properties?.Roles, role?.['Fn::GetAtt']?.[0] ?? '?') &&
            JSON.stringify(p.Properties?.PolicyDocument).includes('sqs:SendMessage') &&
            mentions(p.Properties?.PolicyDocument, queueId ?? '?'),
        );
        expect(sends, `${producer} may send to ${job.id}`).toHaveLength(1);
      }
    }
  });

  it('streams the table (new and old images) into ONE reader Lambda for every table-change job (at most two readers per shard), filtered, with retries, bisect, partial batches and an alarmed failure queue', () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    const tableChangeJobs = JOBS.filter((j): j is TableChangeJob => j.kind === 'tableChange');
    expect(tableChangeJobs.map((j) => j.id)).toEqual(
      expect.arrayContaining(['auditLog', 'turnovers', 'webhookFanOut']),
    );
    const byJob = functionsByJob(dev.resources);
    const ownFunctions = JOBS.filter((j) => j.kind === 'schedule' || j.kind === 'queue').map((j) => j.id);
    expect([...byJob.keys()].sort()).toEqual([...ownFunctions, TABLE_CHANGES_READER].sort());
    const fnId = byJob.get(TABLE_CHANGES_READER) ?? '?';
    expect(dev.resources[fnId]?.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Environment: { Variables: { TABLE_NAME: expect.anything(), DATA_KEY_KMS_KEY_ID: expect.anything() } },
    });
    const mappings = ofType(dev.resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
      JSON.stringify(m.Properties?.EventSourceArn).includes('StreamArn'),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]?.[1].Properties ?? {};
    expect(mentions(mapping.FunctionName, fnId)).toBe(true);
    const patterns = [
      ...new Set(tableChangeJobs.flatMap((j) => filterPatterns(j).map((p) => JSON.stringify(p)))),
    ];
    expect(mapping).toMatchObject({
      BatchSize: Math.min(...tableChangeJobs.map((j) => j.batchSize)),
      MaximumRetryAttempts: Math.max(...tableChangeJobs.map((j) => j.maxRetries)),
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
      MaximumRecordAgeInSeconds: expect.any(Number),
      FilterCriteria: { Filters: patterns.map((Pattern) => ({ Pattern })) },
    });
    expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
    const destination = JSON.stringify(mapping.DestinationConfig);
    const [queueId] =
      ofType(dev.resources, 'AWS::SQS::Queue').find(([id]) => destination.includes(`"${id}"`)) ?? [];
    expect(queueId, "the reader's failure queue").toBeDefined();
    const alarms = alarmsOf(dev);
    expect(
      alarms.filter(
        (a) =>
          a.MetricName === 'ApproximateNumberOfMessagesVisible' && mentions(a.Dimensions, queueId ?? '?'),
      ),
    ).toHaveLength(1);
    expect(alarms.filter((a) => a.MetricName === 'Errors' && mentions(a.Dimensions, fnId))).toHaveLength(1);
  });

  it('sizes the booking peak and the stream drain by settings: the stage throttle, the table warm throughput, the reader parallelization (defaults for 50 bookings/s)', () => {
    const capacityOf = (s: Synthesized) => {
      const [, mapping] = ofType(s.resources, 'AWS::Lambda::EventSourceMapping')[0] ?? [];
      const [, table] = ofType(s.resources, 'AWS::DynamoDB::GlobalTable')[0] ?? [];
      const [, stage] = ofType(s.resources, 'AWS::ApiGateway::Stage')[0] ?? [];
      const settings = (stage?.Properties?.MethodSettings ?? []) as Record<string, unknown>[];
      const stageWide = settings.find((m) => m.ResourcePath === '/*' && m.HttpMethod === '*');
      return {
        parallelization: mapping?.Properties?.ParallelizationFactor,
        warm: table?.Properties?.WarmThroughput,
        rate: stageWide?.ThrottlingRateLimit,
        burst: stageWide?.ThrottlingBurstLimit,
      };
    };
    expect(capacityOf(dev)).toEqual({
      parallelization: DEFAULT_CAPACITY.streamParallelization,
      warm: {
        ReadUnitsPerSecond: DEFAULT_CAPACITY.tableWarmReads,
        WriteUnitsPerSecond: DEFAULT_CAPACITY.tableWarmWrites,
      },
      rate: DEFAULT_CAPACITY.stageRateLimit,
      burst: DEFAULT_CAPACITY.stageBurstLimit,
    });
    expect(DEFAULT_CAPACITY).toMatchObject({ streamParallelization: 10, stageRateLimit: 800 });
    expect(capacityOf(full)).toEqual({
      parallelization: 4,
      warm: { ReadUnitsPerSecond: 15000, WriteUnitsPerSecond: 6000 },
      rate: 300,
      burst: 500,
    });
    // A cached method repeats the stage-wide throttle (a method setting replaces the stage's).
    const [, fullStage] = ofType(full.resources, 'AWS::ApiGateway::Stage')[0] ?? [];
    for (const method of (fullStage?.Properties?.MethodSettings ?? []) as Record<string, unknown>[])
      expect(method, String(method.ResourcePath)).toMatchObject({ ThrottlingRateLimit: 300 });
    const config = (context: Record<string, unknown>) => () =>
      readConfig({ tryGetContext: (key: string) => context[key] });
    expect(config({ streamParallelization: '11' })).toThrow(/streamParallelization must be 1 to 10/);
    expect(config({ streamParallelization: '0' })).toThrow(/streamParallelization must be 1 to 10/);
    expect(config({ stageRateLimit: '500', stageBurstLimit: '100' })).toThrow(/stageBurstLimit/);
    expect(config({ tableWarmWrites: '1000' })).toThrow(/floor/);
    expect(config({ tableWarmReads: 'many' })).toThrow(/tableWarmReads must be a whole number/);
  });

  it("retries the jobs' parked records from an every-minute rule on the reader, with the table access it has already, and alarms per table-change job on a record given up on", () => {
    const fnId = functionsByJob(dev.resources).get(TABLE_CHANGES_READER) ?? '?';
    const sweeps = ofType(dev.resources, 'AWS::Events::Rule').filter(([, r]) =>
      mentions(r.Properties?.Targets, fnId),
    );
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]?.[1].Properties).toMatchObject({
      ScheduleExpression: `rate(${SWEEP_EVERY_MINUTES} minute)`,
      State: 'ENABLED',
    });
    const [sweepId] = sweeps[0] ?? [];
    const invoke = ofType(dev.resources, 'AWS::Lambda::Permission').filter(
      ([, p]) =>
        p.Properties?.Principal === 'events.amazonaws.com' &&
        mentions(p.Properties?.SourceArn, sweepId ?? '?'),
    );
    expect(invoke).toHaveLength(1);
    expect(mentions(invoke[0]?.[1].Properties?.FunctionName, fnId)).toBe(true);
    // The retry path is items of the table the reader's jobs write already: no new grant, no queue of its own.
    const role = dev.resources[fnId]?.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined;
    const policy = JSON.stringify(
      ofType(dev.resources, 'AWS::IAM::Policy').filter(([, p]) =>
        mentions(p.Properties?.Roles, role?.['Fn::GetAtt']?.[0] ?? '?'),
      ),
    );
    for (const action of ['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'])
      expect(policy, action).toContain(action);
    expect(policy).not.toContain('sqs:ReceiveMessage');
    const tableChangeJobs = JOBS.filter((j) => j.kind === 'tableChange').map((j) => j.id);
    const kept = alarmsOf(dev).filter(
      (a) => a.Namespace === JOB_METRICS_NAMESPACE && a.MetricName === 'JobRecordsKept',
    );
    expect(kept.map((a) => a.Dimensions as { Name: string; Value: string }[]).sort()).toEqual(
      tableChangeJobs.map((id) => [{ Name: 'JobId', Value: id }]).sort(),
    );
    // The sweep's line names the same metric by the same one dimension (no Powertools `service`).
    const [line] = metricLinesOf(() => emitJobMetric('JobRecordsKept', 'auditLog', 1));
    expect(directiveOf(line)).toEqual({
      Namespace: JOB_METRICS_NAMESPACE,
      Dimensions: [['JobId']],
      Metrics: [{ Name: 'JobRecordsKept', Unit: 'Count' }],
    });
    expect(line?.JobId).toBe('auditLog');
    for (const alarm of kept) {
      expect(alarm).toMatchObject({
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
      expect(JSON.stringify(alarm.AlarmActions)).toContain('Ref');
    }
  });

  it("keeps the stack and its monitoring nested stack well under CloudFormation's 500 resources each", () => {
    for (const s of [dev, prod, full]) {
      expect(Object.keys(s.resources).length).toBeLessThan(450);
      expect(Object.keys(monitoringResources(s)).length).toBeLessThan(450);
      expect(Object.keys(nestedResources(s, s.stack.api.routes)).length).toBeLessThan(450);
    }
  });

  it(
    'runs a schedule job from an EventBridge rate rule, its undeliverable events kept in its failure queue',
    () => {
      const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
      const stack = new RentalPmStack(app, 'ScheduleProbe', {
        config: readConfig(app.node),
        routes: ROUTES,
        groups: GROUPS,
        jobs: [
          ...JOBS,
          {
            id: 'tickProbe',
            group: 'audit',
            entry: 'consumer.ts',
            description: 'probe',
            kind: 'schedule',
            everyMinutes: 15,
          },
        ],
        env: { account: '111111111111', region: 'us-east-1' },
      });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      app.synth(); // the schedule's resources pass cdk-nag too
      const template = Template.fromStack(stack);
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(15 minutes)',
        Targets: [Match.objectLike({ DeadLetterConfig: Match.anyValue(), RetryPolicy: Match.anyValue() })],
      });
      // The probe (a schedule) adds a rule, not a mapping: the table-change jobs share the one reader's, and
      // each queue job has its own.
      template.resourceCountIs(
        'AWS::Lambda::EventSourceMapping',
        1 + JOBS.filter((job) => job.kind === 'queue').length,
      );
      // Each schedule's rule, the probe's, and the table-change jobs' retry sweep.
      template.resourceCountIs('AWS::Events::Rule', JOBS.filter((job) => job.kind === 'schedule').length + 2);
    },
    SYNTH_TIMEOUT,
  );

  it('says in the docs what the app is made of: the generated regions of docs/cloud-stack.md and docs/accounting.md match it (npm run docs:stack rewrites them)', () => {
    const pages = renderStackFacts({ dev, prod, full });
    for (const [page, regions] of Object.entries(pages)) {
      const text = readFileSync(new URL(`../${page}`, import.meta.url), 'utf8');
      expect(withRegions(page, text, regions), `${page}: run npm run docs:stack`).toBe(text);
    }
    // The events the endpoint is subscribed to are the ones the webhook dispatches.
    expect(pages['docs/cloud-stack.md']?.['stripe-events']).toBe(
      HANDLED_STRIPE_EVENTS.map((e) => `\`${e}\``).join(', '),
    );
  });

  it("needs the CDK bootstrap version the doctor asks for (the templates' CheckBootstrapVersion rule)", () => {
    const rule = JSON.stringify(
      (dev.template.toJSON().Rules as Record<string, unknown>).CheckBootstrapVersion,
    );
    for (let version = 1; version < MIN_BOOTSTRAP_VERSION; version++) expect(rule).toContain(`"${version}"`);
    expect(rule).not.toContain(`"${MIN_BOOTSTRAP_VERSION}"`);
  });

  it('passes the cdk-nag AwsSolutions checks, every suppression acknowledged with a reason', () => {
    // synth() already ran the plugin without throwing; the report must hold no finding either.
    const report = JSON.parse(readFileSync(`${dev.app.outdir}/validation-report.json`, 'utf8')) as {
      pluginReports: unknown[];
    };
    expect(report.pluginReports).toEqual([]);
  });

  it(
    'fails synthesis on an unacknowledged AwsSolutions finding (the nag check is live)',
    () => {
      const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
      const stack = new Stack(app, 'NagProbe', { env: { account: '111111111111', region: 'us-east-1' } });
      new secretsmanager.Secret(stack, 'UnrotatedSecret');
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      expect(() => app.synth()).toThrow(/AwsSolutions-SMG4/);
    },
    SYNTH_TIMEOUT,
  );
});

describe('API model (registry → gateway resources)', () => {
  const route = (
    id: string,
    group: string,
    method: 'GET' | 'POST',
    path: string,
    extra: Partial<RouteContract> = {},
  ) =>
    defineRoute({
      id,
      group,
      method,
      path,
      summary: id,
      auth: { kind: 'public' },
      ...extra,
    }) as RouteContract;

  it('refuses a controller served by two groups (one {proxy+} resource integrates one Lambda)', () => {
    const routes = [
      route('a.list', 'one', 'GET', '/API/a/V1/list.json'),
      route('a.add', 'two', 'POST', '/API/a/V1/add.json'),
    ];
    expect(() => planApiResources(routes)).toThrow(/several groups/);
  });

  it('does not cache a controller whose GETs are not all public and cacheable', () => {
    const routes = [
      route('c.list', 'c', 'GET', '/API/c/V1/list.json', { cache: true }),
      route('c.calendar', 'c', 'GET', '/API/c/V1/calendar.json'),
    ];
    expect(planApiResources(routes)).toEqual([expect.not.objectContaining({ cache: expect.anything() })]);
  });

  it("keys a cached GET on its piped object schema's query names and query aliases", () => {
    const query = v.pipe(v.object({ page: v.optional(v.string()), beds: v.optional(v.string()) }));
    const routes = [
      route('d.list', 'd', 'GET', '/API/d/V1/list.json', {
        cache: true,
        query,
        aliases: { query: { bedrooms: 'beds' } },
      }),
    ];
    expect(planApiResources(routes)[0]?.cache?.cacheKeyParameters).toEqual([
      'method.request.path.proxy',
      'method.request.querystring.bedrooms',
      'method.request.querystring.beds',
      'method.request.querystring.page',
      'method.request.header.Origin',
    ]);
  });
});
