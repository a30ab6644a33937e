/**
 * The registry against the interface spec's endpoint tables, and every registry entry reachable through the
 * local runtime.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GROUPS, ROUTES } from '../functions/registry.js';
import { DEFAULT_SETTINGS } from '../shared/domain/settings.js';
import { allPaths } from '../shared/http/route.js';
import { Client } from './support/client.js';
import { useLocalTable } from './support/in-process.js';

// The Stripe webhook is a 503 until its secret is set (docs/payments.md); with one, {} reaches its verifier's 400.
process.env.STRIPE_WEBHOOK_SECRET ??= 'whsec_registry_test';

const SPEC = readFileSync(new URL('../docs/spec/interface-spec.md', import.meta.url), 'utf8');

/**
 * "METHOD path" of every row of the spec's endpoint tables. Two tables have no method column: their heading
 * names it ("Contact and leads (controller siteContact, public POST)", "Website content (public, read-only GET)").
 */
function specEndpoints(): Set<string> {
  const endpoints = new Set<string>();
  let headingMethod = 'GET';
  for (const line of SPEC.split('\n')) {
    if (line.startsWith('### ')) headingMethod = /\bPOST\b/.test(line) ? 'POST' : 'GET';
    const withMethod = /^\| (GET|POST|PUT|DELETE) \| (\/API\/[^ |]+) \|/.exec(line);
    if (withMethod) endpoints.add(`${withMethod[1]} ${withMethod[2]}`);
    const methodless = /^\| (\/API\/[^ |]+) \|/.exec(line);
    if (methodless) endpoints.add(`${headingMethod} ${methodless[1]}`);
  }
  return endpoints;
}

const registered = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));

describe('route registry', () => {
  it('parses a plausible number of endpoints from the spec', () => {
    expect(specEndpoints().size).toBeGreaterThan(70);
  });

  it('registers every spec endpoint', () => {
    const missing = [...specEndpoints()].filter((e) => !registered.has(e));
    expect(missing).toEqual([]);
  });

  it('marks exactly the endpoints beyond the spec, with a reason', () => {
    const spec = specEndpoints();
    const unmarked = ROUTES.filter((r) => !spec.has(`${r.method} ${r.path}`) && !r.beyondSpec).map(
      (r) => r.id,
    );
    const wronglyMarked = ROUTES.filter((r) => spec.has(`${r.method} ${r.path}`) && r.beyondSpec).map(
      (r) => r.id,
    );
    expect(unmarked).toEqual([]);
    expect(wronglyMarked).toEqual([]);
  });

  it('has unique ids and one group per controller', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    const groupOf = new Map<string, string>();
    for (const r of ROUTES) {
      const controller = r.path.split('/')[2] ?? '';
      expect(groupOf.get(controller) ?? r.group, `${controller} is served by one Lambda`).toBe(r.group);
      groupOf.set(controller, r.group);
    }
  });

  it('counts a per-tenant limit only where a tenant session is read, and a setting-held limit at its default', () => {
    const readsTenant = (kind: string) => kind === 'tenant' || kind === 'optionalTenant';
    const perTenant = ROUTES.filter((r) => r.rateLimits?.some((l) => l.key === 'tenant'));
    expect(perTenant.map((r) => r.id)).toContain('tenantPortal.autopaySetup');
    expect(perTenant.filter((r) => !readsTenant(r.auth.kind)).map((r) => r.id)).toEqual([]);
    for (const r of ROUTES)
      for (const l of r.rateLimits ?? [])
        if (l.setting) expect(l.limit, `${r.id} ${l.scope}`).toBe(DEFAULT_SETTINGS[l.setting]);
  });

  it('gives every single-record admin endpoint of properties, invoices, tenants and reservations its singular alias', () => {
    const singular: Record<string, string> = {
      properties: 'property',
      invoices: 'invoice',
      tenants: 'tenant',
      reservations: 'reservation',
    };
    for (const r of ROUTES) {
      const m = /^\/API\/admin\w+\/V1\/(properties|invoices|tenants|reservations)\/\{id\}\.json$/.exec(
        r.path,
      );
      if (!m?.[1]) continue;
      expect(r.aliasPaths, r.id).toContain(r.path.replace(`/${m[1]}/`, `/${singular[m[1]]}/`));
    }
  });
});

/** A value that satisfies a path parameter's pattern, so the request reaches the route's handler. */
const SAMPLE: Record<string, string> = { slug: 'no-such-page', key: 'indexHeader' };

describe('every registry entry is reachable through the local runtime', () => {
  const cases = ROUTES.flatMap((r) => allPaths(r).map((p) => [`${r.method} ${p}`, r.method, p] as const));
  it.each(cases)('%s', async (_name, method, template) => {
    const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE[name] ?? '1');
    const res = await new Client().request(
      method,
      path,
      method === 'GET' || method === 'DELETE' ? {} : { body: {} },
    );
    // Reaching the route's own validation, auth or handler is enough: the router must not answer for it.
    expect(res.status, res.text).not.toBe(405);
    expect(res.status).toBeLessThan(500);
    if (res.status === 404) expect(String(res.body.detail)).not.toMatch(/^No endpoint/);
  });
});

describe('every group binds exactly its registered routes', () => {
  it.each(GROUPS)('%s', async (group) => {
    useLocalTable();
    const entry = pathToFileURL(join(process.cwd(), 'functions', group, 'handler.ts')).href;
    const { handler } = (await import(/* @vite-ignore */ entry)) as { handler: { routeIds: string[] } };
    const registered = ROUTES.filter((r) => r.group === group).map((r) => r.id);
    expect([...handler.routeIds].sort()).toEqual(registered.sort());
  });
});
