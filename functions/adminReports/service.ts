/**
 * Report use cases (docs/reports.md). Every read is a key range of an index, so a report reads what is in its
 * range: the payments of the days asked for (I5, or PROPPAY# for one property: payments-repo), the stays
 * checking out in them (R2: reservations-repo), one landlord's journal of one month (PROPLEDGER#:
 * journal-repo). What is per property (occupancy, owner statement) reads one partition per property, a few at a time.
 */
import { mayBeLandlord } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { propertyLedgerBetween } from '../../shared/data/journal-repo.js';
import { settledPaymentsBetween } from '../../shared/data/payments-repo.js';
import { allPropertiesOfType, getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import { reservationsOfProperty } from '../../shared/data/reservations-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import { incomeOf, incomeView } from '../../shared/domain/reports/income.js';
import { occupancyRows } from '../../shared/domain/reports/occupancy.js';
import {
  type StatementEntry,
  ownerStatement as statementOf,
} from '../../shared/domain/reports/owner-statement.js';
import {
  ownerStatementFileName,
  ownerStatementPdf as renderStatementPdf,
} from '../../shared/domain/reports/owner-statement-pdf.js';
import { checkRange, type DayRange, monthRange } from '../../shared/domain/reports/period.js';
import { BadRequest, Forbidden } from '../../shared/errors.js';

/** Partitions read at once: enough to overlap round trips, few enough not to flood the SDK's sockets. */
const PARALLEL_READS = 8;

async function mapLimited<T, R>(list: readonly T[], fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await fn(list[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, list.length) }, worker));
  return out;
}

const noSuchProperty = (message: string) => new BadRequest(message, [{ field: 'propertyId', message }]);

export async function income(query: DayRange & { propertyId?: number | undefined }) {
  const range = checkRange({ dateFrom: query.dateFrom, dateTo: query.dateTo });
  if (query.propertyId !== undefined && !(await getProperty(query.propertyId)))
    throw noSuchProperty('no such property');
  const payments = await settledPaymentsBetween(range.dateFrom, range.dateTo, query.propertyId);
  return incomeView({ ...range, propertyId: query.propertyId ?? null }, incomeOf(payments));
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
) {
  const range = monthRange(query.month);
  const landlord = statementLandlord(query, caller);
  const profile = await getAdminProfile(landlord);
  if (!profile) throw new BadRequest('No such admin', [{ field: 'landlord', message: 'no such admin' }]);
  if (!mayBeLandlord(Number(profile.adminRole)))
    throw new BadRequest('That admin is not a landlord', [
      { field: 'landlord', message: 'must be an admin with the landlord or super_admin role' },
    ]);
  const properties = await propertiesOfLandlord(landlord);
  const journals = await mapLimited(properties, (p) =>
    propertyLedgerBetween(p.propertyId, range.dateFrom, range.dateTo),
  );
  const entriesOf = new Map<number, StatementEntry[]>(
    properties.map((p, i) => [p.propertyId, journals[i] ?? []]),
  );
  return statementOf(
    {
      month: query.month,
      ...range,
      landlord,
      landlordName: `${profile.adminFirstName ?? ''} ${profile.adminLastName ?? ''}`.trim(),
    },
    properties,
    entriesOf,
  );
}

/** The same statement as a PDF: the figures are ownerStatement's, only laid out (owner-statement-pdf.ts). */
export async function ownerStatementPdf(
  query: { month: string; landlord?: number | undefined },
  caller: AdminSession,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [statement, settings] = await Promise.all([ownerStatement(query, caller), getSettings()]);
  const bytes = await renderStatementPdf(statement, {
    businessName: settings.businessName.trim() || settings.siteName,
    currency: settings.paymentCurrency,
  });
  return { bytes, fileName: ownerStatementFileName(statement.landlord, statement.month) };
}
