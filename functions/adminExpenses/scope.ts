/** Landlord scope of expenses (DESIGN.md "Security rules"): a landlord reaches their properties’ expenses. */
import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';

export async function landlordPropertyIds(adminId: number): Promise<Set<number>> {
  return new Set((await propertiesOfLandlord(adminId)).map((p) => p.propertyId));
}

/**
 * Whether the admin may see a record of this property: every read role but landlord always; a landlord only
 * on a property of theirs (a record without a property concerns no landlord: out of reach).
 */
export async function visibleToAdmin(admin: AdminSession, propertyId: number | null): Promise<boolean> {
  if (admin.role !== 'landlord') return true;
  if (propertyId === null) return false;
  const property = await getProperty(propertyId);
  return property !== undefined && canSeeProperty(admin, property.record.landlord);
}
