/**
 * The guest of a reservation that arrives from outside (the channel manager): the tenant with that e-mail, or
 * a new inactive tenant without password or contact fields (DESIGN.md "A booking's tenant session": it can be
 * claimed later by registering), as parts of the reservation's own transaction.
 */
import { changePart } from '../../data/changes-repo.js';
import { insertTenantParts, tenantIdByEmail } from '../../data/tenants-repo.js';
import { nextId } from '../../db/counters.js';
import { keys } from '../../db/keys.js';
import { part, TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import type { TenantRecord } from '../../domain/tenant.js';

export interface GuestTenant {
  tenantId: number;
  /** A found tenant: a check that it still exists; a new one: its record, e-mail guard, count, change. */
  parts: TxPart[];
}

/** "Ann Marie Smith" → first "Ann", last "Marie Smith" (as the website's guest booking). */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

export async function guestTenant(name: string, email: string, by: Actor, now: Date): Promise<GuestTenant> {
  const known = await tenantIdByEmail(email);
  if (known !== undefined)
    return {
      tenantId: known,
      parts: [part.check(`check:tenant ${known}`, keys.tenant(known), 'attribute_exists(PK)')],
    };
  const tenantId = await nextId('tenant');
  const stamp = now.toISOString();
  const { first, last } = splitName(name);
  const record: TenantRecord = {
    tenantId,
    tenantEmail: email.trim(),
    tenantFirstName: first,
    tenantLastName: last,
    isActive: 0,
    passwordHash: '',
    contact: {},
    dateCreated: stamp,
    dateUpdated: stamp,
    dateActivated: '',
    // Empty: a registration never activated, so registering with this e-mail takes the record over.
    activationHash: '',
  };
  const { passwordHash: _hash, contact: _contact, ...logged } = record;
  return {
    tenantId,
    parts: [
      ...insertTenantParts(record),
      changePart({ recordType: 'tenant', recordId: tenantId, action: 'created', after: logged }, by, now),
    ],
  };
}

/** The guest's tenant changed between the lookup and the commit (created or removed by another request). */
export const guestTenantChanged = (error: unknown): boolean =>
  error instanceof TransactionFailed &&
  (error.conditionFailed('guard:tenantEmail') || error.conditionFailed('check:tenant'));
