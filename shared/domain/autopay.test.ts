import { describe, expect, it } from 'vitest';
import { autopayReach, rentInvoiceIdsOf } from './autopay.js';

const invoice = (invoiceId: number, description: string, status = 0, totalCents = 100_00, paidCents = 0) => ({
  invoiceId,
  description,
  status,
  totalCents,
  paidCents,
});

describe('what autopay will and will not charge', () => {
  const rentDueLater = invoice(1, 'RENT');
  const rentOverdue = invoice(2, 'RENT');
  const lateFee = invoice(3, 'ADJUSTMENT', 0, 25_00);
  const deposit = invoice(4, 'DEPOSIT');
  const paid = invoice(5, 'RENT', 1, 100_00, 100_00);
  const processing = invoice(6, 'RENT', 3);
  const partlyPaid = invoice(7, 'RENT', 0, 100_00, 40_00);
  const cancelled = invoice(8, 'RENT', 5);
  const all = [rentDueLater, rentOverdue, lateFee, deposit, paid, processing, partlyPaid, cancelled];

  it('charges the rent no run has considered yet, and leaves every other open invoice to its pay link', () => {
    const reach = autopayReach(all, true, new Set([1, 5, 6, 7]));
    expect(reach.willCharge.map((i) => i.invoiceId)).toEqual([1, 7]);
    // The overdue rent a run found while autopay was off, the late fee, the deposit.
    expect(reach.willNotCharge.map((i) => i.invoiceId)).toEqual([2, 3, 4]);
  });

  it('charges nothing while off: every open invoice is left to the tenant', () => {
    const reach = autopayReach(all, false, new Set([1, 2]));
    expect(reach.willCharge).toEqual([]);
    expect(reach.willNotCharge.map((i) => i.invoiceId)).toEqual([1, 2, 3, 4, 7]);
  });

  it('reads the watches of the open rent invoices only', () => {
    expect(rentInvoiceIdsOf(all)).toEqual([1, 2, 7]);
  });
});
