/**
 * One landlord's owner statement of one month (docs/reports.md "Owner statement"), as `ownerStatement.json`
 * answers it, the PDF lays it out and the monthly owner-statement message mails it: the landlord's properties,
 * each property's journal of the month (PROPLEDGER#, a few partitions at a time), summed by
 * shared/domain/reports/owner-statement.ts. Who may read whose statement is the caller's rule, not this one's.
 */
import { mayBeLandlord } from '../../auth/roles.js';
import { type AdminProfile, getAdminProfile } from '../../data/admins-repo.js';
import { propertyLedgerBetween } from '../../data/journal-repo.js';
import { propertiesOfLandlord } from '../../data/properties-repo.js';
import type { PropertyRecord } from '../../domain/property.js';
import {
  type OwnerStatement,
  type StatementEntry,
  ownerStatement as statementOf,
} from '../../domain/reports/owner-statement.js';
import { ownerStatementFileName, ownerStatementPdf } from '../../domain/reports/owner-statement-pdf.js';
import { monthRange } from '../../domain/reports/period.js';
import type { SiteSettings } from '../../domain/settings.js';
import { BadRequest } from '../../errors.js';
import { mapLimited } from '../../map-limited.js';

export const landlordNameOf = (profile: Pick<AdminProfile, 'adminFirstName' | 'adminLastName'>) =>
  `${profile.adminFirstName ?? ''} ${profile.adminLastName ?? ''}`.trim();

/** The statement of a landlord whose profile and properties the caller read already. */
export async function statementOfProperties(
  month: string,
  landlord: AdminProfile,
  properties: readonly PropertyRecord[],
): Promise<OwnerStatement> {
  const range = monthRange(month);
  const journals = await mapLimited(properties, (p) =>
    propertyLedgerBetween(p.propertyId, range.dateFrom, range.dateTo),
  );
  const entriesOf = new Map<number, StatementEntry[]>(
    properties.map((p, i) => [p.propertyId, journals[i] ?? []]),
  );
  return statementOf(
    { month, ...range, landlord: landlord.adminId, landlordName: landlordNameOf(landlord) },
    properties,
    entriesOf,
  );
}

/** The statement of `landlord` (an admin with the landlord or super_admin role; else a 400) for `month`. */
export async function ownerStatementOf(month: string, landlord: number): Promise<OwnerStatement> {
  monthRange(month);
  const profile = await getAdminProfile(landlord);
  if (!profile) throw new BadRequest('No such admin', [{ field: 'landlord', message: 'no such admin' }]);
  if (!mayBeLandlord(Number(profile.adminRole)))
    throw new BadRequest('That admin is not a landlord', [
      { field: 'landlord', message: 'must be an admin with the landlord or super_admin role' },
    ]);
  return statementOfProperties(month, profile, await propertiesOfLandlord(landlord));
}

/** The statement as a PDF, with the business's name on it, and the file name it goes by. */
export async function statementPdf(
  statement: OwnerStatement,
  settings: Pick<SiteSettings, 'businessName' | 'siteName' | 'paymentCurrency'>,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const bytes = await ownerStatementPdf(statement, {
    businessName: settings.businessName.trim() || settings.siteName,
    currency: settings.paymentCurrency,
  });
  return { bytes, fileName: ownerStatementFileName(statement.landlord, statement.month) };
}
