import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type LeaseRecord, type LeaseTerms, termsOf } from '../lease.js';
import {
  createLeaseBody,
  leaseResponse,
  leaseTermsBody,
  leaseView,
  termsFrom,
  termsView,
  updateLeaseBody,
} from './terms-input.js';

/** Each issue as `field: message`, as the problem body lists them (shared/http/validate.ts). */
function problems(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? [] : result.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`);
}

const lease = { tenantId: 7, propertyId: 101, startDate: '2027-03-15' };
const defaults = { propertyRateCents: 150_000, propertyDepositCents: 200_000, latePenaltyCents: 5_000 };

describe('the lease create body', () => {
  it('takes tenant, property and start; an absent, null or empty end is month to month', () => {
    for (const endDate of [undefined, null, '']) {
      const body = endDate === undefined ? lease : { ...lease, endDate };
      expect(v.parse(createLeaseBody, body)).toEqual({ ...lease, endDate: '' });
    }
  });

  it('takes amounts as numbers or strings into cents and the terms as given', () => {
    const body = v.parse(createLeaseBody, {
      ...lease,
      endDate: '2028-03-14',
      rent: '1450.50',
      deposit: 2000,
      dueDay: '28',
      graceDays: 0,
      lateFee: { flat: 50, percent: '12.5', daily: 10, maxPerMonth: null },
      issueDaysBefore: 60,
    });
    expect(body).toEqual({
      ...lease,
      endDate: '2028-03-14',
      rent: 145_050,
      deposit: 200_000,
      dueDay: 28,
      graceDays: 0,
      lateFee: { flat: 5_000, percent: 12.5, daily: 1_000, maxPerMonth: null },
      issueDaysBefore: 60,
    });
  });

  it('refuses a due day of 0 or 29, negative amounts, an end before the start, a percent over 100, naming the field', () => {
    expect(problems(createLeaseBody, { ...lease, dueDay: 0 })).toEqual(['dueDay: must be at least 1']);
    expect(problems(createLeaseBody, { ...lease, dueDay: 29 })).toEqual(['dueDay: must be at most 28']);
    expect(problems(createLeaseBody, { ...lease, rent: -1 })).toEqual(['rent: must not be negative']);
    expect(problems(createLeaseBody, { ...lease, deposit: '-5.00' })).toEqual([
      'deposit: must not be negative',
    ]);
    expect(problems(createLeaseBody, { ...lease, lateFee: { daily: -1 } })).toEqual([
      'lateFee.daily: must not be negative',
    ]);
    expect(problems(createLeaseBody, { ...lease, endDate: '2027-03-14' })).toEqual([
      'endDate: must not be before startDate',
    ]);
    expect(problems(createLeaseBody, { ...lease, lateFee: { percent: 100.01 } })).toEqual([
      'lateFee.percent: must be at most 100',
    ]);
  });

  it('refuses other bad terms: an unreal date, a percent with 4 decimals, grace or issue days over 60, unknown fields', () => {
    expect(problems(createLeaseBody, { ...lease, endDate: '2027-02-29' })).toEqual([
      'endDate: is not a calendar date',
    ]);
    expect(problems(createLeaseBody, { ...lease, lateFee: { percent: 1.0005 } })).toEqual([
      'lateFee.percent: must have at most 3 decimals',
    ]);
    expect(problems(createLeaseBody, { ...lease, graceDays: 61 })).toEqual(['graceDays: must be at most 60']);
    expect(problems(createLeaseBody, { ...lease, issueDaysBefore: -1 })).toEqual([
      'issueDaysBefore: must be at least 0',
    ]);
    expect(problems(createLeaseBody, { ...lease, lateFees: {} })).toHaveLength(1);
    expect(problems(createLeaseBody, { tenantId: 7, startDate: '2027-03-15' })).toHaveLength(1);
  });

  it('has the same dates rule without tenant and property (an application’s approval)', () => {
    expect(v.parse(leaseTermsBody, { startDate: '2027-03-15', rent: 1000 })).toEqual({
      startDate: '2027-03-15',
      endDate: '',
      rent: 100_000,
    });
    expect(problems(leaseTermsBody, { startDate: '2027-03-15', endDate: '2027-03-01' })).toEqual([
      'endDate: must not be before startDate',
    ]);
  });
});

describe('money and dates in the terms (DESIGN.md "Money inputs")', () => {
  it('refuses an amount with more than 2 decimals, never rounding it (a cap of 0.004 is not "no late fees")', () => {
    expect(problems(createLeaseBody, { ...lease, rent: 1450.505 })).toEqual([
      'rent: must have at most 2 decimals',
    ]);
    expect(problems(createLeaseBody, { ...lease, deposit: '2000.001' })).toEqual([
      'deposit: must have at most 2 decimals',
    ]);
    for (const field of ['flat', 'daily'])
      expect(problems(createLeaseBody, { ...lease, lateFee: { [field]: 0.004 } })).toEqual([
        `lateFee.${field}: must have at most 2 decimals`,
      ]);
    expect(problems(createLeaseBody, { ...lease, lateFee: { maxPerMonth: 0.004 } })).toEqual([
      'lateFee.maxPerMonth: must be an amount such as 125.50 (not negative, at most 2 decimals), or null or "" for no cap',
    ]);
    expect(problems(updateLeaseBody, { rent: '99.999' })).toEqual(['rent: must have at most 2 decimals']);
  });

  it('takes amounts to the cent exactly: 1.15 is 115 cents, not 114', () => {
    expect(
      v.parse(createLeaseBody, { ...lease, rent: 1.15, lateFee: { maxPerMonth: '0.29' } }),
    ).toMatchObject({
      rent: 115,
      lateFee: { maxPerMonth: 29 },
    });
  });

  it('takes dates from 2000-01-01 to 2100-12-31 only', () => {
    for (const startDate of ['0000-01-01', '1999-12-31', '2101-01-01'])
      expect(problems(createLeaseBody, { ...lease, startDate })).toEqual([
        'startDate: must be between 2000-01-01 and 2100-12-31',
      ]);
    expect(problems(createLeaseBody, { ...lease, endDate: '9999-12-31' })).toEqual([
      'endDate: must be between 2000-01-01 and 2100-12-31',
    ]);
    expect(problems(updateLeaseBody, { startDate: '2100-12-31' })).toEqual([]);
  });
});

describe('the lease update body (PUT)', () => {
  it('takes any of the terms and the dates, and refuses none at all', () => {
    expect(v.parse(updateLeaseBody, { lateFee: { maxPerMonth: null } })).toEqual({
      lateFee: { maxPerMonth: null },
    });
    expect(v.parse(updateLeaseBody, { startDate: '2027-01-01' })).toEqual({ startDate: '2027-01-01' });
    expect(problems(updateLeaseBody, {})).toEqual([
      'null: give at least one of startDate, endDate, rent, dueDay, graceDays, lateFee, issueDaysBefore',
    ]);
  });

  it('refuses the deposit: it was invoiced when the lease was made', () => {
    expect(problems(updateLeaseBody, { deposit: 5 })).toHaveLength(1);
  });

  it('makes the lease open-ended again with an end of null or "", and leaves out an end not given', () => {
    expect(v.parse(updateLeaseBody, { endDate: null })).toEqual({ endDate: '' });
    expect(v.parse(updateLeaseBody, { endDate: '' })).toEqual({ endDate: '' });
    expect(v.parse(updateLeaseBody, { rent: 5 })).not.toHaveProperty('endDate');
  });

  it('checks the dates when both are given; one alone is checked against the lease (the workflow)', () => {
    expect(problems(updateLeaseBody, { startDate: '2027-03-15', endDate: '2027-03-14' })).toEqual([
      'endDate: must not be before startDate',
    ]);
    expect(problems(updateLeaseBody, { endDate: '2000-01-01' })).toEqual([]);
  });
});

describe('the late fee cap', () => {
  it('is none for null or "" and an amount otherwise', () => {
    const cap = (maxPerMonth: unknown) =>
      v.parse(createLeaseBody, { ...lease, lateFee: { maxPerMonth } }).lateFee?.maxPerMonth;
    expect([cap(null), cap(''), cap('120.00'), cap(0)]).toEqual([null, null, 12_000, 0]);
    expect(problems(createLeaseBody, { ...lease, lateFee: { maxPerMonth: -1 } })).toEqual([
      'lateFee.maxPerMonth: must be an amount such as 125.50 (not negative, at most 2 decimals), or null or "" for no cap',
    ]);
  });
});

describe('the terms a body sets', () => {
  it('defaults to the property: rent, deposit, latePenalty as the flat fee; due day 1, grace 5, issued 14 days before', () => {
    expect(termsFrom({}, termsOf({}, defaults))).toEqual({
      rentCents: 150_000,
      depositCents: 200_000,
      dueDay: 1,
      graceDays: 5,
      lateFee: { flatCents: 5_000, percent: 0, dailyCents: 0, maxPerMonthCents: null },
      issueDaysBefore: 14,
    });
  });

  it('keeps the current terms a body does not name, late fee fields one by one; null removes the cap', () => {
    const current: LeaseTerms = {
      rentCents: 120_000,
      depositCents: 0,
      dueDay: 5,
      graceDays: 3,
      lateFee: { flatCents: 2_500, percent: 5, dailyCents: 500, maxPerMonthCents: 10_000 },
      issueDaysBefore: 10,
    };
    expect(termsFrom({ rent: 130_000, lateFee: { daily: 700 } }, current)).toEqual({
      ...current,
      rentCents: 130_000,
      lateFee: { ...current.lateFee, dailyCents: 700 },
    });
    expect(termsFrom({ lateFee: { maxPerMonth: null } }, current).lateFee.maxPerMonthCents).toBeNull();
    expect(termsFrom({ dueDay: 28, graceDays: 0 }, current)).toMatchObject({
      dueDay: 28,
      graceDays: 0,
    });
  });
});

describe('a lease as the API answers it', () => {
  const record: LeaseRecord = {
    leaseId: 3,
    tenantId: 7,
    propertyId: 101,
    status: 'active',
    startDate: '2027-03-15',
    endDate: '',
    dateCreated: '2027-03-01T10:00:00.000Z',
  };
  const terms = termsFrom(
    { rent: 145_050, lateFee: { percent: 2.5, maxPerMonth: 15_000 } },
    termsOf({}, defaults),
  );

  it('shows the terms under the body’s names as amounts, with the status on the day', () => {
    const view = leaseView(record, terms, '2027-03-10');
    expect(view).toEqual({
      leaseId: 3,
      tenantId: 7,
      propertyId: 101,
      status: 'upcoming',
      startDate: '2027-03-15',
      endDate: '',
      rent: 1450.5,
      deposit: 2000,
      dueDay: 1,
      graceDays: 5,
      lateFee: { flat: 50, percent: 2.5, daily: 0, maxPerMonth: 150 },
      issueDaysBefore: 14,
      applicationId: null,
      depositInvoiceId: null,
      dateCreated: '2027-03-01T10:00:00.000Z',
      dateUpdated: '2027-03-01T10:00:00.000Z',
    });
    expect(v.is(leaseResponse, view)).toBe(true);
    expect(leaseView({ ...record, endDate: '2027-03-31' }, terms, '2027-04-01').status).toBe('ended');
  });

  it('answers with amounts a body takes back unchanged', () => {
    const view = leaseView(
      { ...record, applicationId: 9, depositInvoiceId: 4, dateUpdated: '2027-03-02T00:00:00.000Z' },
      terms,
      '2027-04-01',
    );
    const {
      leaseId: _id,
      status: _s,
      applicationId,
      depositInvoiceId,
      dateCreated: _c,
      dateUpdated,
      ...body
    } = view;
    expect([applicationId, depositInvoiceId, dateUpdated]).toEqual([9, 4, '2027-03-02T00:00:00.000Z']);
    expect(termsFrom(v.parse(createLeaseBody, body), termsOf({}, defaults))).toEqual(terms);
    expect(
      termsFrom(v.parse(createLeaseBody, { ...lease, ...termsView(terms) }), termsOf({}, defaults)),
    ).toEqual(terms);
  });
});
