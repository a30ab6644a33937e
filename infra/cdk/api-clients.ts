/**
 * Context apiClients: the keyed integrations (docs/cloud-stack.md "Rate limits"), each with its own API key
 * and usage plan (legacy-rest-api.ts). A usage plan throttles only methods that require an API key, so the
 * list needs requireApiKey: without it the keys would limit nothing, and synth says so.
 */
const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/**
 * A keyed client (an integration): its own API key and usage plan, throttled and given a quota on its own.
 * Usage plans act only on methods that require a key, so these exist only with requireApiKey.
 */
export interface ApiClientConfig {
  /** Letters, digits and dashes: the key's and plan's name end in it. */
  readonly name: string;
  /** Steady requests per second. */
  readonly rateLimit: number;
  /** Token bucket size (requests at once). */
  readonly burstLimit: number;
  /** Requests per day, when limited. */
  readonly quotaPerDay?: number;
}

const CLIENT_NAME = /^[A-Za-z0-9-]{1,40}$/;

/** Context apiClients: a list of {name, rateLimit, burstLimit, quotaPerDay?} (JSON text with -c). */
export function readApiClients(value: unknown, requireApiKey: boolean): ApiClientConfig[] {
  if (value === undefined || value === null || value === '') return [];
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list))
    throw new Error('Context apiClients is a list of {name, rateLimit, burstLimit, quotaPerDay}');
  if (list.length > 0 && !requireApiKey)
    throw new Error(
      'Context apiClients needs requireApiKey=true: a usage plan throttles only methods that require an API key, so without it the keys would limit nothing',
    );
  const names = new Set<string>();
  return list.map((raw: Record<string, unknown>) => {
    const name = textOf(raw?.name) ?? '';
    const rateLimit = Number(raw?.rateLimit);
    const burstLimit = Number(raw?.burstLimit);
    const quota = raw?.quotaPerDay === undefined ? undefined : Number(raw.quotaPerDay);
    if (!CLIENT_NAME.test(name) || name === 'website' || names.has(name))
      throw new Error(
        `Context apiClients: "${name}" must be a unique name of letters, digits and dashes (not "website")`,
      );
    if (!(rateLimit > 0) || !Number.isInteger(burstLimit) || burstLimit < 1)
      throw new Error(
        `Context apiClients ${name}: rateLimit (> 0) and burstLimit (a whole number ≥ 1) are required`,
      );
    if (quota !== undefined && (!Number.isInteger(quota) || quota < 1))
      throw new Error(`Context apiClients ${name}: quotaPerDay is a whole number ≥ 1`);
    names.add(name);
    return { name, rateLimit, burstLimit, ...(quota !== undefined ? { quotaPerDay: quota } : {}) };
  });
}
