/**
 * What each group's Lambda may do. Table access is derived from the group's routes (tableAccessOf): a group
 * whose routes only read — GETs without rate limits (counters) or idempotency (records), and sessions are
 * only read outside the login routes, which are POSTs — gets read-only table access; any other writes.
 * Secrets are derived from the routes too (secretsOf). Beyond that a group gets a grant, and the environment
 * variables that go with it, only when it is listed here, so a group holds no permission it never uses.
 *
 * test/stack.test.ts bundles every group's handler (esbuild metafile) and checks this table against the
 * shared modules the group actually imports (CAPABILITY_MODULES), so a slice that starts sending mail and
 * forgets its line here fails the test instead of failing in the cloud with AccessDenied.
 */
import type { RouteContract } from '../../shared/http/route.js';
import type { SecretName } from '../../shared/secrets.js';

export interface GroupAccess {
  /** Signs admins in against the Cognito user pool (InitiateAuth, USER_PASSWORD_AUTH). Env: ADMIN_USER_POOL_ID, ADMIN_USER_POOL_CLIENT_ID. */
  readonly adminSignIn?: boolean;
  /** Sends mail through SES with the stack's identity and configuration set. Env: MAIL_FROM, MAIL_CONFIGURATION_SET. */
  readonly sendsMail?: boolean;
  /** Encrypts or decrypts tenant contact fields under the KMS-wrapped data key. Env: DATA_KEY_KMS_KEY_ID. */
  readonly usesDataKey?: boolean;
  /** Signs and checks built-in CAPTCHA tokens. Env: CAPTCHA_SECRET_SECRET_ARN (read at run time, shared/secrets.ts). */
  readonly verifiesCaptcha?: boolean;
  /**
   * Calls Stripe with the secret key: PaymentIntents (the payment script, autopay charges), Customers and
   * SetupIntents (autopay setup), PaymentMethods (the webhook reads a saved method's brand and last 4).
   * Env: STRIPE_SECRET_KEY_SECRET_ARN (read at run time).
   */
  readonly chargesCards?: boolean;
  /**
   * Exchanges OAuth codes and refreshes tokens with the accounting provider, and calls its API. Env:
   * ACCOUNTING_CLIENT_ID, ACCOUNTING_API_URL …, ACCOUNTING_CLIENT_SECRET_SECRET_ARN (read at run time).
   */
  readonly accountingClient?: boolean;
}

export type Capability = keyof GroupAccess;

/** The shared module whose presence in a group's bundle means the group needs the capability. */
export const CAPABILITY_MODULES: Readonly<Record<Capability, string>> = {
  adminSignIn: 'shared/auth/admin-directory.ts',
  sendsMail: 'shared/mail.ts',
  usesDataKey: 'shared/crypto/key-source.ts',
  verifiesCaptcha: 'shared/captcha/builtin.ts',
  chargesCards: 'shared/payments/stripe-api.ts',
  accountingClient: 'functions/accounting/provider.ts',
};

export const GROUP_ACCESS: Readonly<Record<string, GroupAccess>> = {
  auth: { adminSignIn: true },
  // Registration sends the activation mail, encrypts tenant contact fields and accepts the site's CAPTCHA.
  publicAuth: { sendsMail: true, usesDataKey: true, verifiesCaptcha: true },
  // The admin tenant views and writes decrypt and encrypt contact fields.
  adminTenants: { usesDataKey: true },
  // The single invoice shows its payment link, whose token is kept sealed for staff; the groups with
  // Idempotency-Key routes seal the answers they keep (shared/http/idempotent-run.ts).
  adminInvoices: { usesDataKey: true },
  adminExpenses: { usesDataKey: true },
  adminPayments: { usesDataKey: true },
  // Contact form and booking accept the built-in CAPTCHA; contact also opens the provider's sealed secret key.
  siteContact: { verifiesCaptcha: true, usesDataKey: true },
  // The CAPTCHA provider's secret key is stored sealed under the data key.
  adminSettings: { usesDataKey: true },
  // Guest booking accepts the site's CAPTCHA and creates the guest's tenant with encrypted contact fields.
  publicBooking: { verifiesCaptcha: true, usesDataKey: true },
  // The payment script creates the invoice's PaymentIntent with the Stripe secret key; the answer it keeps for
  // an Idempotency-Key (with the client secret) is sealed.
  payments: { chargesCards: true, usesDataKey: true },
  // Autopay setup makes the tenant's Stripe Customer and SetupIntent; what autopay leaves to pay is answered with
  // each invoice's payment link, whose token is kept sealed.
  tenantPortal: { chargesCards: true, usesDataKey: true },
  // The rent run charges tenants' saved methods off-session (autopay) with the Stripe secret key.
  adminLeases: { chargesCards: true },
  // setup_intent.succeeded reads the saved PaymentMethod's brand and last 4 from Stripe.
  paymentWebhook: { chargesCards: true },
  // The accounting connection's tokens are sealed under the data key; the code exchange and the sync's token
  // refresh use the client secret; the sync job mails the super admins when the connection needs a new consent.
  accounting: { usesDataKey: true, accountingClient: true, sendsMail: true },
  // Webhook signing secrets are stored sealed under the data key (the delivery jobs open them to sign).
  adminWebhooks: { usesDataKey: true },
  // The export token is kept sealed under the data key for admins (the public ical group only compares hashes).
  adminIcal: { usesDataKey: true },
  // The reservation workflow makes a guest's tenant (contact fields sealed under the data key): the channel's
  // guests, and any stay an admin writes through the same workflow.
  channel: { usesDataKey: true },
  adminReservations: { usesDataKey: true },
  // The message jobs mail guests and landlords; a confirmation carries its payment link, whose token is sealed.
  adminMessages: { sendsMail: true, usesDataKey: true },
};

export function accessOf(group: string): GroupAccess {
  return GROUP_ACCESS[group] ?? {};
}

export type TableAccess = 'read' | 'readWrite';

/** Read-only unless a route writes: a non-GET, a rate limit (its counter item) or idempotency (its record). */
export function tableAccessOf(routes: readonly RouteContract[]): TableAccess {
  const writes = routes.some(
    (r) => r.method !== 'GET' || (r.rateLimits?.length ?? 0) > 0 || r.idempotency !== undefined,
  );
  return writes ? 'readWrite' : 'read';
}

/** The secrets a group reads at run time: from its declared access and its routes' auth kinds. */
export function secretsOf(access: GroupAccess, routes: readonly RouteContract[]): SecretName[] {
  const names = new Set<SecretName>();
  if (access.verifiesCaptcha) names.add('CAPTCHA_SECRET');
  if (access.chargesCards) names.add('STRIPE_SECRET_KEY');
  if (access.accountingClient) names.add('ACCOUNTING_CLIENT_SECRET');
  for (const { auth } of routes) {
    if (auth.kind === 'csrf') names.add('CSRF_SECRET');
    if (auth.kind === 'webhook' && auth.verifier === 'channel') names.add('CHANNEL_WEBHOOK_SECRET');
    if (auth.kind === 'webhook' && auth.verifier === 'stripe') names.add('STRIPE_WEBHOOK_SECRET');
  }
  return [...names].sort();
}
