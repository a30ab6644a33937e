/**
 * The route registry: every endpoint of the service, declared once in its group's routes.ts. The Lambdas'
 * routers, the CDK stack, the local runtime and the OpenAPI document are derived from this list.
 */
import { routes as adminContent } from '../functions/adminContent/routes.js';
import { routes as adminLeads } from '../functions/adminLeads/routes.js';
import { routes as adminProperties } from '../functions/adminProperties/routes.js';
import { routes as adminSettings } from '../functions/adminSettings/routes.js';
import { routes as adminTenants } from '../functions/adminTenants/routes.js';
import { routes as auth } from '../functions/auth/routes.js';
import { routes as booking } from '../functions/booking/routes.js';
import { routes as catalog } from '../functions/catalog/routes.js';
import { routes as leaseApplications } from '../functions/leaseApplications/routes.js';
import { routes as publicAuth } from '../functions/publicAuth/routes.js';
import { routes as site } from '../functions/site/routes.js';
import { routes as siteContact } from '../functions/siteContact/routes.js';
import type { RouteContract } from './http/route.js';

export const ROUTES: readonly RouteContract[] = [
  ...auth,
  ...adminProperties,
  ...adminContent,
  ...catalog,
  ...site,
  ...siteContact,
  ...adminLeads,
  ...adminSettings,
  ...booking,
  ...publicAuth,
  ...adminTenants,
  ...leaseApplications,
];

/** Group name → its Lambda entry file (functions/<group>/handler.ts). */
export const GROUPS: readonly string[] = [...new Set(ROUTES.map((r) => r.group))];
