/**
 * The sync's access token (docs/accounting.md "Tokens"): the stored one while it has more than
 * REFRESH_MARGIN_MS to live, else a refresh before the request. A 401 from the API (QuickBooks revoked or
 * expired it early) refreshes once, whatever number of requests got it at the same moment: they wait for the
 * same refresh. The rotated refresh token is stored at once, conditioned on the version read, so the spent one
 * is never used again. A refused refresh marks the connection as needing consent and tells staff
 * (consent-notice.ts); the run then stops and every record keeps waiting.
 */
import { markNeedsConsent } from '../../shared/data/accounting-connection-repo.js';
import { getTokens, saveRefreshedTokens } from '../../shared/data/accounting-repo.js';
import { log } from '../../shared/log.js';
import { tellStaffConsentNeeded } from './consent-notice.js';
import { ConsentNeeded, providerSettings, refreshTokens } from './provider.js';

/** Refresh when the access token has less than this to live. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export class AccessTokens {
  private token: string | undefined;
  private expiresAt = 0;
  private version = 0;
  private refreshing: Promise<string> | undefined;
  /** How many refreshes this source made (logged with the run). */
  refreshes = 0;

  constructor(private readonly clock: () => Date) {}

  /** A token that lives at least REFRESH_MARGIN_MS more. */
  async current(): Promise<string> {
    if (this.token && this.expiresAt - this.clock().getTime() > REFRESH_MARGIN_MS) return this.token;
    if (this.refreshing) return this.refreshing;
    const stored = await getTokens();
    if (!stored) throw new ConsentNeeded('the connection was removed');
    this.token = stored.accessToken;
    this.version = stored.tokenVersion;
    this.expiresAt = Date.parse(stored.accessExpiresAt);
    if (this.expiresAt - this.clock().getTime() > REFRESH_MARGIN_MS) return this.token;
    return this.refresh();
  }

  /** After a 401 with `failed`: one refresh for all who got it, or the token another refresh brought. */
  async afterUnauthorized(failed: string): Promise<string> {
    if (this.refreshing) return this.refreshing;
    if (this.token && this.token !== failed) return this.token;
    return this.refresh();
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<string> {
    const stored = await getTokens();
    if (!stored) throw new ConsentNeeded('the connection was removed');
    // Another run refreshed since this one read: its token is the one to use.
    if (stored.tokenVersion !== this.version && stored.accessToken !== this.token) {
      this.adopt(stored.accessToken, Date.parse(stored.accessExpiresAt), stored.tokenVersion);
      return stored.accessToken;
    }
    const now = this.clock();
    let answer: Awaited<ReturnType<typeof refreshTokens>>;
    try {
      answer = await refreshTokens(providerSettings(), stored.refreshToken);
    } catch (error) {
      if (error instanceof ConsentNeeded) await this.consentNeeded(error, stored.tokenVersion, now);
      throw error;
    }
    this.refreshes++;
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    const expiry = {
      accessExpiresAt: at(answer.expiresInSeconds),
      refreshExpiresAt: answer.refreshExpiresInSeconds === null ? null : at(answer.refreshExpiresInSeconds),
    };
    const kept = await saveRefreshedTokens(
      { accessToken: answer.accessToken, refreshToken: answer.refreshToken },
      expiry,
      stored.tokenVersion,
    );
    if (!kept) {
      // A new consent (or another refresh) replaced the tokens meanwhile: theirs are the stored ones.
      const now2 = await getTokens();
      if (!now2) throw new ConsentNeeded('the connection was removed');
      this.adopt(now2.accessToken, Date.parse(now2.accessExpiresAt), now2.tokenVersion);
      return now2.accessToken;
    }
    log('info', 'accounting access token refreshed', { accessExpiresAt: expiry.accessExpiresAt });
    this.adopt(answer.accessToken, Date.parse(expiry.accessExpiresAt), stored.tokenVersion + 1);
    return answer.accessToken;
  }

  private adopt(token: string, expiresAt: number, version: number) {
    this.token = token;
    this.expiresAt = expiresAt;
    this.version = version;
  }

  private async consentNeeded(error: ConsentNeeded, version: number, now: Date) {
    const first = await markNeedsConsent(error.reason, version, now);
    log('error', 'accounting connection needs consent', { reason: error.reason, first });
    if (first) await tellStaffConsentNeeded(error.reason, now);
  }
}
