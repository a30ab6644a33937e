/**
 * Creating a tenant account, shared by registration (publicAuth), admin create and the fixture loader: the
 * password is hashed, the contact fields sealed under the tenant's own id, and the tenant, its e-mail guard
 * and any extra items (registration's activation token) written in one transaction.
 */
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sealFields } from '../../shared/crypto/fields.js';
import { hashPassword } from '../../shared/crypto/password.js';
import {
  CONTACT_FIELDS,
  type ContactField,
  insertTenant,
  type TenantRecord,
  tenantIdByEmail,
} from '../../shared/data/tenants-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { Conflict } from '../../shared/errors.js';

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

export interface NewAccount extends Partial<Record<ContactField, string | undefined>> {
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  password: string;
  isActive: 0 | 1;
}

/** The owner part of the encrypted fields' authenticated data. */
export const contactAad = (tenantId: number) => `tenant:${tenantId}`;

export function contactOf(
  input: Partial<Record<ContactField, string | undefined>>,
): Partial<Record<ContactField, string>> {
  const contact: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = input[field]?.trim();
    if (value) contact[field] = value;
  }
  return contact;
}

export async function buildTenantRecord(
  input: NewAccount,
  tenantId: number,
  now: Date,
): Promise<TenantRecord> {
  const stamp = now.toISOString();
  return {
    tenantId,
    tenantEmail: input.tenantEmail.trim(),
    tenantFirstName: input.tenantFirstName,
    tenantLastName: input.tenantLastName,
    isActive: input.isActive,
    passwordHash: await hashPassword(input.password),
    contact: await sealFields(contactOf(input), contactAad(tenantId)),
    dateCreated: stamp,
    dateUpdated: stamp,
    dateActivated: input.isActive === 1 ? stamp : '',
  };
}

/**
 * 409 early (one GetItem) when the e-mail is known, so a duplicate costs no id and no hash; the guard in the
 * transaction stays the authority when two requests race.
 */
export async function createTenantAccount(
  input: NewAccount,
  now: Date,
  extraItems: (tenantId: number) => TransactItem[] = () => [],
): Promise<TenantRecord> {
  if ((await tenantIdByEmail(input.tenantEmail)) !== undefined) {
    throw new Conflict('An account with this e-mail address already exists');
  }
  const record = await buildTenantRecord(input, await nextId('tenant'), now);
  await insertTenant(record, extraItems(record.tenantId));
  return record;
}
