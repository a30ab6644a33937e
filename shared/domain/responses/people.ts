/** Tenants, lease applications and contact records as the admin endpoints answer them. */
import * as v from 'valibot';
import { CONTACT_FIELDS } from '../tenant.js';
import { flag } from './common.js';

/** shared/domain/tenant.ts tenantListView: never the password or the ciphertext. */
export const tenantListItem = v.object({
  tenantId: v.number(),
  tenantEmail: v.string(),
  tenantFirstName: v.string(),
  tenantLastName: v.string(),
  isActive: flag,
  dateCreated: v.string(),
  dateUpdated: v.string(),
  dateActivated: v.optional(v.nullable(v.string())),
  /** 1: a guest record (the tenant of stays booked without a session), not an account. */
  isGuest: flag,
});

/** The single tenant: the list fields, the decrypted contact fields that are set, and the tenant's leases. */
export const tenantProfile = v.object({
  ...tenantListItem.entries,
  ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, v.optional(v.string())])) as Record<
    (typeof CONTACT_FIELDS)[number],
    v.OptionalSchema<v.StringSchema<undefined>, undefined>
  >),
  leases: v.array(
    v.object({
      leaseId: v.number(),
      propertyId: v.number(),
      status: v.string(),
      startDate: v.string(),
      endDate: v.optional(v.nullable(v.string())),
    }),
  ),
});

/** A lease application row (snapshots of the tenant's and the property's names). */
export const applicationRow = v.object({
  applicationId: v.number(),
  tenantId: v.number(),
  propertyId: v.number(),
  status: v.string(),
  tenantEmail: v.string(),
  tenantFirstName: v.string(),
  tenantLastName: v.string(),
  propertyName: v.string(),
  dateCreated: v.string(),
  /** Set once decided (docs/leases.md "Application decisions"); absent on rows written before decisions. */
  decidedAt: v.optional(v.nullable(v.string())),
  decisionNote: v.optional(v.nullable(v.string())),
  leaseId: v.optional(v.nullable(v.number())),
});

export const contactMessage = v.object({
  messageId: v.number(),
  senderName: v.string(),
  senderEmail: v.string(),
  senderPhone: v.string(),
  messageSubject: v.string(),
  messageContent: v.string(),
  createdAt: v.string(),
  leadId: v.optional(v.number()),
});

export const lead = v.object({
  leadId: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  source: v.string(),
  messageId: v.number(),
  createdAt: v.string(),
});

export const subscriber = v.object({
  subscriberId: v.number(),
  email: v.string(),
  name: v.string(),
  createdAt: v.string(),
});
