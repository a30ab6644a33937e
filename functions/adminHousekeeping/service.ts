/**
 * Housekeeping use cases (docs/housekeeping.md). Every write is one transaction of the request's part and its
 * change item (recordType `housekeeping`, events housekeeping.created / .updated / .archived), conditioned on
 * the version read. A housekeeper reaches only the requests assigned to them: another's is the 404 of a
 * missing id (DESIGN.md "Security rules").
 */

import { roleFromCode } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { changePart } from '../../shared/data/changes-repo.js';
import * as repo from '../../shared/data/housekeeping-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { siteToday } from '../../shared/data/settings-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import {
  applyAdminPatch,
  applyHousekeeperPatch,
  archived,
  type CreateRequestInput,
  type HousekeepingRecord,
  type ListFilter,
  matchesFilter,
  newRequest,
  type RequestPatch,
  requestView,
  sameRequest,
} from '../../shared/domain/housekeeping/request.js';
import { BadRequest, NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';

type Caller = Pick<AdminSession, 'adminId' | 'role'>;
const isHousekeeper = (caller: Caller) => caller.role === 'housekeeper';

export type HousekeepingEvent = 'housekeeping.created' | 'housekeeping.updated' | 'housekeeping.archived';

/** The change item of a request write: the API view before and after, announced as `event`. */
export function housekeepingChange(
  event: HousekeepingEvent,
  before: HousekeepingRecord | undefined,
  after: HousekeepingRecord,
) {
  return {
    recordType: 'housekeeping',
    recordId: after.requestId,
    action: event.slice('housekeeping.'.length),
    before: before && requestView(before),
    after: requestView(after),
    event,
  };
}

const notFound = (requestId: number) => new NotFound(`Housekeeping request ${requestId} not found`);

/** The request as the caller may see it: a housekeeper's view ends at their own requests. */
async function visibleRequest(requestId: number, caller: Caller): Promise<repo.StoredRequest> {
  const found = await repo.getRequest(requestId);
  if (!found || (isHousekeeper(caller) && found.record.assignedTo !== caller.adminId))
    throw notFound(requestId);
  return found;
}

export interface ListQuery extends ListFilter {
  page: number;
  limit: number;
}

/** The list by request date; the narrowest partition serves it (a housekeeper's own, a property's, or all). */
export async function listRequests(query: ListQuery, caller: Caller) {
  const filter: ListFilter = { ...query };
  if (isHousekeeper(caller)) {
    if (query.assignedTo !== undefined && query.assignedTo !== caller.adminId)
      return { items: [], page: query.page, limit: query.limit, total: 0 };
    filter.assignedTo = caller.adminId;
  }
  const scope =
    filter.assignedTo !== undefined
      ? { assignedTo: filter.assignedTo }
      : filter.propertyId !== undefined
        ? { propertyId: filter.propertyId }
        : 'all';
  const records = await repo.requestsByDate(scope, { from: filter.dateFrom, to: filter.dateTo });
  const matching = records.filter((r) => matchesFilter(r, filter)).map(requestView);
  return pageOf(matching, query.page, query.limit);
}

export async function getRequest(requestId: number, caller: Caller) {
  return requestView((await visibleRequest(requestId, caller)).record);
}

/** A property requests may be made for: it exists and is not archived (else a 400 on propertyId). */
async function checkProperty(propertyId: number): Promise<void> {
  const property = await getProperty(propertyId);
  const problem = !property ? 'no such property' : property.record.isArchived === 1 ? 'is archived' : '';
  if (problem)
    throw new BadRequest(`Property ${propertyId}: ${problem}`, [{ field: 'propertyId', message: problem }]);
}

/** `assignedTo` must name an admin with the housekeeper role (400 otherwise). */
async function checkHousekeeper(adminId: number | null | undefined): Promise<void> {
  if (adminId === null || adminId === undefined) return;
  const profile = await getAdminProfile(adminId);
  const problem = !profile
    ? 'no such admin'
    : roleFromCode(Number(profile.adminRole)) !== 'housekeeper'
      ? 'must be an admin with the housekeeper role'
      : '';
  if (problem)
    throw new BadRequest(`assignedTo ${adminId}: ${problem}`, [{ field: 'assignedTo', message: problem }]);
}

export async function createRequest(input: CreateRequestInput, by: Actor, now: Date) {
  const [today] = await Promise.all([
    siteToday(now),
    checkProperty(input.propertyId),
    checkHousekeeper(input.assignedTo),
  ]);
  const record = newRequest(await nextId(repo.HOUSEKEEPING_COUNTER), input, today, now.toISOString());
  await commit([
    ...repo.insertRequestParts(record),
    changePart(housekeepingChange('housekeeping.created', undefined, record), by, now),
  ]);
  return { success: true, requestId: record.requestId, request: requestView(record) };
}

/** A versioned edit of one request; an edit that changes nothing writes nothing. */
async function editRequest(
  requestId: number,
  caller: Caller,
  event: HousekeepingEvent,
  change: (current: HousekeepingRecord) => HousekeepingRecord,
  by: Actor,
  now: Date,
) {
  return retryStale(`Housekeeping request ${requestId}`, async () => {
    const current = await visibleRequest(requestId, caller);
    const next = change(current.record);
    if (sameRequest(current.record, next)) return { success: true, request: requestView(current.record) };
    const written = { ...next, dateUpdated: now.toISOString() };
    try {
      await commit([
        repo.replaceRequestPart(current, written),
        changePart(housekeepingChange(event, current.record, written), by, now),
      ]);
    } catch (error) {
      if (repo.requestChanged(error, requestId) || (error instanceof TransactionFailed && error.transient))
        throw new StaleRecord('housekeeping request changed since it was read');
      throw error;
    }
    return { success: true, request: requestView(written) };
  });
}

export async function updateRequest(
  requestId: number,
  patch: RequestPatch,
  caller: Caller,
  by: Actor,
  now: Date,
) {
  if (!isHousekeeper(caller))
    await Promise.all([
      patch.propertyId === undefined ? undefined : checkProperty(patch.propertyId),
      checkHousekeeper(patch.assignedTo),
    ]);
  const apply = isHousekeeper(caller)
    ? (current: HousekeepingRecord) => applyHousekeeperPatch(current, patch)
    : (current: HousekeepingRecord) => applyAdminPatch(current, patch);
  return editRequest(requestId, caller, 'housekeeping.updated', apply, by, now);
}

export const archiveRequest = (requestId: number, caller: Caller, by: Actor, now: Date) =>
  editRequest(requestId, caller, 'housekeeping.archived', archived, by, now);
