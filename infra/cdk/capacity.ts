/**
 * The stack's capacity settings, read from context with config.ts's others: the stage throttle, the table's
 * warm throughput and the stream reader's parallelization, sized by default for 50 new-guest bookings a
 * second (docs/cloud-stack.md "Booking peak" counts the requests and item writes of one booking).
 */
export interface CapacityConfig {
  /** The stage-wide throttle, requests a second for all clients together (context stageRateLimit). */
  readonly stageRateLimit: number;
  /** The stage-wide throttle's token bucket (context stageBurstLimit). */
  readonly stageBurstLimit: number;
  /** The table's warm throughput: read units a second it serves at once (context tableWarmReads). */
  readonly tableWarmReads: number;
  /** The table's warm throughput: write units a second it serves at once (context tableWarmWrites). */
  readonly tableWarmWrites: number;
  /** Batches of one stream shard the reader runs at once (context streamParallelization, 1–10). */
  readonly streamParallelization: number;
}

/**
 * Defaults of CapacityConfig, from the booking-peak model of docs/cloud-stack.md: 50 bookings/s × 8 requests is
 * 400 requests/s, doubled for browsing and headroom; 50 bookings/s × about 100 write units is 5,000, doubled.
 * DynamoDB's floor for an on-demand table's warm throughput is 12,000 reads and 4,000 writes a second.
 */
export const DEFAULT_CAPACITY: CapacityConfig = {
  stageRateLimit: 800,
  stageBurstLimit: 1600,
  tableWarmReads: 12_000,
  tableWarmWrites: 10_000,
  streamParallelization: 10,
};

/** DynamoDB's floor for an on-demand table's warm throughput, units a second (a new table starts there). */
export const WARM_THROUGHPUT_FLOOR = { reads: 12_000, writes: 4_000 } as const;
/** Lambda's range for an event source mapping's ParallelizationFactor. */
export const MAX_STREAM_PARALLELIZATION = 10;

/** Context stageRateLimit, stageBurstLimit, tableWarmReads, tableWarmWrites, streamParallelization. */
export function readCapacity(get: (key: string) => unknown): CapacityConfig {
  const read = (key: keyof CapacityConfig) => countOf(get(key), key) ?? DEFAULT_CAPACITY[key];
  const capacity: CapacityConfig = {
    stageRateLimit: read('stageRateLimit'),
    stageBurstLimit: read('stageBurstLimit'),
    tableWarmReads: read('tableWarmReads'),
    tableWarmWrites: read('tableWarmWrites'),
    streamParallelization: read('streamParallelization'),
  };
  const { streamParallelization: factor } = capacity;
  if (factor < 1 || factor > MAX_STREAM_PARALLELIZATION)
    throw new Error(
      `Context streamParallelization must be 1 to ${MAX_STREAM_PARALLELIZATION} (Lambda's range)`,
    );
  if (capacity.stageRateLimit < 1 || capacity.stageBurstLimit < capacity.stageRateLimit)
    throw new Error('Context stageBurstLimit must be at least stageRateLimit, and stageRateLimit at least 1');
  if (
    capacity.tableWarmReads < WARM_THROUGHPUT_FLOOR.reads ||
    capacity.tableWarmWrites < WARM_THROUGHPUT_FLOOR.writes
  )
    throw new Error(
      `Context tableWarmReads and tableWarmWrites may not be below DynamoDB's floor for an on-demand table (${WARM_THROUGHPUT_FLOOR.reads} reads, ${WARM_THROUGHPUT_FLOOR.writes} writes a second)`,
    );
  return capacity;
}

function countOf(value: unknown, key: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`Context ${key} must be a whole number`);
  return number;
}
