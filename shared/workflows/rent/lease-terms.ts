/**
 * The terms the rent run charges a lease by (docs/rent-cycle.md "The run"): the lease's own, or, for a lease
 * written before the rent cycle had terms, its property's figures (`termsOf`). A lease with neither (no terms
 * and its property gone) has no terms: the run skips it and reports it, never charging it 0.
 */
import { getProperty } from '../../data/properties-repo.js';
import { type LeaseRecord, type LeaseTerms, termsOf } from '../../domain/lease.js';
import type { PropertyRecord } from '../../domain/property.js';

export type LeaseTermsReader = (lease: LeaseRecord) => Promise<LeaseTerms | undefined>;

/** A reader of lease terms that reads each property once (a run reads many leases of few properties). */
export function leaseTermsReader(): LeaseTermsReader {
  const properties = new Map<number, Promise<PropertyRecord | undefined>>();
  const propertyOf = (id: number) => {
    let read = properties.get(id);
    if (!read) {
      read = getProperty(id).then((p) => p?.record);
      properties.set(id, read);
    }
    return read;
  };
  return async (lease) => {
    if (lease.terms) return lease.terms;
    const property = await propertyOf(lease.propertyId);
    return property ? termsOf(lease, property) : undefined;
  };
}
