/**
 * The export feed of one VR property (DESIGN.md "iCal"): every stay that holds nights, as an all-day event
 * from its first night to its check-out (DTEND exclusive, as RFC 5545 reads an all-day DTEND), with a UID
 * that names the reservation and never changes (`reservation-<id>@<domain>`), a SEQUENCE that rises with each
 * change of the stay (RFC 5545 3.8.7.4: a calendar keeps the revision of a UID with the highest SEQUENCE, so a
 * moved stay at SEQUENCE 0 may be read as the old one), and nothing about the guest: the summary says only
 * "Reserved" or "Blocked".
 */
import ical from 'ical-generator';
import { holdsUnits, RESERVATION_STATUS, type ReservationStatus } from '../booking/reservation.js';

export interface ExportedStay {
  reservationId: number;
  dateFrom: string;
  dateTo: string;
  status: ReservationStatus;
  /** When the stay last changed: the event's DTSTAMP and LAST-MODIFIED. */
  dateUpdated: string;
  /** How many times the stay changed since it was made (its stored version less one): the event's SEQUENCE. */
  sequence: number;
}

export interface ExportInput {
  propertyId: number;
  /** The UID domain: the API's host name, so UIDs are globally unique and stable. */
  domain: string;
  stays: readonly ExportedStay[];
}

export const exportUid = (reservationId: number, domain: string) => `reservation-${reservationId}@${domain}`;

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

export function exportCalendar(input: ExportInput): string {
  const calendar = ical({
    name: `Availability of property ${input.propertyId}`,
    prodId: { company: 'rental-pm-api', product: 'availability', language: 'EN' },
  });
  const stays = input.stays
    .filter((stay) => holdsUnits(stay.status))
    .sort((a, b) => a.dateFrom.localeCompare(b.dateFrom) || a.reservationId - b.reservationId);
  for (const stay of stays) {
    const updated = new Date(stay.dateUpdated);
    calendar.createEvent({
      id: exportUid(stay.reservationId, input.domain),
      // ical-generator writes an all-day Date as its UTC calendar date: UTC midnight is the site date.
      start: utcMidnight(stay.dateFrom),
      end: utcMidnight(stay.dateTo),
      allDay: true,
      summary: stay.status === RESERVATION_STATUS.adminBlock ? 'Blocked' : 'Reserved',
      stamp: updated,
      lastModified: updated,
      sequence: stay.sequence,
    });
  }
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too; ical-generator stops after
  // END:VCALENDAR, and strict readers refuse (or drop) a last line without its line break.
  return `${calendar.toString()}\r\n`;
}
