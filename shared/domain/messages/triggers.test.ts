import { describe, expect, it } from 'vitest';
import { kindsFor, kindsForAction } from './triggers.js';

const stay = (over: Record<string, unknown> = {}) => ({
  reservationId: 1,
  source: 'website',
  adminBlock: 0,
  email: 'g@example.test',
  status: '0',
  holdUntil: '2027-01-01T00:00:00.000Z',
  ...over,
});

describe('which announced change mails which kind', () => {
  it('confirms a website booking (held or confirmed) and a stay staff booked for a guest', () => {
    expect(kindsFor('reservation.created', stay())).toEqual(['bookingConfirmation']);
    expect(kindsFor('reservation.created', stay({ status: '1', holdUntil: null }))).toEqual([
      'bookingConfirmation',
    ]);
    expect(kindsFor('reservation.created', stay({ source: 'admin', status: '1' }))).toEqual([
      'bookingConfirmation',
    ]);
  });

  it('never mails a guest who booked elsewhere (channel, iCal), a block, a stay without an address, or a pending request', () => {
    for (const event of ['reservation.created', 'reservation.cancelled', 'reservation.expired']) {
      expect(kindsFor(event, stay({ source: 'channel', status: '1' }))).toEqual([]);
      expect(kindsFor(event, stay({ source: 'ical', status: '1' }))).toEqual([]);
      expect(kindsFor(event, stay({ source: 'admin', adminBlock: 1, status: '4' }))).toEqual([]);
      expect(kindsFor(event, stay({ email: ' ' }))).toEqual([]);
    }
    expect(kindsFor('reservation.created', stay({ source: 'admin', status: '0', holdUntil: null }))).toEqual(
      [],
    );
  });

  it('mails cancellations and expired holds of stays booked with us, receipts of payments on invoices', () => {
    expect(kindsFor('reservation.cancelled', stay({ status: '3', source: 'admin' }))).toEqual([
      'cancellation',
    ]);
    expect(kindsFor('reservation.expired', stay({ status: '3' }))).toEqual(['holdExpired']);
    expect(kindsFor('payment.succeeded', { documentType: 'invoice', amount: 20, status: 0 })).toEqual([
      'paymentReceipt',
    ]);
    expect(kindsFor('payment.succeeded', { documentType: 'invoice', amount: -20 })).toEqual([]);
    expect(kindsFor('payment.succeeded', { documentType: 'expense', amount: 20 })).toEqual([]);
    expect(kindsFor('reservation.modified', stay())).toEqual([]);
    expect(kindsFor(undefined, stay())).toEqual([]);
  });

  it('a payment that pays an invoice in full may be a booking paid: both kinds start, their composers pick one', () => {
    expect(kindsFor('payment.succeeded', { documentType: 'invoice', amount: 20, status: 1 })).toEqual([
      'paymentReceipt',
      'bookingPaid',
    ]);
    expect(kindsFor('payment.succeeded', { documentType: 'invoice', amount: -20, status: 1 })).toEqual([]);
  });

  it('mails the applicant of a decided application, approved or declined, when it has an address', () => {
    const decided = { applicationId: 1, tenantEmail: 'a@example.test' };
    expect(kindsFor('application.decided', { ...decided, status: 'approved' })).toEqual([
      'applicationDecision',
    ]);
    expect(kindsFor('application.decided', { ...decided, status: 'declined' })).toEqual([
      'applicationDecision',
    ]);
    expect(kindsFor('application.decided', { ...decided, tenantEmail: '' })).toEqual([]);
    expect(kindsFor('application.submitted', decided)).toEqual([]);
  });

  it('mails a tenant a new RENT or DEPOSIT invoice, and a late fee of a lease; never a draft, a paid one or a booking', () => {
    const invoice = (over: Record<string, unknown>) => ({
      tenantId: 4,
      status: 0,
      description: 'RENT',
      ...over,
    });
    expect(kindsFor('invoice.created', invoice({}))).toEqual(['invoiceIssued']);
    expect(kindsFor('invoice.created', invoice({ description: 'DEPOSIT' }))).toEqual(['invoiceIssued']);
    expect(kindsFor('invoice.created', invoice({ description: 'ADJUSTMENT', leaseId: 9 }))).toEqual([
      'lateFeePosted',
    ]);
    expect(kindsFor('invoice.created', invoice({ description: 'ADJUSTMENT' }))).toEqual([]);
    expect(kindsFor('invoice.created', invoice({ status: 9 }))).toEqual([]);
    expect(kindsFor('invoice.created', invoice({ status: 1 }))).toEqual([]);
    expect(kindsFor('invoice.created', invoice({ description: 'BOOKING' }))).toEqual([]);
    expect(kindsFor('invoice.created', invoice({ tenantId: null }))).toEqual([]);
  });
});

describe('changes that mail without a webhook event', () => {
  it('autopay turned on mails the tenant what it will and will not charge; the other autopay steps mail nothing', () => {
    expect(kindsForAction('tenant', 'autopayOn')).toEqual(['autopayOn']);
    expect(kindsForAction('tenant', 'autopayOff')).toEqual([]);
    expect(kindsForAction('tenant', 'autopaySetupStarted')).toEqual([]);
    expect(kindsForAction('invoice', 'autopayOn')).toEqual([]);
    expect(kindsForAction(undefined, undefined)).toEqual([]);
  });

  it('the account’s mailed links: a reset asked for, the password changed by it, a guest record’s bookings found', () => {
    expect(kindsForAction('tenant', 'passwordResetRequested')).toEqual(['passwordReset']);
    expect(kindsForAction('tenant', 'passwordReset')).toEqual(['passwordChanged']);
    expect(kindsForAction('tenant', 'guestClaimOffered')).toEqual(['guestClaim']);
    // An admin's password change and an activation are no reset: they mail nothing of it.
    expect(kindsForAction('tenant', 'updated')).toEqual([]);
    expect(kindsForAction('tenant', 'activated')).toEqual([]);
    expect(kindsForAction('reservation', 'passwordReset')).toEqual([]);
  });
});
