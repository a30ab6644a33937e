/**
 * The floor: a bench-only route that does exactly one DynamoDB GetItem (the same property item the public
 * GET reads) through the product's own stack: defineRoute/bind, createHttpHandler's middy pipeline, the shared
 * DocumentClient, and the local runtime's API Gateway stand-in (createApiServer). It is never added to the
 * registry: its group `benchFloor` has no registered routes, so createHttpHandler's completeness check passes.
 *
 * Import this module only after startLocalRuntime (shared/db/client.ts reads TABLE_NAME at import).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import { createApiServer } from '../infra/local/http-server.js';
import { ddb, TABLE_NAME } from '../shared/db/client.js';
import { keys } from '../shared/db/keys.js';
import { stripKeys } from '../shared/db/query.js';
import { NotFound } from '../shared/errors.js';
import { createHttpHandler } from '../shared/http/create-handler.js';
import { bind, defineRoute } from '../shared/http/route.js';
import { idParam } from '../shared/http/schemas.js';

export const FLOOR_GROUP = 'benchFloor';

export const floorRoute = defineRoute({
  id: 'bench.floor',
  group: FLOOR_GROUP,
  method: 'GET',
  path: '/API/bench/V1/floor/{id}.json',
  summary: 'Benchmark floor: one GetItem of a property item, returned as stored',
  auth: { kind: 'public' },
  cache: true,
  params: v.object({ id: idParam }),
});

/** A diagnostic twin: two GetItems in parallel (the property and a maintained count), like the VR list's two reads. */
export const floor2Route = defineRoute({
  ...floorRoute,
  id: 'bench.floor2',
  path: '/API/bench/V1/floor2/{id}.json',
  summary: 'Benchmark: two parallel GetItems (a property item and the VR catalog count)',
});

/**
 * The reads of availability and calendar with none of their logic: the property and the settings (GetItems) and
 * one Query of the property's day range (claims and day prices from `from` to `to`), all in parallel. Compared
 * with the booking reads, it says how much of their time is the round trips and how much our code.
 */
export const floor3Route = defineRoute({
  ...floorRoute,
  id: 'bench.floor3',
  path: '/API/bench/V1/floor3/{id}.json',
  summary: 'Benchmark: two GetItems and one Query in parallel (the reads of availability and calendar)',
  query: v.object({ from: v.pipe(v.string(), v.isoDate()), to: v.pipe(v.string(), v.isoDate()) }),
});

const dayRangeQuery = (id: number, from: string, to: string) => {
  const [first, last] = keys.dayRange(from, to);
  return ddb.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.propertyPartition(id), ':from': first, ':to': last },
    }),
  );
};

async function getPropertyItem(id: number) {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.property(id) }));
  if (!Item) throw new NotFound(`No item for property ${id}`);
  return stripKeys(Item);
}

export const floorHandler = createHttpHandler(FLOOR_GROUP, [
  bind(floorRoute, async ({ params }) => ({ body: await getPropertyItem(params.id) })),
  bind(floor2Route, async ({ params }) => {
    const [item, count] = await Promise.all([
      getPropertyItem(params.id),
      ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.count('catalog-vr') })),
    ]);
    return { body: { ...(item as object), total: Number(count.Item?.value ?? 0) } };
  }),
  bind(floor3Route, async ({ params, query }) => {
    const [item, settings, days] = await Promise.all([
      getPropertyItem(params.id),
      ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.settings() })),
      dayRangeQuery(params.id, query.from, query.to),
    ]);
    return {
      body: {
        ...(item as object),
        settings: settings.Item ? stripKeys(settings.Item) : null,
        days: (days.Items ?? []).map(stripKeys),
      },
    };
  }),
]);

export interface FloorServer {
  url: string;
  stop: () => Promise<void>;
}

/** The same local API Gateway stand-in as the runtime's, serving only the floor route. */
export async function startFloorServer(): Promise<FloorServer> {
  const server: Server = createApiServer({
    handlers: { [FLOOR_GROUP]: floorHandler },
    routes: [floorRoute, floor2Route, floor3Route],
    ratePer5s: 0,
    trustProxy: false,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
