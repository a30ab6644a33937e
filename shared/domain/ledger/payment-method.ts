/** How a payment was made (the payment item's `method`; docs/money.md). `card` is also what Stripe settles. */
export const PAYMENT_METHODS = ['card', 'cash', 'check', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
