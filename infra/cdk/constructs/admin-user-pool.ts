/**
 * The Cognito user pool holding admin identities (DESIGN.md "Identity and sessions"): username = adminAPIKey,
 * password = adminAPISecret, custom attributes adminId and role (0 super_admin … 3 housekeeper), names as
 * given_name / family_name. Admins are created by operators (AdminCreateUser + AdminSetUserPassword),
 * never by sign-up. The login Lambda signs in with USER_PASSWORD_AUTH and opens its own session.
 */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export interface AdminUserPoolProps {
  readonly name: string;
  readonly deletionProtection: boolean;
  readonly removalPolicy: RemovalPolicy;
}

export class AdminUserPool extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AdminUserPoolProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'Pool', {
      userPoolName: props.name,
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      standardAttributes: {
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      customAttributes: {
        adminId: new cognito.StringAttribute({ minLen: 1, maxLen: 10, mutable: true }),
        role: new cognito.StringAttribute({ minLen: 1, maxLen: 2, mutable: true }),
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: true,
        requireUppercase: false,
        tempPasswordValidity: Duration.days(3),
      },
      // No e-mail or phone on admin identities: a super admin resets a secret (AdminSetUserPassword).
      accountRecovery: cognito.AccountRecovery.NONE,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });

    // The ID token must carry the custom attributes (read), but a signed-in admin must never write them: with an
    // access token and the client id, UpdateUserAttributes could otherwise raise custom:role to 0.
    const readable = new cognito.ClientAttributes()
      .withStandardAttributes({ givenName: true, familyName: true })
      .withCustomAttributes('adminId', 'role');
    const writable = new cognito.ClientAttributes().withStandardAttributes({
      givenName: true,
      familyName: true,
    });

    this.client = this.userPool.addClient('LoginClient', {
      userPoolClientName: `${props.name}-login`,
      authFlows: { userPassword: true },
      // Sign-in is the API's own login call; no hosted UI, no OAuth flows or callback URLs.
      disableOAuth: true,
      // The Lambda calls InitiateAuth with no SECRET_HASH (shared/auth/admin-directory.ts).
      generateSecret: false,
      preventUserExistenceErrors: true,
      readAttributes: readable,
      writeAttributes: writable,
      idTokenValidity: Duration.minutes(60),
      accessTokenValidity: Duration.minutes(60),
      refreshTokenValidity: Duration.days(1),
      enableTokenRevocation: true,
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'adminAPISecret is a machine credential issued with the legacy API key, not a human password: length (12+) with lower case, digits and symbols is enforced, upper case is not, so existing secrets migrate unchanged.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The legacy login (POST /API/auth/V1/login.json with adminAPIKey/adminAPISecret) has no second-factor step in the spec; sign-in attempts are limited per IP by WAF and by the login lockout of DESIGN.md (failures per IP and key, counted in the table).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "Plus-tier threat protection judges sign-ins by the caller's IP and device, but every sign-in comes from the login Lambda, so its risk signals would be meaningless; lockout is the handler's job (DESIGN.md, Limits).",
      },
    );
  }
}
