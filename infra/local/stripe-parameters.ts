/**
 * The parameters each of the stand-in's POSTs takes. Stripe refuses a parameter it does not know with a 400
 * `parameter_unknown` naming it in `param` ("Received unknown parameter: foo";
 * https://docs.stripe.com/error-codes/parameter-unknown, https://docs.stripe.com/api/errors). The lists below
 * are the parameters of each endpoint's reference page that the stand-in implements; a parameter Stripe has and
 * the stand-in does not implement is refused too, so no test ever passes on a parameter the stand-in would
 * silently ignore (the contract suite, test/stripe-contract.test.ts, runs the same calls at Stripe). A GET's query
 * string is read the same way: Stripe refuses an unknown query parameter alike.
 */
import { type Answer, stripeError } from './stripe-intent-rules.js';

/** A parameter's shape: a scalar, a list (`a[0]`), a hash of free keys (`metadata[x]`), or named fields. */
type Shape = 'scalar' | 'list' | 'hash' | { readonly [field: string]: Shape };

type Fields = { readonly [field: string]: Shape };

const METADATA: Shape = 'hash';
const AUTOMATIC: Shape = { enabled: 'scalar', allow_redirects: 'scalar' };
/** Stripe.js sends the publishable key as `key` in the body of the calls it makes from a page. */
const FROM_A_PAGE = { client_secret: 'scalar', key: 'scalar' } as const;

/** https://docs.stripe.com/api/payment_intents/create */
const CREATE_PAYMENT_INTENT: Fields = {
  expand: 'list',
  amount: 'scalar',
  currency: 'scalar',
  automatic_payment_methods: AUTOMATIC,
  allowed_payment_method_types: 'list',
  payment_method_types: 'list',
  customer: 'scalar',
  description: 'scalar',
  metadata: METADATA,
  receipt_email: 'scalar',
  payment_method: 'scalar',
  confirm: 'scalar',
  off_session: 'scalar',
  return_url: 'scalar',
};

/** https://docs.stripe.com/api/payment_intents/update */
const UPDATE_PAYMENT_INTENT: Fields = {
  expand: 'list',
  amount: 'scalar',
  customer: 'scalar',
  description: 'scalar',
  metadata: METADATA,
  receipt_email: 'scalar',
  payment_method: 'scalar',
};

/** https://docs.stripe.com/api/payment_intents/confirm */
const CONFIRM_PAYMENT_INTENT: Fields = {
  expand: 'list',
  payment_method: 'scalar',
  return_url: 'scalar',
  off_session: 'scalar',
  receipt_email: 'scalar',
  ...FROM_A_PAGE,
};

/** https://docs.stripe.com/api/payment_intents/cancel */
const CANCEL_PAYMENT_INTENT: Fields = { cancellation_reason: 'scalar', expand: 'list' };

/** https://docs.stripe.com/api/customers/create */
const CREATE_CUSTOMER: Fields = {
  expand: 'list',
  email: 'scalar',
  name: 'scalar',
  description: 'scalar',
  metadata: METADATA,
};

/** https://docs.stripe.com/api/setup_intents/create */
const CREATE_SETUP_INTENT: Fields = {
  expand: 'list',
  customer: 'scalar',
  usage: 'scalar',
  description: 'scalar',
  metadata: METADATA,
  automatic_payment_methods: AUTOMATIC,
  payment_method_types: 'list',
};

/** https://docs.stripe.com/api/setup_intents/confirm */
const CONFIRM_SETUP_INTENT: Fields = {
  payment_method: 'scalar',
  return_url: 'scalar',
  expand: 'list',
  ...FROM_A_PAGE,
};

/** https://docs.stripe.com/api/refunds/create */
const CREATE_REFUND: Fields = {
  expand: 'list',
  payment_intent: 'scalar',
  amount: 'scalar',
  reason: 'scalar',
  metadata: METADATA,
};

/**
 * A retrieve (`GET /v1/<objects>/<id>`) takes `expand` (https://docs.stripe.com/api/expanding_objects), and an
 * intent's also the `client_secret` Stripe.js sends with the publishable key
 * (https://docs.stripe.com/api/payment_intents/retrieve).
 */
const RETRIEVE: Fields = { expand: 'list' };
const RETRIEVE_INTENT: Fields = { expand: 'list', ...FROM_A_PAGE };

/** The query parameters of a GET path the stand-in serves. */
function queryParametersOf(path: string): Fields | undefined {
  const [, kind] = /^\/v1\/(\w+)\/\w+$/.exec(path) ?? [];
  if (kind === 'payment_intents' || kind === 'setup_intents') return RETRIEVE_INTENT;
  if (kind === 'customers' || kind === 'payment_methods') return RETRIEVE;
  return undefined;
}

/** The parameters of a POST path the stand-in serves (undefined: a path it does not serve). */
export function parametersOf(path: string): Fields | undefined {
  if (path === '/v1/payment_intents') return CREATE_PAYMENT_INTENT;
  if (path === '/v1/customers') return CREATE_CUSTOMER;
  if (path === '/v1/setup_intents') return CREATE_SETUP_INTENT;
  if (path === '/v1/refunds') return CREATE_REFUND;
  const [, kind, action] =
    /^\/v1\/(payment_intents|setup_intents)\/\w+(?:\/(confirm|cancel))?$/.exec(path) ?? [];
  if (kind === 'payment_intents')
    return action === 'confirm'
      ? CONFIRM_PAYMENT_INTENT
      : action === 'cancel'
        ? CANCEL_PAYMENT_INTENT
        : UPDATE_PAYMENT_INTENT;
  if (kind === 'setup_intents' && action === 'confirm') return CONFIRM_SETUP_INTENT;
  return undefined;
}

/** The first parameter `params` has that `shape` does not know, in Stripe's `a[b]` spelling, or undefined. */
export function unknownParameter(
  params: Record<string, unknown>,
  shape: Fields,
  prefix = '',
): string | undefined {
  for (const [name, value] of Object.entries(params)) {
    const path = prefix ? `${prefix}[${name}]` : name;
    const field = shape[name];
    if (field === undefined) return path;
    const nested = value !== null && typeof value === 'object';
    if (field === 'scalar' && nested) return `${path}[${Object.keys(value)[0] ?? ''}]`;
    if (typeof field === 'object' && nested) {
      const inner = unknownParameter(value as Record<string, unknown>, field, path);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Stripe's refusal of the first unknown parameter of a POST's body or a GET's query, or undefined. */
export function refuseUnknownParameters(
  method: string,
  path: string,
  params: Record<string, unknown>,
): Answer | undefined {
  const shape = method === 'GET' ? queryParametersOf(path) : parametersOf(path);
  const unknown = shape && unknownParameter(params, shape);
  return unknown
    ? stripeError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${unknown}`,
        'parameter_unknown',
        unknown,
      )
    : undefined;
}
