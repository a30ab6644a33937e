/** What the guest mails of a stay share: the stay and its property, as the mails write them. */
import type { StayGuests } from '../../booking/reservation.js';
import { day, type MailSite, plural } from '../format.js';
import type { FactRow } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface StayFacts {
  reservationId: number;
  /** The guest's name as they typed it (defanged here). */
  guestName: string;
  dateFrom: string;
  dateTo: string;
  nights: number;
  guests: StayGuests | null;
}

export interface PropertyFacts {
  name: string;
  address: string;
  location: string;
}

/** `2 adults, 1 child, 1 pet`. */
export function partyOf(guests: StayGuests): string {
  const parts = [plural(guests.adults, 'adult'), plural(guests.children, 'child', 'children')];
  if (guests.children === 0) parts.pop();
  if (guests.pets > 0) parts.push(plural(guests.pets, 'pet'));
  return parts.join(', ');
}

/** The greeting line: the guest's first word of their name, defanged. */
export const greeting = (stay: Pick<StayFacts, 'guestName'>): string => {
  const first = stay.guestName.trim().split(/\s+/)[0] ?? '';
  return first === '' ? 'Hello,' : `Hello ${defang(first)},`;
};

export function stayRows(site: MailSite, stay: StayFacts, property: PropertyFacts): FactRow[] {
  const where = [property.address, property.location].map((s) => s.trim()).filter((s) => s !== '');
  return [
    { label: 'Booking', value: `#${stay.reservationId}` },
    { label: 'Guest', value: defang(stay.guestName) },
    { label: 'Property', value: property.name },
    ...(where.length > 0 ? [{ label: 'Address', value: where.join(', ') }] : []),
    { label: 'Check-in', value: `${day(site, stay.dateFrom)}, from ${site.checkInTime}` },
    { label: 'Check-out', value: `${day(site, stay.dateTo)}, by ${site.checkOutTime}` },
    { label: 'Nights', value: String(stay.nights) },
    ...(stay.guests ? [{ label: 'Guests', value: partyOf(stay.guests) }] : []),
  ];
}
