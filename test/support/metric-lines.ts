/**
 * The EMF lines a call prints (shared/metrics.ts), read back as the tests' evidence that a writer names the
 * namespace, metrics and dimensions the stack's alarms watch. The test run turns metrics off
 * (POWERTOOLS_METRICS_DISABLED in vitest.config.ts); they are on for the call only.
 */
import { vi } from 'vitest';

export interface EmfLine {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [key: string]: unknown;
}

export function metricLinesOf(write: () => void): EmfLine[] {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
  try {
    write();
  } finally {
    spy.mockRestore();
    vi.unstubAllEnvs();
  }
  return printed
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EmfLine);
}

/** One line's only directive: what CloudWatch makes of it. */
export function directiveOf(line: EmfLine | undefined) {
  const directive = line?._aws.CloudWatchMetrics[0];
  if (!directive) throw new Error('not an EMF line');
  return directive;
}
