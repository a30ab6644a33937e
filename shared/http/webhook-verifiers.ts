/**
 * Inbound webhook verifiers: a route with `auth: {kind: 'webhook', verifier}` names its verifier, and the
 * group's handler.ts gives createHttpHandler the function (`webhookVerifiers: {<name>: fn}`). So a verifier
 * lives with the group that receives the webhook (functions/channel/signature.ts,
 * functions/paymentWebhook/stripe-signature.ts) and only that group's bundle carries it; this module holds
 * no verifier, only their shape. The pipeline runs the verifier on the raw body before the body is parsed or
 * validated. A verifier answers 401 when the signature header is missing (no credentials) or does not match,
 * 400 when it is malformed, and returns when it matches.
 */
import { AppError } from '../errors.js';
import type { RouteContract } from './route.js';

/** The names a route contract may give; the CDK reads the secret each one needs (infra/cdk/group-access.ts). */
export type WebhookVerifierName = 'channel' | 'stripe';

export type Headers = Readonly<Record<string, string | undefined>>;
export type WebhookVerifier = (rawBody: string, headers: Headers, now: Date) => Promise<void>;

/** What a group gives createHttpHandler: the verifier of each name its webhook routes use. */
export type WebhookVerifiers = Readonly<Partial<Record<WebhookVerifierName, WebhookVerifier>>>;

/** 401 with a detail that says which check failed, never what was expected. */
export class BadSignature extends AppError {
  constructor(detail: string) {
    super(401, 'Unauthorized', detail);
  }
}

/**
 * Each webhook route's verifier by route id. A route whose verifier the group did not give fails the
 * Lambda's start (and test/registry.test.ts, which loads every group), never a request with a 500.
 */
export function verifiersByRoute(
  group: string,
  contracts: readonly RouteContract[],
  given: WebhookVerifiers,
): Map<string, WebhookVerifier> {
  const byRoute = new Map<string, WebhookVerifier>();
  for (const { id, auth } of contracts) {
    if (auth.kind !== 'webhook') continue;
    const verify = given[auth.verifier];
    if (!verify)
      throw new Error(
        `${group}: route ${id} is verified by '${auth.verifier}', which the group's createHttpHandler call does not give (webhookVerifiers)`,
      );
    byRoute.set(id, verify);
  }
  return byRoute;
}
