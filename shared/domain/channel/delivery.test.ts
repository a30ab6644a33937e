import { describe, expect, it } from 'vitest';
import { channelReference, conflictDetail, planDelivery } from './delivery.js';

describe('channel delivery plan', () => {
  const open = { reservationId: 7, cancelled: false };
  const cancelled = { reservationId: 7, cancelled: true };

  it('creates a new stay once; a repeated create answers the same id', () => {
    expect(planDelivery('reservation.created', undefined)).toEqual({ kind: 'create' });
    expect(planDelivery('reservation.created', open)).toEqual({ kind: 'repeat', reservationId: 7 });
    expect(planDelivery('reservation.created', cancelled)).toEqual({ kind: 'repeat', reservationId: 7 });
  });

  it('treats a modify before its create as the create, and never revives a cancelled stay', () => {
    expect(planDelivery('reservation.modified', undefined)).toEqual({ kind: 'create' });
    expect(planDelivery('reservation.modified', open)).toEqual({ kind: 'change', reservationId: 7 });
    expect(planDelivery('reservation.modified', cancelled)).toEqual({ kind: 'repeat', reservationId: 7 });
  });

  it('cancels a mapped stay (again: still a cancel, which changes nothing) and knows no unmapped one', () => {
    expect(planDelivery('reservation.cancelled', open)).toEqual({ kind: 'cancel', reservationId: 7 });
    expect(planDelivery('reservation.cancelled', cancelled)).toEqual({ kind: 'cancel', reservationId: 7 });
    expect(planDelivery('reservation.cancelled', undefined)).toEqual({ kind: 'unknown' });
  });

  it('names the reference and the refused stay', () => {
    expect(channelReference('airbnb', 'HM-1#2')).toBe('airbnb#HM-1#2');
    const detail = conflictDetail(
      'airbnb',
      'HM1',
      { propertyId: 3, dateFrom: '2027-01-02', dateTo: '2027-01-05' },
      'a night is fully booked',
    );
    expect(detail).toMatch(/airbnb reservation HM1.*property 3 from 2027-01-02 to 2027-01-05/);
  });
});
