/** The table-change jobs' retry path on the table (shared/data/job-retries-repo.ts), as the reader and sweep use it. */
import {
  claimParked,
  firstParked,
  hasParked,
  keepParked,
  parkRecords,
  retryParkedLater,
  unpark,
} from '../data/job-retries-repo.js';
import type { RetryPath } from './retry-path.js';
import type { ParkedRecords } from './retry-sweep.js';

export const tableRetryPath: RetryPath & ParkedRecords = {
  holds: hasParked,
  park: parkRecords,
  first: firstParked,
  claim: claimParked,
  done: unpark,
  retryLater: retryParkedLater,
  keep: keepParked,
};
