/**
 * Local-only control endpoints of the job runner (docs/jobs.md), for tests and for trying jobs by hand. They
 * exist only in the local runtime (never in the registry, the cloud or the OpenAPI document):
 * - `GET  /_local/jobs`           every job's status (pending, handled, failures, kept failures);
 * - `POST /_local/jobs/drain`     answers when every record written so far has been handled;
 * - `POST /_local/jobs/{id}/run`  runs a schedule job now (404 for an unknown or non-schedule job).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type JobRunner, UnknownJob } from './job-runner.js';

const PREFIX = '/_local/jobs';

export async function serveJobControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  runner: JobRunner,
): Promise<boolean> {
  if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return false;
  try {
    if (req.method === 'GET' && path === PREFIX) return send(res, 200, { jobs: runner.status() });
    if (req.method === 'POST' && path === `${PREFIX}/drain`) {
      await runner.drain();
      return send(res, 200, { drained: true, jobs: runner.status() });
    }
    const run = /^\/_local\/jobs\/([A-Za-z0-9_-]+)\/run$/.exec(path);
    if (req.method === 'POST' && run?.[1]) {
      await runner.runSchedule(run[1]);
      return send(res, 200, { ran: run[1], jobs: runner.status() });
    }
    return send(res, 404, { error: `no local job endpoint ${req.method} ${path}` });
  } catch (error) {
    if (error instanceof UnknownJob) return send(res, 404, { error: error.message });
    return send(res, 500, { error: (error as Error).message });
  }
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify(body)}\n`);
  return true;
}
