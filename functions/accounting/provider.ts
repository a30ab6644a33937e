/**
 * The accounting provider's OAuth 2.0 endpoints (DESIGN.md "Accounting authorization start"): settings from
 * the environment with QuickBooks Online's defaults, the client secret from shared/secrets.ts, and the code
 * exchange at the token URL with HTTP basic client authentication (as QuickBooks asks). Locally the runtime's
 * stand-in provider answers (infra/local/accounting-provider.ts), configured through the same variables.
 */
import { QUICKBOOKS_API_HOSTS } from '../../shared/domain/accounting/qbo-types.js';
import { AppError, BadRequest, ServiceUnavailable } from '../../shared/errors.js';
import { log } from '../../shared/log.js';
import { secret } from '../../shared/secrets.js';

export const QUICKBOOKS = {
  authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
  tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
  scope: 'com.intuit.quickbooks.accounting',
  /** The Accounting API's production host (a sandbox company's: QUICKBOOKS_API_HOSTS.sandbox). */
  apiUrl: QUICKBOOKS_API_HOSTS.production,
} as const;

/** ACCOUNTING_API_URL: the Accounting API's base (a sandbox, the local stand-in, a test's server). */
export const accountingApiUrl = (): string =>
  (env('ACCOUNTING_API_URL') ?? QUICKBOOKS.apiUrl).replace(/\/+$/, '');

export const CALLBACK_PATH = '/API/accounting/oauth-callback.php';
const EXCHANGE_TIMEOUT_MS = 10_000;

export interface ProviderSettings {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  scope: string;
  redirectUri: string;
}

const env = (name: string) => process.env[name] || undefined;

/** The provider's settings; without a client id the integration is not configured (503, as Stripe's). */
export function providerSettings(): ProviderSettings {
  const clientId = env('ACCOUNTING_CLIENT_ID');
  const base = env('PUBLIC_BASE_URL');
  if (!clientId || !base)
    throw new ServiceUnavailable(
      'The accounting integration is not configured (ACCOUNTING_CLIENT_ID and the client secret)',
    );
  return {
    authorizeUrl: env('ACCOUNTING_AUTHORIZE_URL') ?? QUICKBOOKS.authorizeUrl,
    tokenUrl: env('ACCOUNTING_TOKEN_URL') ?? QUICKBOOKS.tokenUrl,
    clientId,
    scope: env('ACCOUNTING_SCOPE') ?? QUICKBOOKS.scope,
    redirectUri: new URL(CALLBACK_PATH, base).href,
  };
}

/** Where the admin's browser goes to consent. */
export function authorizeUrl(settings: ProviderSettings, state: string): string {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', settings.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', state);
  return url.href;
}

/** The provider failed or answered something unusable: the 502 of a gateway, detail kept out of the answer. */
export class ProviderFailed extends AppError {
  constructor(detail: string) {
    super(502, 'Bad Gateway', detail);
  }
}

export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  refreshExpiresInSeconds: number | null;
}

/** A POST to the token endpoint with HTTP basic client authentication; the answer's status and text. */
async function tokenRequest(settings: ProviderSettings, form: Record<string, string>) {
  const clientSecret = await secret('ACCOUNTING_CLIENT_SECRET');
  if (!clientSecret)
    throw new ServiceUnavailable('The accounting integration is not configured (ACCOUNTING_CLIENT_SECRET)');
  const basic = Buffer.from(`${settings.clientId}:${clientSecret}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
  } catch (error) {
    log('error', 'accounting token endpoint unreachable', { error: (error as Error).message });
    throw new ProviderFailed('The accounting provider could not be reached');
  }
  return { status: response.status, text: await response.text() };
}

/** Exchanges an authorization code for tokens (RFC 6749 4.1.3, client_secret_basic). */
export async function exchangeCode(settings: ProviderSettings, code: string): Promise<TokenAnswer> {
  const { status, text } = await tokenRequest(settings, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: settings.redirectUri,
  });
  const refusal = status === 400 ? oauthError(text) : undefined;
  if (refusal?.error === 'invalid_grant') {
    // RFC 6749 5.2: the code is spent (used once already), expired or issued for another redirect_uri. The
    // admin can do something about it (start again), so it is their 400, not a gateway's 502.
    const reason = refusal.description ? `${refusal.error}: ${refusal.description}` : refusal.error;
    throw new BadRequest(
      `The accounting provider refused the authorization code (${reason}): it is used, expired or not this app's. Start again (oauth-start.php)`,
      [{ field: 'code', message: `refused by the provider (${reason})` }],
    );
  }
  if (status < 200 || status >= 300) {
    log('error', 'accounting token exchange refused', { status, body: text.slice(0, 300) });
    throw new ProviderFailed(`The accounting provider refused the code (${status})`);
  }
  return tokenAnswer(text);
}

/** An OAuth error answer's `error` and `error_description` (RFC 6749 5.2), cut short; undefined if not one. */
function oauthError(text: string): { error: string; description?: string } | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.error !== 'string' || !/^[\w.-]{1,64}$/.test(body.error)) return undefined;
    const description =
      typeof body.error_description === 'string' ? body.error_description.slice(0, 200) : undefined;
    return { error: body.error, ...(description ? { description } : {}) };
  } catch {
    return undefined;
  }
}

/** The provider refused the refresh token (`invalid_grant`: revoked, expired or already used): a new consent is needed. */
export class ConsentNeeded extends Error {
  constructor(readonly reason: string) {
    super(`the accounting connection needs a new consent: ${reason}`);
  }
}

/**
 * A new access token for the refresh token (RFC 6749 6). The answer's refresh token replaces the one sent,
 * which is spent: access tokens live an hour, refresh tokens 100 days from their last use
 * (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/faq ,
 * https://blogs.intuit.com/2024/06/03/oauth-token-management-done-the-right-way/).
 */
export async function refreshTokens(settings: ProviderSettings, refreshToken: string): Promise<TokenAnswer> {
  const { status, text } = await tokenRequest(settings, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
  if (status === 400 && /invalid_grant/.test(text))
    throw new ConsentNeeded(`the provider answered invalid_grant`);
  if (status < 200 || status >= 300) {
    log('error', 'accounting token refresh refused', { status, body: text.slice(0, 300) });
    throw new ProviderFailed(`The accounting provider refused the refresh (${status})`);
  }
  return tokenAnswer(text);
}

function tokenAnswer(text: string): TokenAnswer {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderFailed('The accounting provider answered something that is not JSON');
  }
  const { access_token, refresh_token, expires_in, x_refresh_token_expires_in } = body;
  if (
    typeof access_token !== 'string' ||
    typeof refresh_token !== 'string' ||
    !access_token ||
    !refresh_token
  )
    throw new ProviderFailed('The accounting provider answered without tokens');
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresInSeconds: Number.isFinite(Number(expires_in)) ? Number(expires_in) : 3600,
    refreshExpiresInSeconds: Number.isFinite(Number(x_refresh_token_expires_in))
      ? Number(x_refresh_token_expires_in)
      : null,
  };
}
