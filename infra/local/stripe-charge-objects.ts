/**
 * The money objects around a paid PaymentIntent that the Stripe stand-in answers and announces (its charge, a
 * refund, a dispute), each the installed SDK's full type like those of stripe-objects.ts:
 * https://docs.stripe.com/api/charges/object, https://docs.stripe.com/api/refunds/object,
 * https://docs.stripe.com/api/disputes/object.
 */
import type Stripe from 'stripe';
import { idOf, localId, now } from './stripe-objects.js';

/** The charge of a succeeded PaymentIntent, `amount_refunded` of it refunded (cumulative, as Stripe counts). */
export function chargeObject(intent: Stripe.PaymentIntent, amountRefunded: number): Stripe.Charge {
  return {
    id: `ch_${intent.id.slice(3)}`,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: amountRefunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: true,
    created: intent.created,
    currency: intent.currency,
    customer: idOf(intent.customer),
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: intent.id,
    payment_method: idOf(intent.payment_method),
    payment_method_details: null,
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: amountRefunded >= intent.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

/** A refund of (part of) a succeeded PaymentIntent's charge; card refunds succeed at once in test mode. */
export function refundObject(
  intent: Stripe.PaymentIntent,
  amount: number,
  reason: Stripe.Refund.Reason | null,
  metadata: Stripe.Metadata,
): Stripe.Refund {
  return {
    id: localId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: `ch_${intent.id.slice(3)}`,
    created: now(),
    currency: intent.currency,
    customer: idOf(intent.customer),
    customer_account: null,
    metadata,
    payment_intent: intent.id,
    payment_method: idOf(intent.payment_method),
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** A dispute of a succeeded PaymentIntent's charge, as `charge.dispute.*` events carry it. */
export function disputeObject(
  intent: Stripe.PaymentIntent,
  status: Stripe.Dispute.Status,
  reason: string,
): Stripe.Dispute {
  return {
    id: `dp_${intent.id.slice(3)}`,
    object: 'dispute',
    amount: intent.amount,
    balance_transactions: [],
    charge: `ch_${intent.id.slice(3)}`,
    created: now(),
    currency: intent.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: now() + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason,
    status,
  };
}
