/**
 * What a fixture holds, in a few lines per kind, for the local front page (`GET /`): the ids, codes and
 * sign-ins a newcomer types into the docs page or curl. Read from the fixture file, so it never drifts from
 * what was loaded; relative dates (`+5d`) are shown as they are, days from the day the store was seeded.
 */
import { readFileSync } from 'node:fs';
import { ROLE_CODES } from '../../shared/auth/roles.js';

export interface DemoAccount {
  kind: 'admin' | 'tenant';
  /** What the account is, e.g. "admin (super_admin)". */
  role: string;
  login: string;
  secret: string;
}

/** One kind of record: a heading and one row per record (its id or code, then what it is). */
export interface DemoRecords {
  kind: string;
  rows: { id: string; what: string }[];
}

export interface DemoStore {
  accounts: DemoAccount[];
  records: DemoRecords[];
}

type Row = Record<string, unknown>;
interface Fixture {
  admins?: Row[];
  tenants?: Row[];
  properties?: Row[];
  leases?: Row[];
  rentHistory?: Row;
  coupons?: Row[];
  reservations?: Row[];
  invoices?: Row[];
  expenses?: Row[];
}

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
/** `+5d` → "today+5" (days from the day the store was seeded); a plain date as it is. */
const day = (value: unknown) => str(value).replace(/^([+-])(\d+)d$/, (_, sign, n) => `today${sign}${n}`);
const inactive = (r: Row) => (Number(r.isActive ?? 1) === 0 ? ', inactive' : '');

function accountsOf(fixture: Fixture): DemoAccount[] {
  const admins = (fixture.admins ?? []).map(
    (a): DemoAccount => ({
      kind: 'admin',
      role: `admin (${ROLE_CODES[Number(a.adminRole)] ?? str(a.adminRole)})`,
      login: str(a.adminAPIKey),
      secret: str(a.adminAPISecret),
    }),
  );
  const tenants = (fixture.tenants ?? []).flatMap((t): DemoAccount[] =>
    t.password
      ? [
          {
            kind: 'tenant',
            role: `tenant ${str(t.tenantId)}`,
            login: str(t.tenantEmail),
            secret: str(t.password),
          },
        ]
      : [],
  );
  return [...admins, ...tenants];
}

function couponTerms(c: Row): string {
  const value = c.type === 'percent' ? `${str(c.value)} % off` : `${Number(c.value).toFixed(2)} off`;
  const terms = [value];
  if (c.minNights) terms.push(`${str(c.minNights)}+ nights`);
  if (Array.isArray(c.propertyIds) && c.propertyIds.length) terms.push(`only ${c.propertyIds.join(', ')}`);
  if (c.maxUses) terms.push(`${str(c.maxUses)} uses (${str(c.uses ?? 0)} used)`);
  if (c.validTo) terms.push(`until ${day(c.validTo)}`);
  return `${terms.join(', ')}${inactive(c)}`;
}

const money = (value: unknown) => Number(value).toFixed(2);

/** A lease's tenant, property, dates and terms, e.g. "tenant 1 at 101 from 2025-06-01, 1450.00 due on the 1st …". */
function leaseTerms(l: Row): string {
  const fee = (l.lateFee ?? {}) as Row;
  const parts = [`tenant ${str(l.tenantId)} at ${str(l.propertyId)} from ${day(l.startDate)}`];
  if (l.endDate) parts.push(`to ${day(l.endDate)}`);
  if (l.rent !== undefined) parts.push(`${money(l.rent)} due on day ${str(l.dueDay ?? 1)}`);
  if (l.graceDays !== undefined) parts.push(`${str(l.graceDays)} grace days`);
  if (fee.flat !== undefined)
    parts.push(
      `late fee ${money(fee.flat)}${Number(fee.daily ?? 0) ? ` + ${money(fee.daily)}/day` : ''}${fee.maxPerMonth ? ` (at most ${money(fee.maxPerMonth)})` : ''}`,
    );
  if (l.dateCreated) parts.push(`recorded ${day(l.dateCreated)}`);
  return parts.join(', ');
}

/** What the fixture's rent history makes (infra/local/fixture/rent.ts). */
const rentHistoryRows = (f: Fixture) =>
  f.rentHistory
    ? [
        {
          id: 'rent run',
          what: `RENT invoices made by the rent run on the past days through ${day(f.rentHistory.through ?? '+0d').replace('today+0', 'today')}, paid by ${str(f.rentHistory.method ?? 'bank_transfer')} on their due dates but the last ${str(f.rentHistory.lateMonths ?? 1)} overdue, which owe late fees`,
        },
      ]
    : [];

function recordsOf(f: Fixture): DemoRecords[] {
  const kinds: DemoRecords[] = [
    {
      kind: 'Properties',
      rows: (f.properties ?? []).map((p) => ({
        id: str(p.propertyId),
        what: `${str(p.propertyName)} (${str(p.type).toUpperCase()}${Number(p.onWebsite ?? 1) === 0 ? ', off the website' : ''})`,
      })),
    },
    {
      kind: 'Tenants',
      rows: (f.tenants ?? []).map((t) => ({
        id: str(t.tenantId),
        what: `${str(t.tenantFirstName)} ${str(t.tenantLastName)} <${str(t.tenantEmail)}>`,
      })),
    },
    {
      kind: 'Leases',
      rows: [
        ...(f.leases ?? []).map((l) => ({ id: str(l.leaseId), what: leaseTerms(l) })),
        ...rentHistoryRows(f),
      ],
    },
    {
      kind: 'Coupons',
      rows: (f.coupons ?? []).map((c) => ({ id: str(c.couponCode ?? c.code), what: couponTerms(c) })),
    },
    {
      kind: 'Reservations',
      rows: (f.reservations ?? []).map((r) => ({
        id: str(r.reservationId),
        what: `${r.adminBlock ? 'block' : str(r.name)} at ${str(r.propertyId)}, ${day(r.dateFrom)} to ${day(r.dateTo)}${str(r.status) === '0' ? ', unconfirmed' : ''}`,
      })),
    },
    {
      kind: 'Invoices',
      rows: (f.invoices ?? []).map((i) => ({
        id: str(i.invoiceId),
        what: `${str(i.description)}, tenant ${str(i.tenantId)}, property ${str(i.propertyId)}${Number(i.status) === 9 ? ', draft' : Array.isArray(i.payments) && i.payments.length ? ', paid' : ', unpaid'}`,
      })),
    },
    {
      kind: 'Expenses',
      rows: (f.expenses ?? []).map((e) => ({
        id: str(e.expenseId),
        what: `${str(e.description)}, payee ${str(e.paytoId)}, property ${str(e.propertyId)}${Array.isArray(e.payments) && e.payments.length ? ', paid' : ', unpaid'}`,
      })),
    },
  ];
  return kinds.filter((k) => k.rows.length > 0);
}

/** The sign-ins and records of a fixture file. */
export function demoStoreOf(fixturePath: string): DemoStore {
  const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Fixture;
  return { accounts: accountsOf(fixture), records: recordsOf(fixture) };
}
