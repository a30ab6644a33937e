/**
 * Our people, properties and the mapping's names as QuickBooks name-list entities: Customer (an invoicee),
 * Vendor (an expense's payee), Class (a property), Account and Item (docs/accounting.md "The sync").
 *
 * A Customer's or Vendor's DisplayName must be unique across customers, vendors and employees
 * (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/customer , .../vendor), so
 * ours end in our own id, `(tenant 12)`: two tenants of one name never collide, and the entity is found again
 * by that suffix (a query with LIKE) when our record of it was lost. Name lengths: DisplayName 500,
 * GivenName and FamilyName 100, Class Name 100 (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/class).
 * QuickBooks refuses a colon (it joins a sub-customer, sub-class or sub-account to its parent in
 * FullyQualifiedName) and a double quote in these names (the Account and Class pages; for DisplayName
 * https://docs.workato.com/en/connectors/quickbooks/quickbooks-troubleshooting-runtime.html lists the characters
 * it takes): `listName` puts a hyphen and a single quote in their place, so a tenant named `Ann "Annie": Lee`
 * or a payee `"Best": Plumbing` is still pushed, and the query that finds it again quotes what was sent.
 */
import type { AccountChoice } from './mapping.js';
import { cut, type QboEntity, type QboRef, quoted } from './qbo-types.js';
import type { SyncRecordType } from './sync-state.js';

export interface PersonName {
  firstName: string;
  lastName: string;
  email?: string | null;
}

/** A name as QuickBooks takes it in a name list: a colon becomes a hyphen, a double quote a single one. */
export const listName = (name: string): string => name.replace(/:/g, '-').replace(/"/g, "'");

/** The suffix that names our record in a Customer's or Vendor's DisplayName (a payee id is free text). */
export const ownIdSuffix = (recordType: SyncRecordType, recordId: string): string =>
  `(${recordType} ${listName(recordId)})`;

const displayName = (name: string, suffix: string) =>
  `${cut(listName(name).trim() || 'Unnamed', 480)} ${suffix}`;

/** A Customer: a tenant (or guest) invoiced, or an admin invoiced as an owner. */
export function customerBody(recordType: 'tenant' | 'admin', recordId: string, person: PersonName) {
  const name = `${person.firstName} ${person.lastName}`.replace(/\s+/g, ' ');
  const email = person.email?.trim();
  return {
    DisplayName: displayName(name, ownIdSuffix(recordType, recordId)),
    GivenName: cut(person.firstName.trim(), 100),
    FamilyName: cut(person.lastName.trim(), 100),
    ...(email ? { PrimaryEmailAddr: { Address: cut(email, 100) } } : {}),
  };
}

/** A Vendor: an expense's payee (`paytoId`), named after the admin it is when it is one. */
export function vendorBody(paytoId: string, person: PersonName | undefined) {
  const name = person ? `${person.firstName} ${person.lastName}`.replace(/\s+/g, ' ') : 'Payee';
  return { DisplayName: displayName(name, ownIdSuffix('payee', paytoId)) };
}

/** A Class per property: its name and id (a rename of the property starts a new class). */
export const classNameOf = (propertyName: string, propertyId: number): string => {
  const suffix = ` (property ${propertyId})`;
  return `${cut(listName(propertyName).trim() || 'Property', 100 - suffix.length)}${suffix}`;
};

export const classBody = (name: string) => ({ Name: name });

/** An account the mapping names, created with its type when the company lacks it. */
export const accountBody = (choice: AccountChoice) => ({ Name: choice.name, AccountType: choice.type });

/** A service item whose sales post to `incomeAccount` (a liability account for deposits and tax). */
export const itemBody = (name: string, incomeAccount: QboRef) => ({
  Name: name,
  Type: 'Service',
  IncomeAccountRef: incomeAccount,
});

/** The query that finds a name-list entity by its exact name (`Name`, or `DisplayName` for people). */
export function findByNameQuery(entity: QboEntity, name: string): string {
  const field = entity === 'Customer' || entity === 'Vendor' ? 'DisplayName' : 'Name';
  return `select * from ${entity} where ${field} = ${quoted(name)}`;
}

/** The query that finds a Customer or Vendor of ours again by its id suffix, whatever its name is now. */
export function findByOwnIdQuery(entity: 'Customer' | 'Vendor', suffix: string): string {
  return `select * from ${entity} where DisplayName like ${quoted(`%${suffix}`)}`;
}
