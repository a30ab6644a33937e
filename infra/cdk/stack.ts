/**
 * The cloud stack (DESIGN.md "The cloud stack"): everything is derived from the route registry (ROUTES,
 * GROUPS) and the table definition, so adding an endpoint or a group needs no change here.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { KMS_CONTEXT } from '../../shared/crypto/key-source.js';
import { GLOBAL_INDEXES, KEY } from '../../shared/db/table-definition.js';
import type { RouteContract } from '../../shared/http/route.js';
import type { JobContract } from '../../shared/jobs/contract.js';
import { planApiResources } from './api-model.js';
import { isProd, type StackConfig } from './config.js';
import { AdminUserPool } from './constructs/admin-user-pool.js';
import { Alarms } from './constructs/alarms.js';
import { GroupFunction } from './constructs/group-function.js';
import { JobFunctions } from './constructs/job-functions.js';
import { LegacyRestApi } from './constructs/legacy-rest-api.js';
import { RateLimitWebAcl } from './constructs/rate-limit-web-acl.js';
import { accessOf, type GroupAccess } from './group-access.js';

export interface RentalPmStackProps extends StackProps {
  readonly config: StackConfig;
  readonly routes: readonly RouteContract[];
  readonly groups: readonly string[];
  /** The background jobs (functions/registry.ts JOBS): one Lambda each, with its stream mapping or schedule. */
  readonly jobs: readonly JobContract[];
}

export class RentalPmStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  readonly api: LegacyRestApi;

  constructor(scope: Construct, id: string, props: RentalPmStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = isProd(config);
    // prod keeps its data stores when the stack goes; other stages are disposable.
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logRetention = prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH;
    const name = `rental-pm-${config.stage}`;

    // --- Keys: the table's, and the one that wraps the data keys for tenant contact fields (AES-256-GCM).
    const tableKey = new kms.Key(this, 'TableKey', {
      description: `${name}: encrypts the DynamoDB table`,
      enableKeyRotation: true,
      removalPolicy,
    });
    const dataKey = new kms.Key(this, 'DataKey', {
      description: `${name}: wraps the data keys that encrypt tenant contact fields`,
      enableKeyRotation: true,
      removalPolicy,
    });

    // --- The single table, from the shared definition (the local runtime creates it from the same one).
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: KEY.pk, type: dynamodb.AttributeType.STRING },
      sortKey: { name: KEY.sk, type: dynamodb.AttributeType.STRING },
      globalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.pk, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sk, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      timeToLiveAttribute: KEY.ttl,
      // The table-change jobs read it (docs/jobs.md); both images, so a consumer sees what changed.
      dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: prod,
      encryption: dynamodb.TableEncryptionV2.customerManagedKey(tableKey),
      removalPolicy,
    });

    // --- Admin identities.
    const admins = new AdminUserPool(this, 'Admins', {
      name: `${name}-admins`,
      deletionProtection: prod,
      removalPolicy,
    });

    // --- Mail: the sending identity and a configuration set (reputation metrics, TLS required).
    const mailConfig = new ses.ConfigurationSet(this, 'MailConfig', {
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    const mailIdentity = new ses.EmailIdentity(this, 'MailIdentity', {
      identity: config.mailIdentity.includes('@')
        ? ses.Identity.email(config.mailIdentity)
        : ses.Identity.domain(config.mailIdentity),
      configurationSet: mailConfig,
    });

    // --- Secrets for the later payment and channel slices: generated here so no value is ever in the
    // template or the repository; operators put Stripe's real values in after the first deploy.
    const secret = (id: string, secretName: string, description: string) =>
      new secretsmanager.Secret(this, id, {
        secretName: `${name}/${secretName}`,
        description,
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
        removalPolicy,
      });
    const secrets = [
      secret(
        'StripeSecretKey',
        'stripe/secret-key',
        'Stripe API secret key (replace the generated placeholder with sk_live_…)',
      ),
      secret(
        'StripeWebhookSecret',
        'stripe/webhook-secret',
        "Stripe webhook signing secret (replace with the endpoint's whsec_…)",
      ),
      secret(
        'ChannelWebhookSecret',
        'channel/webhook-secret',
        'HMAC-SHA256 shared secret of the channel manager webhook',
      ),
    ];
    for (const s of secrets) {
      Validations.of(s).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Issued by Stripe or shared with the channel manager: rotating it means changing it on their side too, so it is rotated by hand (docs/cloud-stack.md), not by a rotation Lambda.',
      });
    }

    // --- The built-in CAPTCHA's HMAC key (DESIGN.md "Built-in CAPTCHA"), for the groups that verify one.
    const captchaSecret = secret(
      'CaptchaSecret',
      'captcha/signing-secret',
      'HMAC key of built-in CAPTCHA tokens (CAPTCHA_SECRET); rotating it voids only questions of the last 10 minutes',
    );
    Validations.of(captchaSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Handed to the Lambdas as CAPTCHA_SECRET at deploy time (a CloudFormation dynamic reference), so a new value needs a redeploy: rotated by hand (put-secret-value, then cdk deploy), as docs/cloud-stack.md says.',
    });

    // --- One Lambda per group, with the environment and grants its access needs (group-access.ts).
    const shared: SharedResources = {
      table: this.table,
      admins,
      mailIdentityArn: mailIdentity.emailIdentityArn,
      mailConfigName: mailConfig.configurationSetName,
      mailConfigArn: this.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: mailConfig.configurationSetName,
      }),
      mailFrom: config.mailFrom,
      dataKey,
      captchaSecret,
      corsOrigins: config.corsOrigins,
    };
    /** The wildcards the table grants need (a group's or a job's role), acknowledged with their reason. */
    const acknowledgeTableGrants = (role: iam.IRole) => {
      Validations.of(role).acknowledge(
        {
          id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(this.table.node.defaultChild as dynamodb.CfnGlobalTable)}.Arn>/index/*]`,
          reason:
            "Queries on the table's GSIs (GSI1..GSI3) need the index ARNs; the wildcard covers this table's indexes only.",
        },
        {
          id: 'AwsSolutions-IAM5[Action::kms:ReEncrypt*]',
          reason:
            "Granted by TableV2.grantReadWriteData for the table's own key: DynamoDB re-encrypts items under it; scoped to that key.",
        },
        {
          id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
          reason:
            "Granted by TableV2.grantReadWriteData for the table's own key: DynamoDB generates data keys under it; scoped to that key.",
        },
      );
    };
    const groupFunctions = new Map<string, GroupFunction>();
    for (const group of props.groups) {
      const access = accessOf(group);
      const groupFunction = new GroupFunction(this, `${group}Group`, {
        group,
        environment: environmentFor(access, shared),
        logRetention,
        removalPolicy,
      });
      const { role } = groupFunction;
      grantAccess(role, access, shared);
      acknowledgeTableGrants(role);
      groupFunctions.set(group, groupFunction);
    }
    const functions = new Map(
      [...groupFunctions].map(([group, gf]) => [group, gf.function as lambda.IFunction]),
    );
    this.functions = functions;

    // --- The REST API with the legacy paths, derived from the registry.
    this.api = new LegacyRestApi(this, 'Http', {
      stageName: config.stage,
      resources: planApiResources(props.routes),
      functions,
      logRetention,
      removalPolicy,
    });

    // The API's public base (activation links end in /API/...). Built from the API id and stage name rather than
    // api.url, which references the stage and so, through the methods, the functions themselves (a cycle).
    const publicBaseUrl =
      config.publicBaseUrl ??
      `https://${this.api.api.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${config.stage}`;
    for (const gf of groupFunctions.values()) gf.function.addEnvironment('PUBLIC_BASE_URL', publicBaseUrl);

    new RateLimitWebAcl(this, 'Waf', { name: `${name}-api`, stageArn: this.api.stage.stageArn });

    // --- Background jobs, derived from the JOBS contracts; a job runs with its group's access.
    const jobs = new JobFunctions(this, 'Jobs', {
      jobs: props.jobs,
      table: this.table,
      logRetention,
      removalPolicy,
      environment: (job) => environmentFor(accessOf(job.group), shared),
      grant: (job, role) => {
        grantAccess(role, accessOf(job.group), shared);
        acknowledgeTableGrants(role);
      },
    });

    const alarms = new Alarms(this, 'Alarms', {
      api: this.api.api,
      functions: new Map([...functions, ...jobs.functions]),
      failureQueues: jobs.failureQueues,
      removalPolicy,
      ...(config.alarmEmail ? { email: config.alarmEmail } : {}),
    });

    new CfnOutput(this, 'ApiUrl', {
      value: this.api.api.url,
      description: 'Base URL; paths continue with /API/…',
    });
    new CfnOutput(this, 'WebsiteApiKeyId', { value: this.api.websiteApiKey.keyId });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AdminUserPoolId', { value: admins.userPool.userPoolId });
    new CfnOutput(this, 'AdminUserPoolClientId', { value: admins.client.userPoolClientId });
    new CfnOutput(this, 'DataKeyArn', { value: dataKey.keyArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
  }
}

/** What the group Lambdas' environment and grants refer to. */
interface SharedResources {
  readonly table: dynamodb.TableV2;
  readonly admins: AdminUserPool;
  readonly mailIdentityArn: string;
  readonly mailConfigName: string;
  readonly mailConfigArn: string;
  readonly mailFrom: string;
  readonly dataKey: kms.Key;
  readonly captchaSecret: secretsmanager.Secret;
  readonly corsOrigins: readonly string[];
}

/** The variables a group reads (shared/config.ts readers), each present only with the access that uses it. */
function environmentFor(access: GroupAccess, r: SharedResources): Record<string, string> {
  return {
    TABLE_NAME: r.table.tableName,
    CORS_ORIGINS: r.corsOrigins.join(','),
    ...(access.adminSignIn
      ? {
          ADMIN_USER_POOL_ID: r.admins.userPool.userPoolId,
          ADMIN_USER_POOL_CLIENT_ID: r.admins.client.userPoolClientId,
        }
      : {}),
    ...(access.sendsMail ? { MAIL_FROM: r.mailFrom, MAIL_CONFIGURATION_SET: r.mailConfigName } : {}),
    ...(access.usesDataKey ? { DATA_KEY_KMS_KEY_ID: r.dataKey.keyArn } : {}),
    // A CloudFormation dynamic reference, resolved at deploy time: the value is never in the template.
    ...(access.verifiesCaptcha ? { CAPTCHA_SECRET: r.captchaSecret.secretValue.unsafeUnwrap() } : {}),
  };
}

/** Every group reads and writes the table; the rest only with its access. */
function grantAccess(role: iam.IRole, access: GroupAccess, r: SharedResources): void {
  r.table.grantReadWriteData(role);
  const allow = (statement: iam.PolicyStatementProps) =>
    role.addToPrincipalPolicy(new iam.PolicyStatement(statement));
  if (access.adminSignIn) {
    // InitiateAuth is a public Cognito API (IAM is not evaluated for it); the statement records the intent
    // and scopes it should the flow move to AdminInitiateAuth.
    allow({ actions: ['cognito-idp:InitiateAuth'], resources: [r.admins.userPool.userPoolArn] });
  }
  if (access.sendsMail) {
    allow({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [r.mailIdentityArn, r.mailConfigArn],
    });
  }
  if (access.usesDataKey) {
    // Only the field-encryption data key: every call carries this encryption context (key-source.ts).
    allow({
      actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
      resources: [r.dataKey.keyArn],
      conditions: { StringEquals: { 'kms:EncryptionContext:purpose': KMS_CONTEXT.purpose } },
    });
  }
}
