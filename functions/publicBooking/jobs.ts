/** The publicBooking group's background job (docs/jobs.md, docs/booking.md "Holds"), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const holdExpiry = defineJob({
  id: 'holdExpiry',
  group: 'publicBooking',
  entry: 'hold-expiry.ts',
  description:
    'Cancels website bookings whose hold ran out unpaid: nights released, unpaid invoice cancelled',
  kind: 'schedule',
  everyMinutes: 5,
});

export const jobs = [holdExpiry];
