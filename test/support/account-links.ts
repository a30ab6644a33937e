/**
 * The account's mailed links as a test follows them (docs/tenants.md "Password reset", "Claiming a guest
 * record's stays"): ask for a reset, read the link the message job mailed, confirm it, open a claim link.
 */
import { type ApiResponse, Client, MAIL_URL, type SentMail } from './client.js';
import { jobsCaughtUp } from './jobs.js';

export const AUTH = '/API/publicAuth/V1';

/** Every mail the local SES holds for `to` (case-insensitive), oldest first. */
export async function mailsTo(to: string): Promise<SentMail[]> {
  const { emails } = (await (await fetch(`${MAIL_URL}/store`)).json()) as { emails: SentMail[] };
  return emails.filter((m) => m.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()));
}

/** The newest link in a mail to `to` that matches `pattern`, once the message jobs have sent what is due. */
export async function mailedLink(to: string, pattern: RegExp): Promise<URL> {
  await jobsCaughtUp();
  for (let tries = 0; tries < 50; tries++) {
    const links = (await mailsTo(to)).flatMap((m) => m.body.text?.match(pattern) ?? []);
    const last = links.at(-1);
    if (last) return new URL(last);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link like ${pattern}`);
}

export const RESET_LINK = /https?:\/\/\S+\/reset-password\?email=\S+&token=[\w-]{43}/g;
export const CLAIM_LINK = /https?:\/\/\S+\/claimBookings\.json\?token=[\w-]{43}/g;

export const askForReset = (email: string, client = new Client()): Promise<ApiResponse> =>
  client.post(`${AUTH}/passwordReset.json`, { email });

/** The e-mail and token of the newest reset link mailed to `email`. */
export async function resetLinkOf(email: string): Promise<{ email: string; token: string }> {
  const link = await mailedLink(email, RESET_LINK);
  return { email: String(link.searchParams.get('email')), token: String(link.searchParams.get('token')) };
}

export const confirmReset = (
  link: { email: string; token: string },
  password: string,
  client = new Client(),
): Promise<ApiResponse> => client.post(`${AUTH}/passwordReset/confirm.json`, { ...link, password });

/** Opens a claim link (its path and query) as `client`. */
export const openClaim = (link: URL, client: Client): Promise<ApiResponse> =>
  client.get(`${link.pathname}${link.search}`);
