/**
 * The tokens the local stand-in provider issues (accounting-provider.ts) and its QuickBooks API stand-in
 * (quickbooks-stand-in.ts) accepts, as Intuit documents them
 * (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/faq):
 * an access token lives an hour; a refresh token is spent when used (the answer carries the one to keep) and
 * is refused with `invalid_grant` once spent, revoked or expired. Tests and a developer can expire the access
 * tokens (the next API call is a 401) and revoke the refresh tokens (the company's admin disconnected the app)
 * through the stand-in's control endpoint.
 */
import { randomBytes } from 'node:crypto';

export const ACCESS_SECONDS = 3600;
/** 100 days (Intuit's `x_refresh_token_expires_in`). */
export const REFRESH_SECONDS = 8_726_400;

export interface Issued {
  realmId: string;
  expires: number;
}

const access = new Map<string, Issued>();
const refresh = new Map<string, Issued>();
/** Refresh grants answered (a test checks a mid-batch expiry costs one). */
let refreshes = 0;
/** Told of every change (quickbooks-stand-in.ts keeps the tokens with the books across restarts). */
let changed: (() => void) | undefined;

export const whenTokensChange = (listener: () => void): void => {
  changed = listener;
};

export interface TokenAnswer {
  token_type: 'bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
}

/** A new pair for a company (after a code exchange or a refresh). */
export function issueTokens(realmId: string): TokenAnswer {
  const now = Date.now();
  const answer: TokenAnswer = {
    token_type: 'bearer',
    access_token: `local-access-${randomBytes(24).toString('hex')}`,
    refresh_token: `local-refresh-${randomBytes(24).toString('hex')}`,
    expires_in: ACCESS_SECONDS,
    x_refresh_token_expires_in: REFRESH_SECONDS,
  };
  access.set(answer.access_token, { realmId, expires: now + ACCESS_SECONDS * 1000 });
  refresh.set(answer.refresh_token, { realmId, expires: now + REFRESH_SECONDS * 1000 });
  changed?.();
  return answer;
}

/** The refresh grant: a new pair, the refresh token sent spent; undefined is `invalid_grant`. */
export function refreshWith(refreshToken: string): TokenAnswer | undefined {
  const issued = refresh.get(refreshToken);
  refresh.delete(refreshToken);
  changed?.();
  if (!issued || issued.expires < Date.now()) return undefined;
  refreshes++;
  return issueTokens(issued.realmId);
}

/** The company an access token opens, or undefined (unknown, expired or revoked: a 401). */
export function companyOfAccessToken(token: string): string | undefined {
  const issued = access.get(token);
  return issued && issued.expires > Date.now() ? issued.realmId : undefined;
}

/** Every access token issued so far expires now (the next API call is a 401). */
export function expireAccessTokens(): void {
  for (const issued of access.values()) issued.expires = 0;
  changed?.();
}

/** Every token is revoked (the company disconnected the app): the next refresh is `invalid_grant`. */
export function revokeTokens(): void {
  access.clear();
  refresh.clear();
  changed?.();
}

export const refreshCount = (): number => refreshes;

/** The tokens as a runtime keeps them across restarts (quickbooks-stand-in.ts saves them with the books). */
export interface TokenSnapshot {
  access: [string, Issued][];
  refresh: [string, Issued][];
}

export const tokenSnapshot = (): TokenSnapshot => ({ access: [...access], refresh: [...refresh] });

export function restoreTokens(snapshot: TokenSnapshot): void {
  for (const [token, issued] of snapshot.access) access.set(token, issued);
  for (const [token, issued] of snapshot.refresh) refresh.set(token, issued);
}
