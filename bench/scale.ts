/**
 * Part 3: the default VR list (page 1, limit 20) with 100 and then 10,000 visible VR properties in the table.
 * The first properties up to 100 go through the product's insertProperty (one transaction each); the bulk up to
 * 10,000 is batch-written as the same items (propertyItem + name guard) plus one move of each maintained total,
 * which is what 9,900 insertProperty calls would leave behind. The API's `total` is checked against the target.
 *
 * Import this module only after startLocalRuntime (the repositories read TABLE_NAME at import).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { putAll } from '../infra/local/fixture/batch.js';
import * as repo from '../shared/data/properties-repo.js';
import { ddb } from '../shared/db/client.js';
import { raiseCounter } from '../shared/db/counters.js';
import type { Item } from '../shared/db/query.js';
import { part } from '../shared/db/transaction.js';
import type { PropertyRecord } from '../shared/domain/property.js';
import { newProperty } from '../shared/domain/property-rules.js';
import {
  FLOOR_CASE,
  type LatencyCase,
  type LatencyPlan,
  type LatencyRow,
  type LoadClient,
  measureCases,
} from './http-latency.js';

export const LIST_PATH = '/API/vrProperties/V1/vrProperties.json';
/** Bench ids start well above the fixtures' VR ids. */
const FIRST_ID = 100_000;
const WORDS = [
  'Harbor',
  'Dune',
  'Pelican',
  'Cedar',
  'Tide',
  'Marsh',
  'Lighthouse',
  'Heron',
  'Sound',
  'Osprey',
  'Pier',
  'Cove',
];
const PLACES = ['Wilmington', 'Carolina Beach', 'Kure Beach', 'Wrightsville', 'Topsail', 'Southport'];

/** A visible VR property as the create endpoint would make it; names spread over the catalog order, 1 in 50 featured. */
export function benchProperty(n: number, now: Date): PropertyRecord {
  const propertyId = FIRST_ID + n;
  const name = `${WORDS[(n * 7) % WORDS.length]} ${WORDS[(n * 5 + 3) % WORDS.length]} ${String((n * 7919) % 100_003).padStart(6, '0')}`;
  return newProperty(
    {
      type: 'vr',
      propertyName: name,
      propertyDesc: `Bench property ${n}: a few rooms near the water, sleeps ${2 + (n % 8)}.`,
      propertyRate: 9_900 + (n % 50) * 500,
      propertyLocation: PLACES[n % PLACES.length] as string,
      propertyType: n % 3 === 0 ? 'House' : 'Condo',
      bedrooms: String(1 + (n % 5)),
      bathrooms: String(1 + (n % 3)),
      isFeatured: n % 50 === 0 ? 1 : 0,
      petsAllowed: n % 4 === 0 ? 1 : 0,
      maxGuests: 2 + (n % 8),
    },
    propertyId,
    1,
    now,
  );
}

export interface ScalePoint {
  properties: number;
  /** The VR list, one row per concurrency. */
  list: LatencyRow[];
  /** The floor route, measured interleaved with the list (a drift reference). */
  floor: LatencyRow[];
}

export interface ScaleResult {
  points: ScalePoint[];
  /** Sequential insertProperty calls up to the first size. */
  inserted: number;
  insertMs: number;
  /** Batch-written properties up to the second size. */
  bulkLoaded: number;
  bulkLoadMs: number;
}

async function apiTotal(baseUrl: string): Promise<number> {
  const response = await fetch(new URL(LIST_PATH, baseUrl));
  const body = (await response.json()) as { total?: number; items?: unknown[] };
  if (response.status !== 200 || !Array.isArray(body.items))
    throw new Error(`VR list answered ${response.status}`);
  return Number(body.total);
}

async function bulkLoad(records: PropertyRecord[], parallel: number): Promise<void> {
  const items: Item[] = records.flatMap((r) => [repo.propertyItem(r), repo.propertyNameGuardItem(r)]);
  // Slices of whole batches (25 items), written `parallel` at a time.
  const sliceSize = Math.ceil(items.length / parallel / 25) * 25;
  const slices: Item[][] = [];
  for (let i = 0; i < items.length; i += sliceSize) slices.push(items.slice(i, i + sliceSize));
  await Promise.all(slices.map((slice) => putAll(slice)));
  // The totals insertProperty moves (properties-repo: `properties-<type>` and `catalog-<type>`); checked below via the API.
  for (const move of [
    part.countMove('count:properties-vr', 'properties-vr', records.length),
    repo.catalogCountPart('vr', records.length),
  ]) {
    if (move.item.Update) await ddb.send(new UpdateCommand(move.item.Update));
  }
  const last = records[records.length - 1];
  if (last) await raiseCounter('property', last.propertyId);
}

export async function measureScale(
  client: LoadClient,
  baseUrls: { runtime: string; floor: string },
  sizes: readonly [number, number],
  plan: LatencyPlan,
  log: (line: string) => void,
): Promise<ScaleResult> {
  const now = new Date();
  const [small, large] = sizes;
  const start = await repo.countCatalog('vr');
  if (start > small) throw new Error(`the catalog already holds ${start} VR properties (> ${small})`);

  let n = 0;
  const t0 = performance.now();
  for (; start + n < small; n++) await repo.insertProperty(benchProperty(n, now));
  const insertMs = performance.now() - t0;
  const inserted = n;
  log(
    `  ${inserted} × insertProperty: ${(insertMs / 1000).toFixed(1)} s (${(insertMs / Math.max(1, inserted)).toFixed(1)} ms each)`,
  );

  const points: ScalePoint[] = [];
  const listCase = (size: number): LatencyCase => ({
    name: `GET vrProperties list @${size}`,
    method: 'GET',
    path: LIST_PATH,
  });

  const measureAt = async (size: number) => {
    const total = await apiTotal(baseUrls.runtime);
    if (total !== size) throw new Error(`the VR list reports total ${total}, expected ${size}`);
    // The floor runs interleaved with the list: a reference for drift between the two measurements.
    const rows = await measureCases(client, [listCase(size), FLOOR_CASE], baseUrls, plan);
    const floor = rows.filter((r) => r.name === FLOOR_CASE.name);
    points.push({ properties: size, list: rows.filter((r) => !floor.includes(r)), floor });
  };
  await measureAt(small);

  const bulk: PropertyRecord[] = [];
  for (let i = 0; small + i < large; i++) bulk.push(benchProperty(n + i, now));
  const t1 = performance.now();
  await bulkLoad(bulk, 4);
  const bulkLoadMs = performance.now() - t1;
  log(`  ${bulk.length} properties batch-written: ${(bulkLoadMs / 1000).toFixed(1)} s`);

  await measureAt(large);
  return { points, inserted, insertMs, bulkLoaded: bulk.length, bulkLoadMs };
}
