/**
 * Date prices of a VR property (beyond the spec; DESIGN.md "Paths of what we add beyond the spec"): seasonal
 * and one-off rates in ranges, which the night-rate rule takes before the weekend and nightly rates
 * (docs/pricing.md). Ranges include both dates; docs/reservations.md "Date prices".
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam, isoDate, moneyToCents } from '../../shared/http/schemas.js';

const group = 'adminRates';
const base = '/API/adminRates/V1';
const tags = ['Admin rates'];
const beyondSpec =
  'DESIGN.md "Paths of what we add beyond the spec" (adminRates): the spec prices nights by date but has no endpoint to set date prices.';

const params = v.object({ propertyId: idParam });
const rangeQuery = v.object({ dateFrom: v.optional(isoDate), dateTo: v.optional(isoDate) });
const dayRate = v.object({ date: v.string(), rate: v.number() });

export const getRates = defineRoute({
  id: 'adminRates.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/rates/{propertyId}.json`,
  summary: 'The date prices of a VR property in a range (default: today to the calendar horizon)',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  params,
  query: rangeQuery,
  response: v.object({
    propertyId: v.number(),
    dateFrom: v.string(),
    dateTo: v.string(),
    baseRate: v.number(),
    weekendRate: v.number(),
    items: v.array(dayRate),
  }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role', 404: 'no such VR property' },
});

export const setRates = defineRoute({
  id: 'adminRates.set',
  group,
  tags,
  method: 'PUT',
  path: `${base}/rates/{propertyId}.json`,
  summary: 'Set one rate on every date from dateFrom to dateTo (both included)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params,
  body: v.strictObject({ dateFrom: isoDate, dateTo: isoDate, rate: moneyToCents }),
  response: v.object({
    success: v.boolean(),
    propertyId: v.number(),
    dateFrom: v.string(),
    dateTo: v.string(),
    rate: v.number(),
    days: v.number(),
  }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role', 404: 'no such VR property' },
});

export const clearRates = defineRoute({
  id: 'adminRates.clear',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/rates/{propertyId}.json`,
  summary: 'Clear the date prices from dateFrom to dateTo (both included)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params,
  query: v.object({ dateFrom: isoDate, dateTo: isoDate }),
  response: v.object({
    success: v.boolean(),
    propertyId: v.number(),
    dateFrom: v.string(),
    dateTo: v.string(),
    cleared: v.number(),
  }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role', 404: 'no such VR property' },
});

export const routes = [getRates, setRates, clearRates];
