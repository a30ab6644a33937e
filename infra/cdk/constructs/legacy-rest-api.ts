/**
 * The REST API with the legacy paths, built from the resource plan (api-model.ts), which is built from the
 * route registry. One `/API/{controller}/V1/{proxy+}` resource per controller with an ANY method (Lambda
 * proxy) to the controller's group; the group's router matches the full path, answers 404/405 and OPTIONS.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ApiResourcePlan } from '../api-model.js';

/** The stage cache TTL: DESIGN.md "Limits", the same 10 minutes as the handlers' Cache-Control. */
export const CACHE_TTL = Duration.minutes(10);

/**
 * Stage-wide throttle: a ceiling for all clients together that keeps a flood inside Lambda's concurrency and
 * the table's on-demand ramp. Per-client limits are WAF's (per IP) and the usage plan's (per API key).
 */
const STAGE_RATE_LIMIT = 200;
const STAGE_BURST_LIMIT = 400;

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
}

const PROBLEM_JSON = "'application/problem+json'";

export class LegacyRestApi extends Construct {
  readonly api: apigw.RestApi;
  readonly stage: apigw.Stage;
  readonly websiteApiKey: apigw.IApiKey;
  readonly usagePlan: apigw.UsagePlan;

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
      throttlingRateLimit: STAGE_RATE_LIMIT,
      throttlingBurstLimit: STAGE_BURST_LIMIT,
    };
    const cached = props.resources.filter((r) => r.cache);
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
      // API Gateway writes execution and access logs through an account-level role; the cdk init flags turn its
      // creation off by default, so it is asked for here (kept on stack deletion: other APIs may rely on it).
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
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

    for (const plan of props.resources) this.addResource(plan, props.functions);
    this.addGatewayResponses();

    this.usagePlan = this.api.addUsagePlan('WebsitePlan', {
      name: `rental-pm-${props.stageName}-website`,
      description: 'The public website: 25 requests / 5 s (5 rps, burst 25) for calls made with its API key',
      throttle: { rateLimit: WEBSITE_RATE_LIMIT, burstLimit: WEBSITE_BURST_LIMIT },
      apiStages: [{ stage: this.stage }],
    });
    // A generated value (never in the template); `aws apigateway get-api-key --include-value` reads it.
    this.websiteApiKey = this.api.addApiKey('WebsiteKey', {
      description:
        "The public website's key for metered access (methods do not require it: legacy clients send none)",
    });
    this.usagePlan.addApiKey(this.websiteApiKey);

    Validations.of(this.api).acknowledge(
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
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          "The account-level API Gateway logging role uses the AWS managed policy AWS documents for it; it is API Gateway's own role, not the application's.",
      },
    );
  }

  private addResource(plan: ApiResourcePlan, functions: ReadonlyMap<string, lambda.IFunction>): void {
    const fn = functions.get(plan.group);
    if (!fn) throw new Error(`No function for group ${plan.group} (resource ${plan.resourcePath})`);
    const resource = this.api.root.resourceForPath(plan.resourcePath);
    // scopePermissionToMethod: false → one invoke permission per function for the whole API (its execute-api ARN),
    // instead of two per method, which would bloat the function's resource policy as controllers are added.
    resource.addMethod('ANY', new apigw.LambdaIntegration(fn, { scopePermissionToMethod: false }));
    if (!plan.cache) return;
    const keys = plan.cache.cacheKeyParameters;
    resource.addMethod(
      'GET',
      new apigw.LambdaIntegration(fn, { scopePermissionToMethod: false, cacheKeyParameters: [...keys] }),
      // Declared so they can be cache keys; none is required (the Lambda validates and answers 400 itself).
      { requestParameters: Object.fromEntries(keys.map((k) => [k, k === 'method.request.path.proxy'])) },
    );
  }

  /** The gateway's own answers in the Lambdas' error format (RFC 9457, shared/http/problem.ts), not `{"message": ...}`. */
  private addGatewayResponses(): void {
    const problem = (status: number, title: string, detail: string) =>
      JSON.stringify({ type: `https://httpstatuses.io/${status}`, title, status, detail });
    this.api.addGatewayResponse('UnknownPath', {
      // A path under no resource: API Gateway says 403 "Missing Authentication Token"; the spec says 404.
      type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      responseHeaders: { 'Content-Type': PROBLEM_JSON },
      templates: { 'application/json': problem(404, 'Not Found', 'No such endpoint') },
    });
    this.api.addGatewayResponse('Throttled', {
      type: apigw.ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'Content-Type': PROBLEM_JSON, 'Retry-After': "'1'" },
      templates: {
        'application/json': problem(429, 'Too Many Requests', 'Request rate limit exceeded; retry later'),
      },
    });
    this.api.addGatewayResponse('ServerError', {
      // Integration failures and timeouts (502/504): the status varies and no template variable carries it,
      // so the body leaves `status` out (RFC 9457 makes it advisory) and names the request for support.
      type: apigw.ResponseType.DEFAULT_5XX,
      responseHeaders: { 'Content-Type': PROBLEM_JSON },
      templates: {
        'application/json':
          '{"type":"about:blank","title":"Service Error","detail":"The service could not complete the request","requestId":"$context.requestId"}',
      },
    });
  }
}
