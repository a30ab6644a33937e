/**
 * The "autopay is on" mail (docs/messages.md, docs/tenant-portal.md "What autopay charges"): the tenant as they
 * are when the job sends it — autopay still on (turned off meanwhile: nothing is sent) — and what autopay will
 * and will not charge of their open invoices, with the payment links: the tenant, their invoices (one Query),
 * the watches of their open rent (one BatchGetItem) and a payment link per invoice it leaves.
 */
import { getTenant } from '../../shared/data/tenants-repo.js';
import { autopayOn } from '../../shared/domain/messages/templates/autopay-on.js';
import { autopayReachOf } from '../../shared/workflows/tenants/autopay-reach.js';
import type { Composed, MailContext } from './compose-types.js';

export async function autopayOnOf(recordId: string, ctx: MailContext): Promise<Composed | undefined> {
  const tenant = /^[1-9]\d{0,9}$/.test(recordId) ? await getTenant(Number(recordId)) : undefined;
  if (!tenant?.autopay || !tenant.tenantEmail) return undefined;
  const reach = await autopayReachOf(tenant, ctx.now);
  const mail = autopayOn(ctx.site, {
    firstName: tenant.tenantFirstName,
    brand: tenant.autopay.brand,
    last4: tenant.autopay.last4,
    ...reach,
  });
  return { to: tenant.tenantEmail, recordType: 'tenant', recordId: String(tenant.tenantId), mail };
}
