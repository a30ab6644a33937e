/**
 * What a group's (or job's) Lambda gets from the stack: the environment variables and the grants of its
 * access (group-access.ts). A variable is set only with its grant, so a group that starts using something
 * without declaring it fails fast on the missing variable. Secrets are passed as ARNs only
 * (`<NAME>_SECRET_ARN`); the value is read at run time (shared/secrets.ts), never placed in the configuration.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { KMS_CONTEXT } from '../../../shared/crypto/key-source.js';
import { arnVariable, type SecretName } from '../../../shared/secrets.js';
import type { GroupAccess, TableAccess } from '../group-access.js';
import { type AccountingConfig, accountingClientEnvironment } from './accounting-client.js';
import type { AdminUserPool } from './admin-user-pool.js';
import type { AppSecrets } from './app-secrets.js';
import { type Mail, sendMailGrant } from './mail.js';

export interface WiringResources {
  readonly table: dynamodb.TableV2;
  readonly admins: AdminUserPool;
  readonly mail: Mail;
  readonly dataKey: kms.Key;
  readonly secrets: AppSecrets;
  readonly corsOrigins: readonly string[];
  /**
   * The accounting provider's client (config.accounting), when the stage names one: every function whose access
   * declares accountingClient (a group's, or a job's through its group) gets it (accounting-client.ts).
   */
  readonly accounting?: AccountingConfig;
}

/** One function's needs: its declared access, its table access and the secrets it reads. */
export interface Needs {
  readonly access: GroupAccess;
  readonly table: TableAccess;
  readonly secrets: readonly SecretName[];
}

export function environmentFor(needs: Needs, r: WiringResources): Record<string, string> {
  const { access } = needs;
  return {
    TABLE_NAME: r.table.tableName,
    CORS_ORIGINS: r.corsOrigins.join(','),
    ...(access.adminSignIn
      ? {
          ADMIN_USER_POOL_ID: r.admins.userPool.userPoolId,
          ADMIN_USER_POOL_CLIENT_ID: r.admins.client.userPoolClientId,
        }
      : {}),
    ...(access.sendsMail
      ? { MAIL_FROM: r.mail.from, MAIL_CONFIGURATION_SET: r.mail.configurationSetName }
      : {}),
    ...(access.usesDataKey ? { DATA_KEY_KMS_KEY_ID: r.dataKey.keyArn } : {}),
    ...(access.accountingClient ? accountingClientEnvironment(r.accounting) : {}),
    ...Object.fromEntries(needs.secrets.map((name) => [arnVariable(name), r.secrets.get(name).secretArn])),
  };
}

export function grantNeeds(role: iam.IRole, needs: Needs, r: WiringResources): void {
  const { access } = needs;
  if (needs.table === 'readWrite') r.table.grantReadWriteData(role);
  else r.table.grantReadData(role);
  const allow = (statement: iam.PolicyStatementProps) =>
    role.addToPrincipalPolicy(new iam.PolicyStatement(statement));
  if (access.adminSignIn) {
    // InitiateAuth is a public Cognito API (IAM is not evaluated for it); the statement records the intent
    // and scopes it should the flow move to AdminInitiateAuth.
    allow({ actions: ['cognito-idp:InitiateAuth'], resources: [r.admins.userPool.userPoolArn] });
  }
  if (access.sendsMail) sendMailGrant(role, r.mail);
  if (access.usesDataKey) {
    // Only the field-encryption data key: every call carries this encryption context (key-source.ts).
    allow({
      actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
      resources: [r.dataKey.keyArn],
      conditions: { StringEquals: { 'kms:EncryptionContext:purpose': KMS_CONTEXT.purpose } },
    });
  }
  for (const name of needs.secrets) r.secrets.get(name).grantRead(role);
  acknowledgeTableGrants(role, r.table);
}

/** The wildcards the table grants need, acknowledged with their reason. */
function acknowledgeTableGrants(role: iam.IRole, table: dynamodb.TableV2): void {
  const tableId = Stack.of(table).getLogicalId(table.node.defaultChild as dynamodb.CfnGlobalTable);
  Validations.of(role).acknowledge(
    {
      id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
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
}
