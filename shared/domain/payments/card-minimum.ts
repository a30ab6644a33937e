/**
 * The smallest amount Stripe charges to a card, per settlement currency
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts): below it Stripe refuses to create the
 * PaymentIntent (400 `amount_too_small`), so the payment page and autopay must not ask. Amounts in the smallest
 * unit of the currency, as Stripe takes them. A currency not listed has no known minimum here (Stripe decides).
 */
const MINIMUM_CENTS: Readonly<Record<string, number>> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};

/** Stripe's minimum card charge in `currency` (any case), or undefined when none is known. */
export const cardMinimumCents = (currency: string): number | undefined =>
  MINIMUM_CENTS[currency.toLowerCase()];

/** Whether `amountCents` is below Stripe's minimum card charge in `currency`. */
export const belowCardMinimum = (amountCents: number, currency: string): boolean => {
  const minimum = cardMinimumCents(currency);
  return minimum !== undefined && amountCents < minimum;
};
