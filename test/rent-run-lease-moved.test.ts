/**
 * The rent run when a lease changes between the run's read and its charge: the admin's PUT (a new end and a new
 * rent) lands right after the run read the leases, so the charge's check of the end fails and the run reads the
 * lease again; the month is then charged with the terms of that new read (the new rent, prorated to the new
 * end), never with the terms read first.
 */
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '../shared/domain/dates.js';
import { createLtrProperty, createTenant } from './support/builders.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { expectBooksWhole } from './support/payments.js';

/** The run's read of every lease, with a hook that runs once right after it answered. */
const afterLeasesRead = vi.hoisted(() => ({ once: undefined as (() => Promise<void>) | undefined }));
vi.mock('../shared/data/leases-repo.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../shared/data/leases-repo.js')>();
  return {
    ...actual,
    allLeases: async () => {
      const leases = await actual.allLeases();
      const hook = afterLeasesRead.once;
      afterLeasesRead.once = undefined;
      await hook?.();
      return leases;
    },
  };
});

useLocalTable();
const { runRent } = await import('../shared/workflows/rent/run.js');

const admin = await signedIn('super');
const by = { actor: 'system:rent' as const, requestId: 'rent-run-lease-moved-test' };

const monthStart = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
};
const daysIn = (date: string) =>
  new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

interface Invoice {
  invoiceId: number;
  description: string;
  totalComputed: number;
}

describe('a lease moved while the run charges it', () => {
  it('is charged with the terms of the lease as read again, not those read first', async () => {
    const start = monthStart(2);
    const propertyId = await createLtrProperty({
      propertyRate: '1000',
      latePenalty: '0',
      propertyDeposit: '0',
    });
    const tenant = await createTenant({ isActive: 1 });
    const created = await admin.post<{ leaseId: number }>('/API/adminLeases/V1/leases.json', {
      tenantId: tenant.tenantId,
      propertyId,
      startDate: start,
      rent: '1000.00',
      issueDaysBefore: 0,
    });
    expect(created.status, created.text).toBe(201);
    const end = addDays(start, 9);
    afterLeasesRead.once = async () => {
      const moved = await admin.put(`/API/adminLeases/V1/leases/${created.body.leaseId}.json`, {
        endDate: end,
        rent: '2000.00',
      });
      expect(moved.status, moved.text).toBe(200);
    };
    const result = await runRent(start, by, new Date(), { currency: 'USD', timeZone: 'UTC' }, start);
    expect(afterLeasesRead.once).toBeUndefined();
    const charged = result.invoices.filter((i) => i.leaseId === created.body.leaseId);
    // 10 days of the new rent: 2000.00 × 10 / days in the month.
    const tenDays = Math.floor((2 * 200_000 * 10 + daysIn(start)) / (2 * daysIn(start)));
    expect(charged.map((i) => i.amountCents)).toEqual([tenDays]);

    const invoices = await admin.get<{ items: Invoice[] }>('/API/adminInvoices/V1/invoices.json', {
      query: { tenantId: tenant.tenantId, limit: 100 },
    });
    expect(invoices.body.items.map((i) => [i.description, i.totalComputed])).toEqual([
      ['RENT', tenDays / 100],
    ]);
    await expectBooksWhole(invoices.body.items.map((i) => i.invoiceId));
  });
});
