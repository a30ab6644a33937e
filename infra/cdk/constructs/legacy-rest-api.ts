/**
 * The REST API with the legacy paths, built from the resource plan (api-model.ts), which is built from the
 * route registry. One `/API/{controller}/V1/{proxy+}` resource per controller with an ANY method (Lambda
 * proxy) to the controller's group (its `live` alias); the group's router matches the full path, answers
 * 404/405 and OPTIONS.
 *
 * The resource and method tree (three resources and one to three methods per controller) sits in a nested
 * stack, `Routes`: it is most of the API's resources and grows with every controller, while a CloudFormation
 * stack holds at most 500. The REST API, its deployment and stage stay here, and so does each alias's invoke
 * permission (one per group for the whole API), made beside the alias it belongs to.
 */
import { Duration, NestedStack, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ApiResourcePlan } from '../api-model.js';
import type { ApiClientConfig } from '../config.js';
import { addGatewayResponses } from './gateway-responses.js';

/** The stage cache TTL: DESIGN.md "Limits", the same 10 minutes as the handlers' Cache-Control. */
export const CACHE_TTL = Duration.minutes(10);

/**
 * The website's usage plan: the spec's 25 requests / 5 s is 5 requests/s on average, with the whole
 * 25-request allowance available at once as the token bucket's burst.
 */
export const WEBSITE_RATE_LIMIT = 5;
export const WEBSITE_BURST_LIMIT = 25;

export interface LegacyRestApiProps {
  readonly stageName: string;
  readonly resources: readonly ApiResourcePlan[];
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  /** The allowed origins, for the CORS headers of the gateway's own error responses. */
  readonly corsOrigins: readonly string[];
  /** The stage cache for the cacheable public GETs (config.ts stageCache). */
  readonly stageCache: boolean;
  /** Every method but OPTIONS requires an API key, throttled by its usage plan; else no key or plan exists. */
  readonly requireApiKey: boolean;
  /** The keyed integrations, each with its own key and plan (config.ts apiClients; only with requireApiKey). */
  readonly apiClients: readonly ApiClientConfig[];
  /**
   * The media types the routes answer as bytes (their `binaryResponse`): the gateway decodes a Lambda's
   * base64 body of such a type when the request's first Accept type is one of them.
   */
  readonly binaryMediaTypes: readonly string[];
  /**
   * Stage-wide throttle (capacity.ts): a ceiling for all clients together that keeps a flood inside
   * Lambda's concurrency and the table's warm throughput. Per-client limits are WAF's (per IP, always) and, with
   * requireApiKey, the usage plans' (per API key).
   */
  readonly throttle: { rateLimit: number; burstLimit: number };
}

export class LegacyRestApi extends Construct {
  readonly api: apigw.RestApi;
  readonly stage: apigw.Stage;
  /** Only with requireApiKey: a plan nothing is required to use would throttle nothing. */
  readonly websiteApiKey?: apigw.IApiKey;
  readonly usagePlan?: apigw.UsagePlan;
  /** Integration name → its key (config apiClients). */
  readonly clientKeys = new Map<string, apigw.IApiKey>();
  /** The nested stack of the resource and method tree. */
  readonly routes: NestedStack;
  /** First path segment → its resource (created in the Routes nested stack). */
  private readonly tops = new Map<string, apigw.Resource>();

  constructor(scope: Construct, id: string, props: LegacyRestApiProps) {
    super(scope, id);

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const common = {
      metricsEnabled: true,
      loggingLevel: apigw.MethodLoggingLevel.ERROR,
      // Request and response bodies carry credentials and personal data: never logged.
      dataTraceEnabled: false,
      throttlingRateLimit: props.throttle.rateLimit,
      throttlingBurstLimit: props.throttle.burstLimit,
    };
    const cached = props.stageCache ? props.resources.filter((r) => r.cache) : [];
    const methodOptions: Record<string, apigw.MethodDeploymentOptions> = {};
    for (const resource of cached) {
      // A method-level setting replaces the stage-wide one for that method, so it repeats the common options.
      methodOptions[`${resource.resourcePath}/GET`] = {
        ...common,
        cachingEnabled: true,
        cacheTtl: CACHE_TTL,
        cacheDataEncrypted: true,
      };
    }

    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: `rental-pm-${props.stageName}`,
      description: 'Rental property management: the legacy /API/{controller}/V1/{action}.json interface',
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      ...(props.binaryMediaTypes.length > 0 ? { binaryMediaTypes: [...props.binaryMediaTypes] } : {}),
      // API Gateway's logging role is an account setting: the stack RentalPm-ApiGatewayLogging sets it
      // (api-gateway-logging-stack.ts), deployed before this one.
      cloudWatchRole: false,
      deployOptions: {
        stageName: props.stageName,
        tracingEnabled: true,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
        ...common,
        cachingEnabled: false,
        ...(cached.length > 0 ? { cacheClusterEnabled: true, cacheClusterSize: '0.5' } : {}),
        methodOptions,
      },
    });
    this.stage = this.api.deploymentStage;

    this.routes = new NestedStack(this, 'Routes', {
      description: 'The legacy API paths: one {proxy+} resource per controller and its methods',
    });
    for (const plan of props.resources) this.addResource(plan, props.functions, props);
    addGatewayResponses(this.api, props.corsOrigins);

    if (props.requireApiKey) {
      this.usagePlan = this.api.addUsagePlan('WebsitePlan', {
        name: `rental-pm-${props.stageName}-website`,
        description: 'The public website: 25 requests / 5 s (5 rps, burst 25); every method requires its key',
        throttle: { rateLimit: WEBSITE_RATE_LIMIT, burstLimit: WEBSITE_BURST_LIMIT },
        apiStages: [{ stage: this.stage }],
      });
      // A generated value (never in the template); `aws apigateway get-api-key --include-value` reads it.
      this.websiteApiKey = this.api.addApiKey('WebsiteKey', {
        description: "The public website's key (x-api-key), throttled by the website usage plan",
      });
      this.usagePlan.addApiKey(this.websiteApiKey);
      for (const client of props.apiClients) {
        const plan = this.api.addUsagePlan(`Client${client.name}Plan`, {
          name: `rental-pm-${props.stageName}-${client.name}`,
          description: `Integration ${client.name}: its own key, throttle and quota`,
          throttle: { rateLimit: client.rateLimit, burstLimit: client.burstLimit },
          ...(client.quotaPerDay ? { quota: { limit: client.quotaPerDay, period: apigw.Period.DAY } } : {}),
          apiStages: [{ stage: this.stage }],
        });
        const key = this.api.addApiKey(`Client${client.name}Key`, {
          description: `Integration ${client.name}'s key (x-api-key), throttled by its own usage plan`,
        });
        plan.addApiKey(key);
        this.clientKeys.set(client.name, key);
      }
    }

    const acknowledgements: Parameters<ReturnType<typeof Validations.of>['acknowledge']> = [
      {
        id: 'AwsSolutions-APIG2',
        reason:
          "The gateway sees only {proxy+}; every request is validated in the Lambda against the route registry's valibot schemas, which answer 400 problem+json with per-field errors as the spec requires.",
      },
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'The legacy interface authenticates with server-side session cookies (admin and tenant) checked per route in the Lambda; public routes (catalog, content, login, webhooks) must stay open.',
      },
      {
        id: 'AwsSolutions-COG4',
        reason:
          'Admins sign in through POST /API/auth/V1/login.json, which verifies against Cognito and opens a session cookie; clients never hold Cognito tokens, so a Cognito authorizer has nothing to check.',
      },
    ];
    // The methods sit in the Routes nested stack: the same reasons hold there.
    for (const scope of [this.api, this.routes]) Validations.of(scope).acknowledge(...acknowledgements);
  }

  /** The resource of a path, made in the Routes nested stack (its first segment's resource is made there too). */
  private resourceFor(resourcePath: string): apigw.Resource {
    const [top = '', ...rest] = resourcePath.replace(/^\//, '').split('/');
    let resource = this.tops.get(top);
    if (!resource) {
      resource = new apigw.Resource(this.routes, `Path${top.replace(/[^A-Za-z0-9]/g, '')}`, {
        parent: this.api.root,
        pathPart: top,
      });
      this.tops.set(top, resource);
    }
    return rest.length > 0 ? resource.resourceForPath(rest.join('/')) : resource;
  }

  private addResource(
    plan: ApiResourcePlan,
    functions: ReadonlyMap<string, lambda.IFunction>,
    props: LegacyRestApiProps,
  ): void {
    const fn = functions.get(plan.group);
    if (!fn) throw new Error(`No function for group ${plan.group} (resource ${plan.resourcePath})`);
    const resource = this.resourceFor(plan.resourcePath);
    // scopePermissionToMethod: false → one invoke permission per function for the whole API (its execute-api ARN),
    // instead of two per method, which would bloat the function's resource policy as controllers are added.
    const integration = new apigw.LambdaIntegration(fn, { scopePermissionToMethod: false });
    const keyRequired = { apiKeyRequired: props.requireApiKey };
    resource.addMethod('ANY', integration, keyRequired);
    // A CORS preflight carries no x-api-key: OPTIONS stays open (the Lambda answers it) when the key is required.
    if (props.requireApiKey) resource.addMethod('OPTIONS', integration, { apiKeyRequired: false });
    if (!plan.cache || !props.stageCache) return;
    const keys = plan.cache.cacheKeyParameters;
    resource.addMethod(
      'GET',
      new apigw.LambdaIntegration(fn, { scopePermissionToMethod: false, cacheKeyParameters: [...keys] }),
      // Declared so they can be cache keys; none is required (the Lambda validates and answers 400 itself).
      {
        ...keyRequired,
        requestParameters: Object.fromEntries(keys.map((k) => [k, k === 'method.request.path.proxy'])),
      },
    );
  }
}
