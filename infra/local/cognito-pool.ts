/** The admin user pool in cognito-local, created once per store and remembered in the store's state file. */
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

export async function ensureAdminPool(endpoint: string, known: PoolIds | undefined): Promise<PoolIds> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    if (known) {
      try {
        await client.send(new DescribeUserPoolCommand({ UserPoolId: known.userPoolId }));
        return known;
      } catch (error) {
        if ((error as Error).name !== 'ResourceNotFoundException') throw error;
      }
    }
    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'rental-pm-admins',
        // cognito-local defaults to e-mail usernames; admin usernames are API keys (as in the CDK pool).
        UsernameAttributes: [],
        Schema: [
          { Name: 'adminId', AttributeDataType: 'String', Mutable: true },
          { Name: 'role', AttributeDataType: 'String', Mutable: true },
        ],
      }),
    );
    const userPoolId = UserPool?.Id ?? '';
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'admin-api',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    return { userPoolId, clientId: UserPoolClient?.ClientId ?? '' };
  } finally {
    client.destroy();
  }
}
