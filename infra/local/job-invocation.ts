/** What the local job runner and its workers share: a job handler's type, a job's status, the Lambda context. */
import type { Context } from 'aws-lambda';
import type { JobContract } from '../../shared/jobs/contract.js';

const REGION = 'us-east-1';

// biome-ignore lint/suspicious/noExplicitAny: a job handler's event and result depend on its kind; the runner builds the right event.
export type JobHandler = (event: any, context: Context) => Promise<unknown>;

export interface JobStatus {
  id: string;
  kind: JobContract['kind'];
  /** Records waiting (table-change jobs). */
  pending: number;
  /** Records handled (table-change) or runs completed (schedule). */
  handled: number;
  /** Failed attempts (each followed by a retry, or by keeping the record). */
  failures: number;
  /** Records given up on after the last try, kept as JOBFAILURE items. */
  keptFailures: number;
  lastError?: string;
}

/** The context a Lambda gets, as far as handlers read it. */
export function lambdaContext(jobId: string): Context {
  const deadline = Date.now() + 60_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-job-${jobId}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:000000000000:function:local-job-${jobId}`,
    memoryLimitInMB: '256',
    awsRequestId: crypto.randomUUID(),
    logGroupName: `/aws/lambda/local-job-${jobId}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
