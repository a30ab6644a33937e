/**
 * One landlord's owner statement of one month (docs/reports.md "Owner statement"), as `ownerStatement.json`
 * answers it, the PDF lays it out and the monthly owner-statement message mails it: one computation. Per
 * property (a few at a time): the month's journal entries (PROPLEDGER#, the month's key range), the owner
 * account's rows up to the month (OWNERACCOUNT#, a few small items a month: the opening balance, what is held
 * apart, the fees charged) and the property's invoices and expenses dated up to the month's end (PROPINV#,
 * PROPEXP#: the bills and rent still open at the statement date); then, for the lines, the documents those
 * entries and open documents belong to (their headers and first lines) and the people they name (tenants,
 * admins), each in one BatchGetItem. Nothing reads the journal's history. Who may read whose statement is the
 * caller's rule, not this one's.
 */
import { mayBeLandlord } from '../../auth/roles.js';
import { type AdminProfile, adminProfiles, getAdminProfile } from '../../data/admins-repo.js';
import { propertyLedgerBetween } from '../../data/journal-repo.js';
import {
  type DocumentRef,
  documentRefKey,
  documentsIn,
  headersWithFirstLine,
} from '../../data/money-documents-repo.js';
import { ownerAccountThrough } from '../../data/owner-account-repo.js';
import { propertiesOfLandlord } from '../../data/properties-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { getTenants } from '../../data/tenants-repo.js';
import { todayIn } from '../../domain/dates.js';
import { amountDueCents } from '../../domain/money-document/figures.js';
import { EXPENSE, INVOICE, isPosted } from '../../domain/money-document/kind.js';
import { documentDateOf, documentIdOf, type MoneyRecord } from '../../domain/money-document/record.js';
import { documentKindWords, invoiceTitle } from '../../domain/money-document/words.js';
import type { PropertyRecord } from '../../domain/property.js';
import {
  type AccountRow,
  type FeeRow,
  feePercentOf,
  feeRowOf,
  feeTermsOf,
  OWNER_TYPE,
  openingBalanceCents,
  openingHeldCents,
} from '../../domain/reports/owner-account.js';
import {
  type DocumentFacts,
  lineDescription,
  type OpenDocument,
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

/** What each document says: its type, first line and party, for the documents named. */
async function documentFactsOf(named: readonly DocumentRef[]) {
  const refs = new Map<string, DocumentRef>();
  for (const ref of named) refs.set(documentRefKey(ref), ref);
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
  return (ref: DocumentRef) => facts.get(documentRefKey(ref));
}

/** A journal entry's document. */
const refOfEntry = (e: StatementEntry): DocumentRef => ({ type: e.documentType, id: e.documentId });

/**
 * The property's bills not paid and rent not yet paid, as of now (docs/reports.md "Owner statement"): its
 * expenses dated up to the month's end with an amount due (payouts to the owner aside: they are not bills), and
 * its RENT invoices due by the month's end with an amount due; drafts and closed documents are not open.
 */
async function openDocumentsOf(propertyId: number, dateTo: string) {
  const [expenses, invoices] = await Promise.all([
    documentsIn('expense', 'property', propertyId, { to: dateTo }),
    documentsIn('invoice', 'property', propertyId, { to: dateTo }),
  ]);
  const bills = expenses.filter(
    (e) => e.description !== OWNER_TYPE && isPosted(EXPENSE, e.status) && amountDueCents(e) > 0,
  );
  const rent = invoices.filter(
    (i) =>
      i.description === 'RENT' && i.dueDate <= dateTo && isPosted(INVOICE, i.status) && amountDueCents(i) > 0,
  );
  return { bills, rent };
}

/** An open document with its words and what it still owes. */
function openDocument(
  record: MoneyRecord,
  facts: ((ref: DocumentRef) => DocumentFacts | undefined) | undefined,
): OpenDocument {
  const documentType = 'invoiceId' in record ? 'invoice' : 'expense';
  const documentId = documentIdOf(record);
  const found = facts?.({ type: documentType, id: documentId });
  const dueCents = amountDueCents(record);
  return {
    documentType,
    documentId,
    date: documentDateOf(record),
    dueDate: record.dueDate,
    description: lineDescription(
      documentType === 'invoice' ? 'income' : 'expense',
      dueCents,
      { documentType, documentId },
      record.description,
      found ?? { firstLine: '' },
    ),
    party: found?.party ?? '',
    dueCents,
  };
}

/** The fee rows of the account (every month read: a fee line of the month may be an earlier month's). */
const feeRowsOf = (rows: readonly AccountRow[]) => rows.filter((r): r is FeeRow => r.kind === 'fee');

/** The statement of a landlord whose profile and properties the caller read already, made at `now`. */
export async function statementOfProperties(
  month: string,
  landlord: AdminProfile,
  properties: readonly PropertyRecord[],
  made: { now: Date; settings?: Pick<SiteSettings, 'managementFeePercent' | 'systemTimeZone'> },
): Promise<OwnerStatement> {
  const range = monthRange(month);
  const site = made.settings ?? (await getSettings());
  const months = await mapLimited(properties, async (property) => {
    const [entries, account, open] = await Promise.all([
      propertyLedgerBetween(property.propertyId, range.dateFrom, range.dateTo),
      ownerAccountThrough(property.propertyId, month),
      openDocumentsOf(property.propertyId, range.dateTo),
    ]);
    return {
      property,
      feePercent: feePercentOf(property, site.managementFeePercent),
      feeTerms: feeTermsOf(property, site.managementFeePercent),
      feeCharged: feeRowOf(account, month) !== undefined,
      feeRows: feeRowsOf(account),
      openingBalanceCents: openingBalanceCents(account, month),
      openingHeld: openingHeldCents(account, month),
      reserveCents: property.ownerReserveCents ?? 0,
      entries,
      open,
    };
  });
  const facts = await documentFactsOf([
    ...months.flatMap((m) => m.entries.map(refOfEntry)),
    ...months
      .flatMap((m) => [...m.open.bills, ...m.open.rent])
      .map((r) => ({
        type: 'invoiceId' in r ? ('invoice' as const) : ('expense' as const),
        id: documentIdOf(r),
      })),
  ]);
  return statementOf(
    {
      month,
      ...range,
      statementDate: todayIn(site.systemTimeZone, made.now),
      landlord: landlord.adminId,
      landlordName: landlordNameOf(landlord),
      landlordAddress: landlord.adminAddress?.trim() ?? '',
    },
    months.map(({ open, ...m }) => ({
      ...m,
      unpaidBills: open.bills.map((r) => openDocument(r, facts)),
      unpaidRent: open.rent.map((r) => openDocument(r, facts)),
    })),
    (entry) => facts(refOfEntry(entry)),
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
export async function ownerStatementOf(month: string, landlord: number, now: Date): Promise<OwnerStatement> {
  monthRange(month);
  const profile = await landlordProfile(landlord);
  return statementOfProperties(month, profile, await propertiesOfLandlord(landlord), { now });
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
