/**
 * Waiting for the background jobs (docs/jobs.md) through the local runtime's control endpoints, so it works
 * whichever process runs the runtime: `await jobsCaughtUp()` after a write, before reading what a job makes.
 */
import { API_URL } from './client.js';

async function control(path: string, baseUrl: string): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(path, baseUrl), { method: 'POST' });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Resolves when every record written so far has been handled by the table-change jobs. */
export async function jobsCaughtUp(baseUrl = API_URL): Promise<void> {
  await control('/_local/jobs/drain', baseUrl);
}

/** Runs a schedule job now. */
export async function runJob(jobId: string, baseUrl = API_URL): Promise<void> {
  await control(`/_local/jobs/${encodeURIComponent(jobId)}/run`, baseUrl);
}
