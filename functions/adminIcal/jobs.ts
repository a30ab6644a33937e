/** The adminIcal group's background job (docs/jobs.md, docs/ical.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const icalImport = defineJob({
  id: 'icalImport',
  group: 'adminIcal',
  entry: 'importer.ts',
  description:
    'Imports every iCal feed: blocks created, moved and released by UID; conflicts recorded; feed health',
  kind: 'schedule',
  everyMinutes: 15,
});

export const jobs = [icalImport];
