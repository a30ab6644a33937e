/**
 * Admin identities live in a Cognito user pool (username = adminAPIKey, password = adminAPISecret, with
 * adminId, role and names as attributes). Locally the same calls go to cognito-local.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import { Unauthorized } from '../errors.js';
import { traced } from '../tracer.js';
import { roleFromCode } from './roles.js';

const cognito = traced(new CognitoIdentityProviderClient({}));

export interface AdminIdentity {
  adminId: number;
  roleCode: number;
  username: string;
  firstName: string;
  lastName: string;
}

/** Errors that mean "these credentials do not sign in"; cognito-local says InvalidPassword where AWS says NotAuthorized. */
const CREDENTIAL_ERRORS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

export async function verifyAdminCredentials(username: string, password: string): Promise<AdminIdentity> {
  let idToken: string | undefined;
  try {
    const result = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: requireEnv('ADMIN_USER_POOL_CLIENT_ID'),
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    idToken = result.AuthenticationResult?.IdToken;
  } catch (error) {
    if (CREDENTIAL_ERRORS.has((error as Error).name))
      throw new Unauthorized('Invalid admin API key or secret');
    throw error;
  }
  // A challenge (e.g. a forced password change) is not a completed sign-in.
  if (!idToken) throw new Unauthorized('Invalid admin API key or secret');
  return identityFromIdToken(idToken);
}

/** The ID token came straight from Cognito over TLS in answer to our own call, so its claims are read, not re-verified. */
export function identityFromIdToken(idToken: string): AdminIdentity {
  const payload = JSON.parse(
    Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, string>;
  const adminId = Number(payload['custom:adminId']);
  const roleCode = Number(payload['custom:role']);
  if (!Number.isInteger(adminId) || roleFromCode(roleCode) === undefined) {
    throw new Unauthorized('This identity is not set up as an admin');
  }
  return {
    adminId,
    roleCode,
    username: payload['cognito:username'] ?? '',
    firstName: payload.given_name ?? '',
    lastName: payload.family_name ?? '',
  };
}

/**
 * Creates (or resets) an admin identity with a permanent password; used by seeding. An existing identity gets
 * the given attributes too (a reload may change the role). The caller then moves the admin's credentials
 * version (shared/data/admins-repo.ts putAdminProfileEndingSessions), which ends earlier sessions.
 */
export async function upsertAdminIdentity(identity: AdminIdentity, password: string): Promise<void> {
  const UserPoolId = requireEnv('ADMIN_USER_POOL_ID');
  const UserAttributes = [
    { Name: 'given_name', Value: identity.firstName },
    { Name: 'family_name', Value: identity.lastName },
    { Name: 'custom:adminId', Value: String(identity.adminId) },
    { Name: 'custom:role', Value: String(identity.roleCode) },
  ];
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: identity.username,
        MessageAction: 'SUPPRESS',
        UserAttributes,
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'UsernameExistsException') throw error;
    await cognito.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId, Username: identity.username, UserAttributes }),
    );
  }
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: identity.username,
      Password: password,
      Permanent: true,
    }),
  );
}
