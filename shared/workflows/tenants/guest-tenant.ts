/**
 * A guest's tenant (DESIGN.md "A booking's tenant session"), the one way a stay from outside an account gets
 * its tenant, for the website's guest checkout and the channel manager alike: the guest record of the guest's
 * e-mail, or a new one. A guest record is an inactive tenant with no password (no one can log in with it),
 * found by e-mail among guest records only (its own guard, guest-tenants-repo.ts): a stranger who types the
 * address of a registered or activated account never adds stays or invoices to that account, and the work and
 * the answer are the same whether such an account exists or not. The address's account may claim the guest
 * record with its stays later, through a link mailed to the address (guest-claim.ts). Everything is parts of the
 * stay's own transaction.
 */
import { sealFields } from '../../crypto/fields.js';
import { changePart } from '../../data/changes-repo.js';
import {
  guestTenantIdByEmail,
  guestTenantStillGuestPart,
  insertGuestTenantParts,
} from '../../data/guest-tenants-repo.js';
import { tenantIdByEmail } from '../../data/tenants-repo.js';
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

export { guestTenantChanged } from '../../data/guest-tenants-repo.js';

export interface Guest {
  /** One field, as the website and the channel send it ("Ann Marie Smith"). */
  name: string;
  email: string;
  /** Contact fields the guest gave (the website's booking form); sealed like a registration's. */
  contact?: Partial<Record<ContactField, string | undefined>> | undefined;
}

export interface GuestTenant {
  tenantId: number;
  /** A found guest record: a check that it still is one; a new one: its record, guest guard, count and change. */
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
      guest: true,
    },
    now,
  );
}

/**
 * A lookup of the guest record by e-mail (guestTenantIdByEmail) the caller already made, and the id it took for
 * a new one (the booking takes both in one step).
 */
export interface KnownGuest {
  tenantId: number | undefined;
  newTenantId?: number | undefined;
}

/** The guest's record as parts of the stay's transaction; without `known` the e-mail is looked up here. */
export async function guestTenant(
  guest: Guest,
  by: Actor,
  now: Date,
  known?: KnownGuest,
): Promise<GuestTenant> {
  const found = known ? known.tenantId : await guestTenantIdByEmail(guest.email);
  if (found !== undefined) return { tenantId: found, parts: [guestTenantStillGuestPart(found)] };
  const record = await guestTenantRecord(guest, known?.newTenantId ?? (await nextId('tenant')), now);
  return { tenantId: record.tenantId, parts: newGuestTenantParts(record, by, now) };
}

/** A new guest record's parts: its record, guest guard and count, and its change record. */
export const newGuestTenantParts = (record: TenantRecord, by: Actor, now: Date): TxPart[] => [
  ...insertGuestTenantParts(record),
  changePart(tenantChange('created', undefined, record), by, now),
];

/**
 * Whom a stay staff book for someone (an admin reservation, a fixture's) is linked to: the address's account,
 * else its guest record, else nobody. Staff decide who the guest is, so an account may be named; a visitor's
 * booking never comes here (guestTenant above).
 */
export async function tenantKnownByEmail(email: string): Promise<number | undefined> {
  const [account, guest] = await Promise.all([tenantIdByEmail(email), guestTenantIdByEmail(email)]);
  return account ?? guest;
}
