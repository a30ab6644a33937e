/**
 * The accountingSync job's Lambda entry (every minute; locally a timer, and `/_local/jobs/accountingSync/run`):
 * one run of the sync (sync-run.ts). A run that finds another under way, or no connection, does nothing.
 */
import { runSync } from './sync-run.js';

export const handler = async (): Promise<void> => {
  await runSync();
};
