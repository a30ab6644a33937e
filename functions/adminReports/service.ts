/**
 * Report use cases (docs/reports.md). Every read is a key range of an index, so a report reads what is in its
 * range: the payments of the days asked for (I5, or PROPPAY# for one property: payments-repo), the stays
 * checking out in them (R2: reservations-repo), one landlord's journal of one month (PROPLEDGER#:
 * journal-repo, through shared/workflows/reports/owner-statement.ts). What is per property (occupancy, owner statement) reads one partition per property, a few at a time.
 */
import type { AdminSession } from '../../shared/auth/session-types.js';
import { invoiceHeaders } from '../../shared/data/money-documents-repo.js';
import { settledPaymentsBetween } from '../../shared/data/payments-repo.js';
import { allPropertiesOfType, getProperty } from '../../shared/data/properties-repo.js';
import { reservationsOfProperty } from '../../shared/data/reservations-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { PaymentRecord } from '../../shared/domain/ledger/payment.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import { incomeOf, incomeView } from '../../shared/domain/reports/income.js';
import { occupancyRows } from '../../shared/domain/reports/occupancy.js';
import { checkRange, type DayRange } from '../../shared/domain/reports/period.js';
import { BadRequest, Forbidden } from '../../shared/errors.js';
import { mapLimited } from '../../shared/jobs/limiter.js';
import { ownerStatementOf, statementPdf } from '../../shared/workflows/reports/owner-statement.js';

const noSuchProperty = (message: string) => new BadRequest(message, [{ field: 'propertyId', message }]);

export async function income(query: DayRange & { propertyId?: number | undefined }) {
  const range = checkRange({ dateFrom: query.dateFrom, dateTo: query.dateTo });
  if (query.propertyId !== undefined && !(await getProperty(query.propertyId)))
    throw noSuchProperty('no such property');
  const payments = await settledPaymentsBetween(range.dateFrom, range.dateTo, query.propertyId);
  return incomeView({ ...range, propertyId: query.propertyId ?? null }, incomeOf(await withKinds(payments)));
}

/**
 * The payments with their document's type: as settled, or for one settled before payments kept it, its
 * invoice's type now (one BatchGetItem of those headers).
 */
async function withKinds(payments: readonly PaymentRecord[]): Promise<PaymentRecord[]> {
  const unknown = payments.filter((p) => p.documentKind === undefined && p.documentType === 'invoice');
  if (unknown.length === 0) return [...payments];
  const headers = await invoiceHeaders([...new Set(unknown.map((p) => p.documentId))]);
  return payments.map((p) =>
    p.documentKind !== undefined || p.documentType !== 'invoice'
      ? p
      : { ...p, documentKind: headers.get(p.documentId)?.description ?? '' },
  );
}

async function vrPropertiesFor(propertyId: number | undefined): Promise<PropertyRecord[]> {
  if (propertyId === undefined) return allPropertiesOfType('vr');
  const found = await getProperty(propertyId);
  if (found?.record.type !== 'vr') throw noSuchProperty('no such VR property');
  return [found.record];
}

export async function occupancy(query: DayRange & { propertyId?: number | undefined }) {
  const range = checkRange({ dateFrom: query.dateFrom, dateTo: query.dateTo });
  const properties = await vrPropertiesFor(query.propertyId);
  const stays = await mapLimited(properties, (p) =>
    reservationsOfProperty(p.propertyId, { fromCheckout: range.dateFrom, toCheckout: range.dateTo }),
  );
  const report = occupancyRows(
    properties,
    stays.flat().map((s) => s.record),
    range,
  );
  return { ...range, propertyId: query.propertyId ?? null, ...report };
}

/** Whose statement: a landlord's own (landlord left out or naming them); staff must name one. */
function statementLandlord(query: { landlord?: number | undefined }, caller: AdminSession): number {
  if (caller.role === 'landlord') {
    if (query.landlord !== undefined && query.landlord !== caller.adminId)
      throw new Forbidden('A landlord reads their own statement only');
    return caller.adminId;
  }
  if (query.landlord === undefined)
    throw new BadRequest('Name the landlord whose statement to read', [
      { field: 'landlord', message: 'is required' },
    ]);
  return query.landlord;
}

export async function ownerStatement(
  query: { month: string; landlord?: number | undefined },
  caller: AdminSession,
  now: Date,
) {
  return ownerStatementOf(query.month, statementLandlord(query, caller), now);
}

/** The same statement as a PDF: the figures are ownerStatement's, only laid out (owner-statement-pdf.ts). */
export async function ownerStatementPdf(
  query: { month: string; landlord?: number | undefined },
  caller: AdminSession,
  now: Date,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [statement, settings] = await Promise.all([ownerStatement(query, caller, now), getSettings()]);
  return statementPdf(statement, settings);
}
