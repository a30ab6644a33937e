/**
 * One landlord's owner statement of one month (docs/reports.md "Owner statement"), as `ownerStatement.json`
 * answers it, the PDF lays it out and the monthly owner-statement message mails it: one computation. Per
 * property (a few at a time): the month's journal entries (PROPLEDGER#, the month's key range) and the owner
 * account's rows up to the month (OWNERACCOUNT#, a few small items a month: the opening balance and whether the
 * month's fee is charged); then, for the lines, the documents those entries belong to (their headers and first
 * lines) and the people they name (tenants, admins), each in one BatchGetItem. Nothing reads the journal's
 * history. Who may read whose statement is the caller's rule, not this one's.
 */
import { mayBeLandlord } from '../../auth/roles.js';
import { type AdminProfile, adminProfiles, getAdminProfile } from '../../data/admins-repo.js';
import { propertyLedgerBetween } from '../../data/journal-repo.js';
import { type DocumentRef, documentRefKey, headersWithFirstLine } from '../../data/money-documents-repo.js';
import { ownerAccountThrough } from '../../data/owner-account-repo.js';
import { propertiesOfLandlord } from '../../data/properties-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { getTenants } from '../../data/tenants-repo.js';
import type { MoneyRecord } from '../../domain/money-document/record.js';
import { documentKindWords, invoiceTitle } from '../../domain/money-document/words.js';
import type { PropertyRecord } from '../../domain/property.js';
import { feePercentOf, feeRowOf, openingBalanceCents } from '../../domain/reports/owner-account.js';
import {
  type DocumentFacts,
  type OwnerStatement,
  type StatementEntry,
  ownerStatement as statementOf,
} from '../../domain/reports/owner-statement.js';
import { ownerStatementFileName, ownerStatementPdf } from '../../domain/reports/owner-statement-pdf.js';
import { monthRange } from '../../domain/reports/period.js';
import type { SiteSettings } from '../../domain/settings.js';
import { BadRequest } from '../../errors.js';
import { mapLimited } from '../../jobs/limiter.js';

/** A person's name as a statement shows it ('' when the record has none). */
const fullName = (first: string | undefined, last: string | undefined) =>
  `${first ?? ''} ${last ?? ''}`.trim();

/** The landlord's name: the admin profile's, else their address; never their admin id. */
export const landlordNameOf = (
  profile: Pick<AdminProfile, 'adminFirstName' | 'adminLastName' | 'adminEmail'>,
): string => fullName(profile.adminFirstName, profile.adminLastName) || profile.adminEmail?.trim() || '';

/** A payee id that names an admin (an expense's `paytoId` is an admin id or a vendor's name or number). */
const adminIdOfPayee = (paytoId: string): number | undefined =>
  /^\d{1,10}$/.test(paytoId.trim()) ? Number(paytoId.trim()) : undefined;

/** The people the documents name: their tenants and admins, read in one BatchGetItem each. */
async function partiesOf(records: readonly MoneyRecord[]) {
  const tenantIds = new Set<number>();
  const adminIds = new Set<number>();
  for (const r of records) {
    if ('invoiceId' in r) {
      if (r.tenantId !== null) tenantIds.add(r.tenantId);
      if (typeof r.adminId === 'number') adminIds.add(r.adminId);
    } else {
      const admin = adminIdOfPayee(r.paytoId);
      if (admin !== undefined) adminIds.add(admin);
    }
  }
  const [tenants, admins] = await Promise.all([getTenants([...tenantIds]), adminProfiles([...adminIds])]);
  const tenantNames = new Map(
    tenants.map((t) => [t.tenantId, fullName(t.tenantFirstName, t.tenantLastName)]),
  );
  const adminNames = new Map(admins.map((a) => [a.adminId, landlordNameOf(a)]));
  return (r: MoneyRecord): string => {
    if ('invoiceId' in r) {
      if (r.tenantId !== null) return tenantNames.get(r.tenantId) ?? '';
      return typeof r.adminId === 'number' ? (adminNames.get(r.adminId) ?? '') : '';
    }
    const admin = adminIdOfPayee(r.paytoId);
    // A vendor has no record: its paytoId is what staff typed for it (a name such as "Ace Plumbing").
    return (admin !== undefined ? adminNames.get(admin) : undefined) ?? r.paytoId.trim();
  };
}

/** A document's words (money-document/words.ts): its kind, and its title when it names its month. */
function wordsOf(record: MoneyRecord): Pick<DocumentFacts, 'title' | 'kindWords'> {
  const isInvoice = 'invoiceId' in record;
  const kindWords = documentKindWords(isInvoice ? 'invoice' : 'expense', record);
  return isInvoice && record.period ? { title: invoiceTitle(record), kindWords } : { kindWords };
}

/** What each entry's document says: its type, first line and party, for the documents of `entries`. */
async function documentFactsOf(entries: readonly StatementEntry[]) {
  const refs = new Map<string, DocumentRef>();
  for (const e of entries) {
    const ref = { type: e.documentType, id: e.documentId };
    refs.set(documentRefKey(ref), ref);
  }
  const documents = await headersWithFirstLine([...refs.values()]);
  const partyOf = await partiesOf([...documents.values()].map((d) => d.record));
  const facts = new Map<string, DocumentFacts>(
    [...documents].map(([key, d]) => [
      key,
      {
        documentKind: d.record.description,
        firstLine: d.firstLine,
        party: partyOf(d.record),
        ...wordsOf(d.record),
      },
    ]),
  );
  return (entry: StatementEntry) =>
    facts.get(documentRefKey({ type: entry.documentType, id: entry.documentId }));
}

/** The statement of a landlord whose profile and properties the caller read already. */
export async function statementOfProperties(
  month: string,
  landlord: AdminProfile,
  properties: readonly PropertyRecord[],
  settings?: Pick<SiteSettings, 'managementFeePercent'>,
): Promise<OwnerStatement> {
  const range = monthRange(month);
  const site = settings ?? (await getSettings());
  const months = await mapLimited(properties, async (property) => {
    const [entries, account] = await Promise.all([
      propertyLedgerBetween(property.propertyId, range.dateFrom, range.dateTo),
      ownerAccountThrough(property.propertyId, month),
    ]);
    return {
      property,
      feePercent: feePercentOf(property, site.managementFeePercent),
      feeCharged: feeRowOf(account, month) !== undefined,
      openingBalanceCents: openingBalanceCents(account, month),
      entries,
    };
  });
  const factsOf = await documentFactsOf(months.flatMap((m) => m.entries));
  return statementOf(
    { month, ...range, landlord: landlord.adminId, landlordName: landlordNameOf(landlord) },
    months,
    factsOf,
  );
}

/** The landlord's profile, when `landlord` is an admin who may hold properties (else a 400 naming it). */
export async function landlordProfile(landlord: number): Promise<AdminProfile> {
  const profile = await getAdminProfile(landlord);
  if (!profile) throw new BadRequest('No such admin', [{ field: 'landlord', message: 'no such admin' }]);
  if (!mayBeLandlord(Number(profile.adminRole)))
    throw new BadRequest('That admin is not a landlord', [
      { field: 'landlord', message: 'must be an admin with the landlord or super_admin role' },
    ]);
  return profile;
}

/** The statement of `landlord` (an admin with the landlord or super_admin role; else a 400) for `month`. */
export async function ownerStatementOf(month: string, landlord: number): Promise<OwnerStatement> {
  monthRange(month);
  const profile = await landlordProfile(landlord);
  return statementOfProperties(month, profile, await propertiesOfLandlord(landlord));
}

/** The statement as a PDF, with the business's name on it, and the file name it goes by. */
export async function statementPdf(
  statement: OwnerStatement,
  settings: Pick<SiteSettings, 'businessName' | 'siteName' | 'paymentCurrency' | 'ownerStatementDay'>,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const bytes = await ownerStatementPdf(statement, {
    businessName: settings.businessName.trim() || settings.siteName,
    currency: settings.paymentCurrency,
    ownerStatementDay: settings.ownerStatementDay,
  });
  return { bytes, fileName: ownerStatementFileName(statement.landlord, statement.month) };
}
