/**
 * Configuration is read from the environment once, failing fast with the variable's name. Local and cloud
 * differ only here: the local runtime sets the AWS SDK's own endpoint variables (AWS_ENDPOINT_URL_DYNAMODB,
 * AWS_ENDPOINT_URL_SESV2, AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), never an `if (local)` in data access.
 */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

export function optionalEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function intEnv(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value))
    throw new Error(`Environment variable ${name} must be an integer, got "${raw}"`);
  return value;
}
