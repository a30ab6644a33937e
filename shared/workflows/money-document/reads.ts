/**
 * Admin reads of a money document kind (docs/invoices-expenses.md "Lists", "Landlord scope"): the list with the
 * filters every kind has, read from the narrowest index, and the single document. A landlord reaches the
 * documents of their properties only: another landlord's — and one without a property — answers exactly as a
 * missing id, and is never listed.
 */
import { canSeeProperty } from '../../auth/roles.js';
import type { AdminSession } from '../../auth/session-types.js';
import { type DocumentList, documentsIn, readDocument } from '../../data/money-documents-repo.js';
import { getProperty, propertiesOfLandlord } from '../../data/properties-repo.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import type { MoneyKind } from '../../domain/money-document/kind.js';
import {
  documentDateOf,
  documentIdOf,
  type MoneyRecord,
  type RecordOf,
  tenantOf,
} from '../../domain/money-document/record.js';
import { summaryView } from '../../domain/money-document/view.js';
import { pageOf } from '../../http/schemas.js';
import { documentNotFound } from './change.js';

/** The list filters (a kind's query has those it takes: expenses have no tenant). */
export interface ListFilters {
  tenantId?: number | undefined;
  propertyId?: number | undefined;
  status?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  page: number;
  limit: number;
}

async function landlordPropertyIds(adminId: number): Promise<Set<number>> {
  return new Set((await propertiesOfLandlord(adminId)).map((p) => p.propertyId));
}

/** Whether the admin may see a document of this property (every read role but landlord always). */
async function visibleToAdmin(admin: AdminSession, propertyId: number | null): Promise<boolean> {
  if (admin.role !== 'landlord') return true;
  if (propertyId === null) return false;
  const property = await getProperty(propertyId);
  return property !== undefined && canSeeProperty(admin, property.record.landlord);
}

/**
 * The narrowest list for the caller and filters: a landlord's properties (one Query each, or only the one asked
 * for), a property's, a tenant's, else every document; dateFrom/dateTo are the key range of each.
 */
async function candidates<T extends DocumentType>(
  kind: MoneyKind<T>,
  admin: AdminSession,
  q: ListFilters,
): Promise<RecordOf<T>[]> {
  const range = { from: q.dateFrom, to: q.dateTo };
  const list = (name: DocumentList, value = 0) => documentsIn(kind.type, name, value, range);
  if (admin.role === 'landlord') {
    const own = await landlordPropertyIds(admin.adminId);
    const ids = q.propertyId === undefined ? [...own] : own.has(q.propertyId) ? [q.propertyId] : [];
    return (await Promise.all(ids.map((id) => list('property', id)))).flat();
  }
  if (q.propertyId !== undefined) return list('property', q.propertyId);
  if (q.tenantId !== undefined) return list('tenant', q.tenantId);
  return list('all');
}

/** The filters the index did not apply: tenant, property, status (drafts only on request where hidden), dates. */
function matches(kind: MoneyKind, r: MoneyRecord, q: ListFilters): boolean {
  const date = documentDateOf(r);
  if (q.tenantId !== undefined && tenantOf(r) !== q.tenantId) return false;
  if (q.propertyId !== undefined && r.propertyId !== q.propertyId) return false;
  if (q.status !== undefined ? r.status !== q.status : kind.listHidesDrafts && r.status === kind.status.draft)
    return false;
  if (q.dateFrom !== undefined && date < q.dateFrom) return false;
  if (q.dateTo !== undefined && date > q.dateTo) return false;
  return true;
}

/** Newest document date first, then the higher id. */
function newestFirst(a: MoneyRecord, b: MoneyRecord): number {
  const [da, db] = [documentDateOf(a), documentDateOf(b)];
  return da === db ? documentIdOf(b) - documentIdOf(a) : da < db ? 1 : -1;
}

/** The list page of summary rows; `refine` narrows the filtered documents further (the invoices' search). */
export async function listDocuments<T extends DocumentType>(
  kind: MoneyKind<T>,
  admin: AdminSession,
  q: ListFilters,
  refine: (found: RecordOf<T>[]) => Promise<RecordOf<T>[]> = async (found) => found,
) {
  const filtered = (await candidates(kind, admin, q)).filter((r) => matches(kind, r, q));
  const found = (await refine(filtered)).sort(newestFirst);
  return pageOf(
    found.map((r) => summaryView(kind, r)),
    q.page,
    q.limit,
  );
}

/** I1/E1, one Query: the document with its lines; 404 when missing or out of a landlord's reach. */
export async function readVisibleDocument<T extends DocumentType>(
  kind: MoneyKind<T>,
  admin: AdminSession,
  id: number,
) {
  const found = await readDocument(kind.type, id);
  if (!found || !(await visibleToAdmin(admin, found.record.propertyId))) throw documentNotFound(kind, id);
  return found;
}
