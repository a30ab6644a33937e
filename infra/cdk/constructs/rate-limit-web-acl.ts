/**
 * WAF in front of the API stage: the per-IP request limit (DESIGN.md "Limits") and AWS's common rule set.
 *
 * The spec's limit is 25 requests per 5 seconds per client IP. WAF rate-based rules count over a window of
 * 60, 120, 300 or 600 seconds only, so the nearest is 60 s with 25 × 12 = 300 requests: the same average rate
 * (5 requests/s), but a client may burst above 25 within 5 s as long as it stays under 300 per minute. WAF also
 * evaluates with a delay of some seconds, so the block is approximate at the edges; the exact 5-second rule is
 * the local runtime's, and the usage plan's token bucket (5 rps, burst 25) applies to the website's key.
 */
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
}

const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';

export class RateLimitWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitWebAclProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });

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
      // The spec's answer to too many requests is a 429 problem, not WAF's default 403.
      action: {
        block: {
          customResponse: {
            responseCode: 429,
            customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
            responseHeaders: [
              { name: 'Retry-After', value: String(WAF_WINDOW_SECONDS) },
              { name: 'RateLimit-Limit', value: String(WAF_RATE_LIMIT) },
              { name: 'RateLimit-Remaining', value: '0' },
              { name: 'RateLimit-Reset', value: String(WAF_WINDOW_SECONDS) },
            ],
          },
        },
      },
      visibilityConfig: visibility('RateLimitPerIp'),
    };

    const commonRules: wafv2.CfnWebACL.RuleProperty = {
      name: 'AwsCommonRuleSet',
      priority: 1,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: 'AWSManagedRulesCommonRuleSet',
          // Its 8 KB body limit would block legitimate admin writes (property descriptions, page content);
          // the Lambda enforces its own 256 KB limit, so that one rule only counts.
          ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
        },
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
      rules: [rateRule, commonRules],
      visibilityConfig: visibility(`${props.name}-acl`),
    });

    new wafv2.CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
