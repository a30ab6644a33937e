/**
 * An API server for test-only routes (the pipeline tests): the same createHttpHandler and local API Gateway
 * stand-in as the product's routes, over this test file's table (test/support/file-runtime.ts has set the
 * environment; import route modules only after this module, as shared/db/client.ts reads TABLE_NAME at import).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import type { HandlerOptions } from '../../shared/http/create-handler.js';
import type { BoundRoute } from '../../shared/http/route.js';
import { fileRuntime } from './file-runtime.js';

export { fileRuntime };

export async function startRouteServer(
  group: string,
  routes: readonly BoundRoute[],
  options: HandlerOptions = {},
): Promise<string> {
  const { createHttpHandler } = await import('../../shared/http/create-handler.js');
  const { createApiServer } = await import('../../infra/local/http-server.js');
  const server: Server = createApiServer({
    handlers: { [group]: createHttpHandler(group, routes, options) },
    routes: routes.map((r) => r.contract),
    ratePer5s: 0,
    // Each test Client is its own IP through X-Forwarded-For.
    trustProxy: true,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
