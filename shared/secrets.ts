/**
 * Secrets at run time (DESIGN.md "Security rules"): a secret never sits in the Lambda's configuration. The
 * environment names where it is, `<NAME>_SECRET_ARN`, and the value is read from Secrets Manager on first use
 * and cached for SECRET_MAX_AGE_SECONDS, so a rotated value is picked up within minutes without a redeploy.
 * The local runtime and tests set the value itself as `<NAME>` (infra/local/stand-ins.ts setLocalEnv): which
 * variable is set decides the source — configuration, not an `if (local)` in the code path.
 */
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ServiceUnavailable } from './errors.js';
import { log } from './log.js';
import { traced } from './tracer.js';

/** The secrets the functions read; the stack generates one Secrets Manager secret for each (constructs/app-secrets.ts). */
export const SECRET_NAMES = [
  'CAPTCHA_SECRET',
  'CSRF_SECRET',
  'CHANNEL_WEBHOOK_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ACCOUNTING_CLIENT_SECRET',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** How long a value read from Secrets Manager is used before it is read again (rotation reaches warm Lambdas). */
export const SECRET_MAX_AGE_SECONDS = 300;

/** The variable that carries the secret's ARN in the cloud. */
export const arnVariable = (name: SecretName) => `${name}_SECRET_ARN` as const;

/** Reads one secret by id with a cache of `maxAgeSeconds`; the default is Powertools' SecretsProvider. */
export interface SecretStore {
  get(secretId: string, maxAgeSeconds: number): Promise<string | undefined>;
}

function powertoolsStore(): SecretStore {
  const provider = new SecretsProvider({ awsSdkV3Client: traced(new SecretsManagerClient({})) });
  return {
    get: async (secretId, maxAge) => {
      const value = await provider.get(secretId, { maxAge });
      return typeof value === 'string' ? value : value ? Buffer.from(value).toString('utf8') : undefined;
    },
  };
}

let store: SecretStore | undefined;

/** Tests point the cloud path at a fake store. */
export function useSecretStore(next: SecretStore | undefined): void {
  store = next;
}

/**
 * The secret's value: env `<NAME>` when set, else Secrets Manager through `<NAME>_SECRET_ARN`, else undefined
 * (not configured: each caller decides what that means). A failed read is a 503, not a 500: the service
 * cannot answer now, and the caller (or the channel manager's retry) may try again.
 */
export async function secret(
  name: SecretName,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const direct = env[name];
  if (direct) return direct;
  const secretId = env[arnVariable(name)];
  if (!secretId) return undefined;
  store ??= powertoolsStore();
  try {
    return (await store.get(secretId, SECRET_MAX_AGE_SECONDS)) || undefined;
  } catch (error) {
    log('error', 'secret could not be read', { secret: name, error: (error as Error).message });
    throw new ServiceUnavailable('A configuration secret could not be read; please try again shortly');
  }
}
