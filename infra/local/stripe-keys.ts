/**
 * Stripe's authentication as the stand-in (stripe-stand-in.ts) keeps it (https://docs.stripe.com/api/authentication,
 * https://docs.stripe.com/keys): every request carries a key, a secret key (`sk_…`) as a Bearer token or as the
 * user name of HTTP Basic auth ("Provide your API key as the basic auth username value"), or, from a
 * page as Stripe.js does, the publishable key (`pk_…`, as Bearer or the body's `key`), which may only confirm the
 * PaymentIntent or SetupIntent whose `client_secret` comes with it. A `client_secret` alone, with no key, is
 * refused (401).
 */
import { type Answer, stripeError } from './stripe-intent-rules.js';

type ConfirmedKind = 'payment_intents' | 'setup_intents';

const bearerKey = (authorization: string | undefined) => /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];

/** HTTP Basic auth: the key as the user name, no password ("sk_test_…:" in base64), as curl's `-u` sends it. */
function basicKey(authorization: string | undefined): string | undefined {
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const user = Buffer.from(encoded, 'base64').toString('utf8').split(':')[0];
  return user || undefined;
}

/** Stripe's refusal of the request's key, or undefined when the key may make it. */
export function unauthorized(
  authorization: string | undefined,
  method: string,
  path: string,
  params: Record<string, unknown>,
  clientSecretOf: (kind: ConfirmedKind, id: string) => string | null | undefined,
): Answer | undefined {
  const key =
    bearerKey(authorization) ??
    basicKey(authorization) ??
    (typeof params.key === 'string' ? params.key : undefined);
  if (key === undefined)
    return stripeError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  if (/^sk_\w+$/.test(key)) return undefined;
  if (!/^pk_test_\w+$/.test(key))
    return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}…`);
  const [, kind, id] = /^\/v1\/(payment_intents|setup_intents)\/(\w+)\/confirm$/.exec(path) ?? [];
  if (method !== 'POST' || !id || (kind !== 'payment_intents' && kind !== 'setup_intents'))
    return stripeError(
      401,
      'invalid_request_error',
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
    );
  const secret = clientSecretOf(kind, id);
  if (secret === undefined || secret === params.client_secret) return undefined;
  return stripeError(
    400,
    'invalid_request_error',
    `The client_secret provided does not match any associated ${kind === 'payment_intents' ? 'PaymentIntent' : 'SetupIntent'} on this account.`,
    'parameter_invalid_string',
    'client_secret',
  );
}
