/**
 * Autopay on the tenant record (docs/tenant-portal.md "Autopay"; DESIGN.md "The LTR rent cycle"): the method
 * a tenant saved through a Stripe SetupIntent, which the rent run charges off-session on the due date, the
 * rule of which confirmed SetupIntent may turn it on, and the audit log's record of each step.
 */

import type { ChangeInput } from './change.js';
import { amountDueCents } from './money-document/figures.js';

/** The saved method: Stripe's PaymentMethod id, what the tenant sees of it, and since when it is on. */
export interface TenantAutopay {
  paymentMethodId: string;
  /** A card's brand (visa, mastercard …) or a bank account's bank name. */
  brand: string;
  last4: string;
  /** ISO time it was saved. */
  since: string;
}

/** A confirmed SetupIntent as the webhook reads it (setup_intent.succeeded). */
export interface ConfirmedSetup {
  /** Its Customer. */
  customerId: string | null;
  /** When Stripe created it (Unix seconds). */
  created: number;
}

/**
 * Why a confirmed SetupIntent may not turn this tenant's autopay on, or null. It must be for the tenant's own
 * Customer (the one autopay.json made), and begun no earlier than the second the tenant last turned autopay
 * off: a setup left open in another tab, or an event Stripe delivers days late, never turns it back on.
 * Stripe's `created` has whole seconds, so a setup begun in the same second as the DELETE is let through.
 */
export function setupRefusal(
  tenant: { stripeCustomerId?: string | undefined; autopayOffAt?: string | undefined },
  setup: ConfirmedSetup,
): string | null {
  if (!tenant.stripeCustomerId || setup.customerId !== tenant.stripeCustomerId) return 'otherCustomer';
  if (tenant.autopayOffAt && setup.created < Math.floor(Date.parse(tenant.autopayOffAt) / 1000))
    return 'setupBeforeAutopayOff';
  return null;
}

/** What `autopay.json` answers. */
export function autopayView(autopay: TenantAutopay | null | undefined) {
  return autopay
    ? { enabled: true, brand: autopay.brand, last4: autopay.last4, since: autopay.since }
    : { enabled: false, brand: null, last4: null, since: null };
}

/**
 * The audit log's actions of autopay (DESIGN.md "Audit log": a change of money's way is a state change of
 * money): a setup begun (`autopay.json` POST: a SetupIntent made, the tenant's Stripe Customer on the first),
 * the method saved by Stripe's `setup_intent.succeeded` (autopay on), and autopay turned off (DELETE).
 */
export type AutopayAction = 'autopaySetupStarted' | 'autopayOn' | 'autopayOff';

/** What an audit entry shows of autopay: the saved method (a Stripe id, never a card number), or null. */
const methodOf = (autopay: TenantAutopay | null | undefined) =>
  autopay
    ? {
        autopayMethod: autopay.paymentMethodId,
        autopayBrand: autopay.brand,
        autopayLast4: autopay.last4,
        autopaySince: autopay.since,
      }
    : { autopayMethod: null, autopayBrand: null, autopayLast4: null, autopaySince: null };

export interface AutopayChange {
  action: AutopayAction;
  tenantId: number;
  before: TenantAutopay | null | undefined;
  after: TenantAutopay | null | undefined;
  /** Other fields the step set: the SetupIntent begun, the Customer made, when autopay was turned off. */
  set?: Readonly<Record<string, string | undefined>>;
}

/** The change item of an autopay step (shared/data/changes-repo.ts changePart); announced to no one. */
export function autopayChange(c: AutopayChange): ChangeInput {
  const set = Object.fromEntries(Object.entries(c.set ?? {}).filter(([, value]) => value !== undefined));
  return {
    recordType: 'tenant',
    recordId: c.tenantId,
    action: c.action,
    before: methodOf(c.before),
    after: { ...methodOf(c.after), ...set },
  };
}

/** What autopay's reach reads of an invoice. */
export interface ReachInvoice {
  invoiceId: number;
  description: string;
  status: number;
  totalCents: number;
  paidCents?: number | undefined;
  returnedCents?: number | undefined;
}

/** Open: issued and unpaid (not a draft, not paid, closed or with a payment under way), something still due. */
const isOpen = (i: ReachInvoice): boolean => i.status === 0 && amountDueCents(i) > 0;

/**
 * What autopay will and will not charge of a tenant's invoices (docs/rent-cycle.md "Autopay"). The rent run
 * charges a RENT invoice once: in the first run of the site's today that finds it due, if autopay is on then
 * (a run that finds autopay off records it as considered, and no later run charges it). So of the open invoices
 * autopay will charge the RENT ones no run has considered yet (`awaiting`: their late-fee watch says so), and
 * leaves the others to the tenant's payment link: rent that fell due while autopay was off, late fees,
 * deposits, anything staff invoiced. While autopay is off it charges nothing.
 */
export function autopayReach<T extends ReachInvoice>(
  invoices: readonly T[],
  enabled: boolean,
  awaiting: ReadonlySet<number>,
): { willCharge: T[]; willNotCharge: T[] } {
  const open = invoices.filter(isOpen);
  const charged = (i: T) => enabled && i.description === 'RENT' && awaiting.has(i.invoiceId);
  return { willCharge: open.filter(charged), willNotCharge: open.filter((i) => !charged(i)) };
}

/** The open RENT invoices whose watch autopay's reach must read (`awaiting`). */
export const rentInvoiceIdsOf = (invoices: readonly ReachInvoice[]): number[] =>
  invoices.filter((i) => isOpen(i) && i.description === 'RENT').map((i) => i.invoiceId);
