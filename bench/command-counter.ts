/**
 * Counts the DynamoDB commands the product sends, by command name, through a middleware on the shared client's
 * stack (shared/db/client.ts: the handlers run in the bench's process, so they send through this very client).
 * Reads per request are the read commands counted around one request sent alone. The local job runner and the
 * idempotency store have their own clients and are not counted.
 *
 * Import this module only after startLocalRuntime (shared/db/client.ts reads TABLE_NAME at import).
 */
import { ddb } from '../shared/db/client.js';
import { median } from './stats.js';

/** Commands that read the table: each is one round trip (a Query page is one). */
export const READ_COMMANDS: ReadonlySet<string> = new Set([
  'GetItemCommand',
  'QueryCommand',
  'BatchGetItemCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);

export type CommandCounts = Record<string, number>;

export interface CounterSnapshot {
  sent: CommandCounts;
  failed: CommandCounts;
}

/** One command sent: its name without `Command`, the item it names, and how long DynamoDB took to answer. */
export interface Traced {
  command: string;
  key: string;
  ms: number;
  /** performance.now() when it was sent and when its answer came. */
  start: number;
  end: number;
}

/**
 * The round trips a request waited on one after another: the longest chain of commands each sent after the
 * one before it had its answer (commands sent side by side, Promise.all, count once).
 */
export function roundTripsInSequence(lines: readonly Traced[]): number {
  const sorted = [...lines].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((line, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) {
      const earlier = sorted[j] as Traced;
      if (earlier.end <= line.start) before = Math.max(before, depth[j] ?? 0);
    }
    depth.push(before + 1);
  });
  return Math.max(0, ...depth);
}

/** Set `lines` to an array to record every command (which items a request reads, and how long each took). */
export const tracing: { lines: Traced[] | undefined } = { lines: undefined };

const plain = (value: unknown): string => {
  if (value && typeof value === 'object' && 'S' in value) return String((value as { S: unknown }).S);
  if (value && typeof value === 'object' && 'N' in value) return String((value as { N: unknown }).N);
  return String(value);
};

function keyOf(input: Record<string, unknown>): string {
  const key = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  if (key) return `${plain(key.PK)} ${plain(key.SK)}`;
  if (Array.isArray(input.TransactItems)) return `${input.TransactItems.length} items`;
  const values = input.ExpressionAttributeValues as Record<string, unknown> | undefined;
  if (values) return Object.values(values).map(plain).join(' ').slice(0, 80);
  return '';
}

const sent: CommandCounts = {};
const failed: CommandCounts = {};
let installed = false;

export function installCommandCounter(): void {
  if (installed) return;
  installed = true;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      sent[name] = (sent[name] ?? 0) + 1;
      const lines = tracing.lines;
      const started = performance.now();
      try {
        return await next(args);
      } catch (error) {
        failed[name] = (failed[name] ?? 0) + 1;
        throw error;
      } finally {
        const ended = performance.now();
        lines?.push({
          command: name.replace(/Command$/, ''),
          key: keyOf((args as { input: Record<string, unknown> }).input),
          ms: ended - started,
          start: started,
          end: ended,
        });
      }
    },
    { step: 'initialize', name: 'benchCommandCounter' },
  );
}

export const snapshot = (): CounterSnapshot => ({ sent: { ...sent }, failed: { ...failed } });

/** What was counted since `before`, without zero entries. */
export function since(before: CounterSnapshot): CounterSnapshot {
  const diff = (now: CommandCounts, then: CommandCounts) =>
    Object.fromEntries(
      Object.entries(now)
        .map(([k, v]) => [k, v - (then[k] ?? 0)] as const)
        .filter(([, v]) => v > 0),
    );
  return { sent: diff(sent, before.sent), failed: diff(failed, before.failed) };
}

export const readsOf = (counts: CommandCounts): number =>
  Object.entries(counts).reduce((t, [k, v]) => t + (READ_COMMANDS.has(k) ? v : 0), 0);

/** `GetItem 2, Query 2`: the counts without the `Command` suffix. */
export const describe = (counts: CommandCounts): string =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k.replace(/Command$/, '')} ${v}`)
    .join(', ');

/** Traced commands grouped by command and item kind (`UpdateItem COUNTER#reservation`), digits folded to N. */
export function groupTrace(lines: readonly Traced[]): Record<string, { n: number; p50Ms: number }> {
  const groups = new Map<string, number[]>();
  for (const line of lines) {
    const kind = `${line.command} ${(line.key.split(' ')[0] ?? '').replace(/[0-9A-Za-z_-]{20,}/g, '…').replace(/\d+/g, 'N')}`;
    groups.set(kind, [...(groups.get(kind) ?? []), line.ms]);
  }
  return Object.fromEntries(
    [...groups.entries()]
      .sort(([, a], [, b]) => b.length - a.length)
      .map(([kind, times]) => [kind, { n: times.length, p50Ms: median(times) }]),
  );
}
