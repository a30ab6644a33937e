/**
 * What the local QuickBooks stand-in (quickbooks-stand-in.ts) holds: each company's books, the answers of its
 * requestids (replayed), its requests under way and in the last minute (its limits), and, with a DATA_DIR, all
 * of it and the provider's tokens kept in `<DATA_DIR>/accounting-stand-in.json` across restarts of
 * `npm start`, so a connection and its books outlive them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { restoreTokens, type TokenSnapshot, tokenSnapshot, whenTokensChange } from './accounting-tokens.js';
import { type CompanySnapshot, QuickBooksCompany } from './quickbooks-company.js';

/** Answers kept for replay per company (QuickBooks keeps them long enough for an app's retries). */
export const REPLAYS_KEPT = 20_000;

export interface Answer {
  status: number;
  body: unknown;
}

export interface CompanyState {
  books: QuickBooksCompany;
  replays: Map<string, Answer>;
  inFlight: number;
  starts: number[];
}

export const companies = new Map<string, CompanyState>();

export function companyState(realmId: string): CompanyState {
  let state = companies.get(realmId);
  if (!state) {
    state = { books: new QuickBooksCompany(realmId), replays: new Map(), inFlight: 0, starts: [] };
    companies.set(realmId, state);
  }
  return state;
}

interface Saved {
  companies: (CompanySnapshot & { replays: [string, Answer][] })[];
  tokens: TokenSnapshot;
}

let savePath: string | undefined;
let saveTimer: NodeJS.Timeout | undefined;

/** Loads the stand-in's books and tokens from `path` (when there) and keeps them there from now on. */
export function keepQuickBooksStandIn(path: string): void {
  savePath = path;
  if (existsSync(path)) {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as Saved;
    for (const company of saved.companies)
      companies.set(company.realmId, {
        books: QuickBooksCompany.from(company),
        replays: new Map(company.replays),
        inFlight: 0,
        starts: [],
      });
    restoreTokens(saved.tokens);
  }
  whenTokensChange(changed);
}

export function changed(): void {
  if (!savePath || saveTimer) return;
  saveTimer = setTimeout(flushQuickBooksStandIn, 200);
  saveTimer.unref();
}

/** Writes what changed now (the runtime calls it when it stops). */
export function flushQuickBooksStandIn(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!savePath) return;
  const saved: Saved = {
    companies: [...companies.values()].map((c) => ({ ...c.books.snapshot(), replays: [...c.replays] })),
    tokens: tokenSnapshot(),
  };
  writeFileSync(savePath, JSON.stringify(saved));
}
