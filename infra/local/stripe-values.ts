/**
 * The values the Stripe stand-in's POSTs take (stripe-parameters.ts says which parameters), refused as Stripe
 * refuses them, each a 400 `invalid_request_error` naming the parameter in `param`:
 * - metadata: at most 50 keys, keys up to 40 characters, values up to 500 (https://docs.stripe.com/metadata;
 *   an update's keys count with the object's own);
 * - an enumeration's values only: `usage` on_session or off_session (https://docs.stripe.com/api/setup_intents/create),
 *   `automatic_payment_methods[allow_redirects]` always or never (https://docs.stripe.com/api/payment_intents/create),
 *   a refund's `reason` duplicate, fraudulent or requested_by_customer (https://docs.stripe.com/api/refunds/create)
 *   (a cancellation's `cancellation_reason`: stripe-intents.ts);
 * - a create's `return_url` and `off_session` only with `confirm=true`;
 * - a boolean is `true` or `false` ("Invalid boolean: yes"): `confirm`, `off_session` (on a confirm also
 *   `one_off` or `recurring`), `automatic_payment_methods[enabled]`;
 * - `currency` one of Stripe's (https://docs.stripe.com/currencies), in lower case;
 * - `amount` an integer written in digits ("Invalid integer: 1e3": `parameter_invalid_integer`) of at most
 *   eight digits (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts: 99,999,999 in the
 *   smallest unit; `amount_too_large`);
 * - an e-mail address (`receipt_email`, a Customer's `email`) that is one (`email_invalid`); empty unsets it.
 */
import { type Answer, stripeError } from './stripe-intent-rules.js';

/** Stripe's presentment currencies (https://docs.stripe.com/currencies#presentment-currencies). */
const CURRENCIES: ReadonlySet<string> = new Set(
  (
    'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf ' +
    'clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ' +
    'ils inr isk jmd jpy kes kgs khr kmf krw kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk ' +
    'mxn myr mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp ' +
    'sle sos srd std szl thb tjs top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw'
  ).split(' '),
);

export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;
const MAX_AMOUNT = 99_999_999;

const invalid = (message: string, param: string, code?: string): Answer =>
  stripeError(400, 'invalid_request_error', message, code, param);

const oneOf = (values: readonly string[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : String(values[0]);

function enumeration(value: unknown, param: string, values: readonly string[]): Answer | undefined {
  if (value === undefined || (typeof value === 'string' && values.includes(value))) return undefined;
  return invalid(`Invalid ${param}: must be one of ${oneOf(values)}`, param);
}

function boolean(value: unknown, param: string, also: readonly string[] = []): Answer | undefined {
  if (value === undefined || value === 'true' || value === 'false') return undefined;
  if (typeof value === 'string' && also.includes(value)) return undefined;
  return invalid(`Invalid boolean: ${String(value)}`, param);
}

/** Metadata as sent, against Stripe's limits; `existing` are the object's keys an update adds to. */
export function metadataRefusal(metadata: unknown, existing: readonly string[] = []): Answer | undefined {
  if (metadata === undefined || metadata === '') return undefined;
  if (typeof metadata !== 'object' || metadata === null)
    return invalid('Invalid object: metadata must be a hash of keys and values', 'metadata');
  const entries = Object.entries(metadata as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (key.length > METADATA_LIMITS.keyLength)
      return invalid(
        `Metadata keys can be at most ${METADATA_LIMITS.keyLength} characters long (${key.slice(0, 40)}…)`,
        `metadata[${key}]`,
      );
    if (typeof value !== 'string')
      return invalid('Invalid metadata: values must be strings', `metadata[${key}]`);
    if (value.length > METADATA_LIMITS.valueLength)
      return invalid(
        `Metadata values can be at most ${METADATA_LIMITS.valueLength} characters long (key ${key})`,
        `metadata[${key}]`,
      );
  }
  const kept = new Set(existing);
  for (const [key, value] of entries) value === '' ? kept.delete(key) : kept.add(key);
  if (kept.size > METADATA_LIMITS.keys)
    return invalid(
      `Metadata can have at most ${METADATA_LIMITS.keys} keys (it would have ${kept.size})`,
      'metadata',
    );
  return undefined;
}

/**
 * Metadata after an update (https://docs.stripe.com/api/metadata: "Individual keys can be unset by posting an
 * empty value to them. All keys can be unset by posting an empty value to metadata."); a create keeps no key
 * of empty value either.
 */
export function mergedMetadata(current: Record<string, string>, sent: unknown): Record<string, string> {
  if (sent === '') return {};
  const merged = { ...current };
  if (typeof sent !== 'object' || sent === null) return merged;
  for (const [key, value] of Object.entries(sent as Record<string, string>)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** An amount in the smallest unit as Stripe reads it: digits only, at most eight of them. */
export function amountRefusal(value: unknown, currency: string | undefined): Answer | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    return invalid(`Invalid integer: ${String(value)}`, 'amount', 'parameter_invalid_integer');
  if (Number(value) > MAX_AMOUNT)
    return invalid(
      `Amount must be no more than 999,999.99${currency ? ` ${currency}` : ''}`,
      'amount',
      'amount_too_large',
    );
  return undefined;
}

/** Stripe's test of an e-mail address, as far as it is documented: one `@`, a dotted domain, no spaces. */
const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function email(value: unknown, param: string): Answer | undefined {
  if (value === undefined || value === '' || (typeof value === 'string' && isEmail(value))) return undefined;
  return invalid(`Invalid email address: ${String(value)}`, param, 'email_invalid');
}

function currency(value: unknown): Answer | undefined {
  if (value === undefined || (typeof value === 'string' && CURRENCIES.has(value))) return undefined;
  return invalid(
    `Invalid currency: ${String(value)}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`,
    'currency',
    'parameter_invalid_string',
  );
}

/**
 * A create's `return_url` and `off_session` need `confirm=true` (https://docs.stripe.com/api/payment_intents/create
 * #create_payment_intent-return_url and -off_session: "This parameter can only be used with confirm=true").
 */
function onlyWithConfirm(params: Record<string, unknown>): Answer | undefined {
  const name = ['return_url', 'off_session'].find((n) => params[n] !== undefined);
  if (params.confirm === 'true' || !name) return undefined;
  return invalid(`The \`${name}\` parameter can only be used with \`confirm=true\`.`, name);
}

const automatic = (params: Record<string, unknown>) =>
  (params.automatic_payment_methods ?? {}) as Record<string, unknown>;

/** The first value of a POST's parameters that Stripe refuses, or undefined. */
export function refuseInvalidValues(path: string, params: Record<string, unknown>): Answer | undefined {
  const confirming = /\/confirm$/.test(path);
  const checks: (() => Answer | undefined)[] = [
    () => metadataRefusal(params.metadata),
    () =>
      enumeration(automatic(params).allow_redirects, 'automatic_payment_methods[allow_redirects]', [
        'always',
        'never',
      ]),
    () => boolean(automatic(params).enabled, 'automatic_payment_methods[enabled]'),
    () => boolean(params.confirm, 'confirm'),
    () => boolean(params.off_session, 'off_session', confirming ? ['one_off', 'recurring'] : []),
    () => email(params.receipt_email, 'receipt_email'),
    () => email(params.email, 'email'),
    () => currency(params.currency),
    () => amountRefusal(params.amount, typeof params.currency === 'string' ? params.currency : undefined),
  ];
  if (path === '/v1/setup_intents')
    checks.push(() => enumeration(params.usage, 'usage', ['on_session', 'off_session']));
  if (path === '/v1/payment_intents') checks.push(() => onlyWithConfirm(params));
  if (path === '/v1/refunds')
    checks.push(() =>
      enumeration(params.reason, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer']),
    );
  for (const check of checks) {
    const refused = check();
    if (refused) return refused;
  }
  return undefined;
}
