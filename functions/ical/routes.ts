/**
 * The public iCal export feed of a VR property (DESIGN.md "iCal"; beyond the spec: "Paths of what we add
 * beyond the spec", controller ical). The path keeps the legacy shape with `.ics` in place of `.json`.
 */
import * as v from 'valibot';
import { defineRoute } from '../../shared/http/route.js';

const beyondSpec =
  'DESIGN.md "iCal" and "Paths of what we add beyond the spec" (ical): channels (Airbnb, Booking.com, VRBO) subscribe to a property’s availability.';

export const exportFeed = defineRoute({
  id: 'ical.export',
  group: 'ical',
  tags: ['iCal'],
  method: 'GET',
  path: '/API/ical/V1/{propertyId}.ics',
  summary: 'A VR property’s stays and blocks as an iCalendar feed (text/calendar)',
  description:
    'Answers text/calendar (RFC 5545): one all-day event per reservation or block that holds nights, DTEND = check-out (exclusive), UID `reservation-<id>@<API host>` (stable), summary "Reserved" or "Blocked", no guest data. The `token` is the property’s secret (adminIcal export/{propertyId}.json); a wrong or missing token answers 404 like a property that does not exist.',
  auth: { kind: 'public' },
  beyondSpec,
  // Loose on purpose: anything that is not a VR property with this token is the same 404.
  params: v.object({ propertyId: v.string() }),
  query: v.object({ token: v.optional(v.string()) }),
  response: v.pipe(v.string(), v.description('An iCalendar (RFC 5545) VCALENDAR')),
  responseType: 'text/calendar',
  errors: { 404: 'no such VR property, or a wrong or missing token' },
});

export const routes = [exportFeed];
