/**
 * The API Gateway shape, derived from the route registry and nothing else.
 *
 * API Gateway matches whole path segments only: it cannot express `/properties/{id}.json` (a parameter inside a
 * segment) nor the singular `/property/{id}.json` aliases next to it. So the gateway routes coarsely, one
 * `/API/{controller}/V1/{proxy+}` resource per controller, and the group's Lambda router matches the full path
 * (the same PathMatcher the local runtime uses). A path outside the legacy shape gets a literal resource.
 */
import { type AnySchema, allPaths, controllerOf, type RouteContract } from '../../shared/http/route.js';

export interface CachePlan {
  /** Method request parameters that make up the cache key (path, query strings, headers). */
  readonly cacheKeyParameters: readonly string[];
}

export interface ApiResourcePlan {
  /** The API Gateway resource path, e.g. `/API/vrProperties/V1/{proxy+}`. */
  readonly resourcePath: string;
  /** The controller (for legacy paths) or the literal path. */
  readonly controller: string;
  /** The one group (Lambda) that serves every route under this resource. */
  readonly group: string;
  /** The registry routes (ids) that arrive through this resource. */
  readonly routeIds: readonly string[];
  /** Set when every GET of the resource is public and cacheable: an explicit GET method with caching on. */
  readonly cache?: CachePlan;
}

const LEGACY = /^\/API\/([A-Za-z0-9_-]+)\/V1\/.+$/;

/**
 * The cached responses vary by the request's Origin: the Lambda's CORS middleware reflects it into
 * Access-Control-Allow-Origin (credentials are allowed, so `*` is never sent). Leaving it out of the key would
 * hand one site's CORS header to another.
 */
export const ORIGIN_HEADER_PARAMETER = 'method.request.header.Origin';
export const PROXY_PATH_PARAMETER = 'method.request.path.proxy';

/** The gateway resource a legacy path arrives through. */
export function resourcePathOf(path: string): { resourcePath: string; controller: string } {
  if (LEGACY.test(path)) {
    const controller = controllerOf(path);
    return { resourcePath: `/API/${controller}/V1/{proxy+}`, controller };
  }
  if (path.includes('{')) {
    throw new Error(
      `Path ${path} is outside /API/{controller}/V1/ and has a parameter: give it a gateway resource`,
    );
  }
  return { resourcePath: path, controller: path };
}

export function planApiResources(routes: readonly RouteContract[]): ApiResourcePlan[] {
  const byResource = new Map<string, { controller: string; routes: RouteContract[] }>();
  for (const route of routes) {
    for (const path of allPaths(route)) {
      const { resourcePath, controller } = resourcePathOf(path);
      const entry = byResource.get(resourcePath) ?? { controller, routes: [] };
      if (!entry.routes.includes(route)) entry.routes.push(route);
      byResource.set(resourcePath, entry);
    }
  }

  return [...byResource.entries()].map(([resourcePath, { controller, routes: served }]) => {
    const groups = [...new Set(served.map((r) => r.group))];
    const [group] = groups;
    if (groups.length !== 1 || group === undefined) {
      // One {proxy+} resource can integrate with one Lambda only.
      throw new Error(
        `Controller ${controller} is served by several groups (${groups.join(', ')}); a controller belongs to one group`,
      );
    }
    const cache = cachePlan(served);
    return {
      resourcePath,
      controller,
      group,
      routeIds: served.map((r) => r.id),
      ...(cache ? { cache } : {}),
    };
  });
}

/**
 * Caching is all or nothing per resource (the gateway sees `{proxy+}`, not the route): only when every GET
 * behind it is public and marked `cache: true`. A controller mixing cached and uncached GETs (availability,
 * quotes, session reads) is not cached at the gateway and relies on its Cache-Control headers.
 */
function cachePlan(routes: readonly RouteContract[]): CachePlan | undefined {
  const gets = routes.filter((r) => r.method === 'GET');
  if (gets.length === 0 || !gets.every((r) => r.cache === true && r.auth.kind === 'public')) return undefined;
  const query = new Set<string>();
  for (const route of gets) {
    for (const name of queryParameterNames(route)) query.add(name);
  }
  return {
    cacheKeyParameters: [
      PROXY_PATH_PARAMETER,
      ...[...query].sort().map((name) => `method.request.querystring.${name}`),
      ORIGIN_HEADER_PARAMETER,
    ],
  };
}

/** Every query-string name a route reads: its valibot object schema's keys and its query aliases. */
export function queryParameterNames(route: RouteContract): string[] {
  const names = route.query ? Object.keys(objectEntries(route.query, route.id)) : [];
  return [...names, ...Object.keys(route.aliases?.query ?? {})];
}

function objectEntries(schema: AnySchema, routeId: string): Record<string, unknown> {
  const candidate = schema as { entries?: Record<string, unknown>; pipe?: readonly unknown[] };
  if (candidate.entries) return candidate.entries;
  // v.pipe(v.object({...}), ...): the object schema is the pipe's first item.
  const first = candidate.pipe?.[0] as { entries?: Record<string, unknown> } | undefined;
  if (first?.entries) return first.entries;
  throw new Error(
    `Route ${routeId}: its query schema is not a valibot object, so its cache key cannot be derived`,
  );
}

/** The media types some route answers as bytes (`binaryResponse`), each once: the REST API's binaryMediaTypes. */
export function binaryMediaTypesOf(routes: readonly RouteContract[]): string[] {
  return [...new Set(routes.flatMap((r) => (r.binaryResponse ? [r.binaryResponse] : [])))].sort();
}
