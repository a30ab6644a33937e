/**
 * A guest's tenant (DESIGN.md "A booking's tenant session"), the one way a stay from outside an account gets
 * its tenant, for the website's guest checkout and the channel manager alike: the tenant with the guest's
 * e-mail, or a new inactive tenant with no password (no one can log in with it; registering with the address
 * later takes it over with its stays, tenant.ts isReplaceableRegistration), as parts of the stay's own
 * transaction.
 */
import { sealFields } from '../../crypto/fields.js';
import { changePart } from '../../data/changes-repo.js';
import { insertTenantParts, tenantExistsPart, tenantIdByEmail } from '../../data/tenants-repo.js';
import { nextId } from '../../db/counters.js';
import type { TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import {
  type ContactField,
  contactAad,
  contactOf,
  newTenantRecord,
  splitName,
  type TenantRecord,
  tenantChange,
} from '../../domain/tenant.js';

export { tenantLookupStale as guestTenantChanged } from '../../data/tenants-repo.js';

export interface Guest {
  /** One field, as the website and the channel send it ("Ann Marie Smith"). */
  name: string;
  email: string;
  /** Contact fields the guest gave (the website's booking form); sealed like a registration's. */
  contact?: Partial<Record<ContactField, string | undefined>> | undefined;
}

export interface GuestTenant {
  tenantId: number;
  /** A found tenant: a check that it still exists; a new one: its record, e-mail guard, count and change. */
  parts: TxPart[];
}

export async function guestTenantRecord(guest: Guest, tenantId: number, now: Date): Promise<TenantRecord> {
  const { first, last } = splitName(guest.name);
  return newTenantRecord(
    tenantId,
    {
      tenantEmail: guest.email,
      tenantFirstName: first,
      tenantLastName: last,
      isActive: 0,
      passwordHash: '',
      contact: await sealFields(contactOf(guest.contact ?? {}), contactAad(tenantId)),
      // Empty: a registration never activated, so registering with this e-mail takes the record over.
      activationHash: '',
    },
    now,
  );
}

/** A lookup by e-mail the caller already made, and the id it took for a new tenant (the booking takes both in one step). */
export interface KnownGuest {
  tenantId: number | undefined;
  newTenantId?: number | undefined;
}

/** The guest's tenant as parts of the stay's transaction; without `known` the e-mail is looked up here. */
export async function guestTenant(
  guest: Guest,
  by: Actor,
  now: Date,
  known?: KnownGuest,
): Promise<GuestTenant> {
  const found = known ? known.tenantId : await tenantIdByEmail(guest.email);
  if (found !== undefined) return { tenantId: found, parts: [tenantExistsPart(found)] };
  const record = await guestTenantRecord(guest, known?.newTenantId ?? (await nextId('tenant')), now);
  return { tenantId: record.tenantId, parts: newTenantParts(record, by, now) };
}

/** A new tenant's parts: its record, e-mail guard and count, and its change record. */
export const newTenantParts = (record: TenantRecord, by: Actor, now: Date): TxPart[] => [
  ...insertTenantParts(record),
  changePart(tenantChange('created', undefined, record), by, now),
];
