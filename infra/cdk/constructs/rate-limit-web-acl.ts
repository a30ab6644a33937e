/**
 * WAF in front of the API stage: the per-IP request limit (DESIGN.md "Limits") and AWS's common rule set.
 *
 * The spec's limit is 25 requests per 5 seconds per client IP, and this rule is how the cloud keeps it, for
 * every client, keyed or not. WAF rate-based rules count over a window of 60, 120, 300 or 600 seconds only, so
 * the nearest is 60 s with 25 × 12 = 300 requests: the same average rate (5 requests/s), but a client may
 * burst above 25 within 5 s as long as it stays under 300 per minute. WAF also evaluates with a delay of some
 * seconds, so the block is approximate at the edges; the exact 5-second rule is the local runtime's. Usage
 * plans (legacy-rest-api.ts) throttle per API key, not per IP, and only with requireApiKey.
 *
 * WAF logs go to a log group of their own (`aws-waf-logs-…`, the prefix WAF requires) with the stage's
 * retention: only requests a rule blocked or counted (the rate limit, the common rule set in count mode), with
 * the Cookie, Authorization and X-Api-Key headers and the query string (iCal and payment-link tokens) redacted.
 */
import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export const SPEC_LIMIT = { requests: 25, seconds: 5 } as const;
/** WAF's shortest window. */
export const WAF_WINDOW_SECONDS = 60;
/** The spec's rate scaled to WAF's window: 25 × (60 / 5) = 300. */
export const WAF_RATE_LIMIT = (SPEC_LIMIT.requests * WAF_WINDOW_SECONDS) / SPEC_LIMIT.seconds;

export interface RateLimitWebAclProps {
  readonly name: string;
  /** The ARN of the API Gateway stage to protect. */
  readonly stageArn: string;
  /** The allowed origins: the 429 names the caller's origin when it is one of them, so a browser can read it. */
  readonly corsOrigins: readonly string[];
  readonly logRetention: logs.RetentionDays;
}

/** The label the rate rule puts on a request over the limit; the blocking rules below match it. */
export const RATE_LIMITED_LABEL = 'rental-pm:rate-limited';

const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';

export class RateLimitWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** The ACL's name (its CloudWatch metrics' WebACL dimension). */
  readonly name: string;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: RateLimitWebAclProps) {
    super(scope, id);
    this.name = props.name;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });

    const rateHeaders = [
      { name: 'Retry-After', value: String(WAF_WINDOW_SECONDS) },
      { name: 'RateLimit-Limit', value: String(WAF_RATE_LIMIT) },
      { name: 'RateLimit-Remaining', value: '0' },
      { name: 'RateLimit-Reset', value: String(WAF_WINDOW_SECONDS) },
    ];
    const block429 = (
      extraHeaders: { name: string; value: string }[],
    ): wafv2.CfnWebACL.RuleActionProperty => ({
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [...rateHeaders, ...extraHeaders],
        },
      },
    });
    const rateLimited: wafv2.CfnWebACL.StatementProperty = {
      labelMatchStatement: { scope: 'LABEL', key: RATE_LIMITED_LABEL },
    };

    // The per-IP count only labels; the rules after it block. A WAF custom response has fixed headers, so the
    // CORS headers of the 429 (for the browser to see the status) need one blocking rule per allowed origin.
    const rateRule: wafv2.CfnWebACL.RuleProperty = {
      name: 'RateLimitPerIp',
      priority: 0,
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          evaluationWindowSec: WAF_WINDOW_SECONDS,
          limit: WAF_RATE_LIMIT,
        },
      },
      action: { count: {} },
      ruleLabels: [{ name: RATE_LIMITED_LABEL }],
      visibilityConfig: visibility('RateLimitPerIp'),
    };
    const perOrigin = props.corsOrigins.map(
      (origin, i): wafv2.CfnWebACL.RuleProperty => ({
        name: `RateLimitedFromOrigin${i}`,
        priority: 1 + i,
        statement: {
          andStatement: {
            statements: [
              rateLimited,
              {
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'origin' } },
                  positionalConstraint: 'EXACTLY',
                  searchString: origin,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            ],
          },
        },
        action: block429([
          { name: 'Access-Control-Allow-Origin', value: origin },
          { name: 'Access-Control-Allow-Credentials', value: 'true' },
          { name: 'Access-Control-Expose-Headers', value: rateHeaders.map((h) => h.name).join(',') },
          { name: 'Vary', value: 'Origin' },
        ]),
        visibilityConfig: visibility(`RateLimitedFromOrigin${i}`),
      }),
    );
    // The spec's answer to too many requests is a 429 problem, not WAF's default 403.
    const blockRest: wafv2.CfnWebACL.RuleProperty = {
      name: 'RateLimited',
      priority: 1 + perOrigin.length,
      statement: rateLimited,
      action: block429([]),
      visibilityConfig: visibility('RateLimited'),
    };

    const commonRules: wafv2.CfnWebACL.RuleProperty = {
      name: 'AwsCommonRuleSet',
      priority: 2 + perOrigin.length,
      // Count mode to start: its rules would block admin HTML content (cross-site scripting patterns in page
      // bodies) and server-to-server webhooks (no User-Agent). Its metrics show what it would block; switch a
      // rule to block once it is known not to hit legitimate traffic (docs/cloud-stack.md).
      overrideAction: { count: {} },
      statement: {
        managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesCommonRuleSet' },
      },
      visibilityConfig: visibility('AwsCommonRuleSet'),
    };

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: props.name,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            type: 'https://httpstatuses.io/429',
            title: 'Too Many Requests',
            status: 429,
            detail: `At most ${SPEC_LIMIT.requests} requests per ${SPEC_LIMIT.seconds} seconds per client; retry later`,
          }),
        },
      },
      rules: [rateRule, ...perOrigin, blockRest, commonRules],
      visibilityConfig: visibility(`${props.name}-acl`),
    });

    new wafv2.CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });

    const logGroupName = `aws-waf-logs-${props.name}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: props.logRetention,
      // Destroyed with the stack even in prod: the name is fixed (WAF's prefix), so a retained group would make
      // the next create of the stack fail, and these logs are about refused requests, not the business's data.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF takes the log group's ARN without the trailing `:*` that logGroupArn carries.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [
        { singleHeader: { Name: 'cookie' } },
        { singleHeader: { Name: 'authorization' } },
        { singleHeader: { Name: 'x-api-key' } },
        { queryString: {} },
      ],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: ['BLOCK', 'COUNT'].map((action) => ({
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: [{ ActionCondition: { Action: action } }],
        })),
      },
    });
    logging.node.addDependency(this.logGroup);
  }
}
