/**
 * Housekeeping requests (spec "Housekeeping request", "Admin housekeeping"; DESIGN.md "More decisions"):
 * statuses 0 open, 1 assigned, 2 in progress, 3 done, 6 archived; `assignedTo` is a housekeeper's adminId.
 * What an admin and a housekeeper may change, as plain functions (docs/housekeeping.md).
 */
import { BadRequest, Conflict, Forbidden } from '../../errors.js';

export const HK_STATUS = { open: 0, assigned: 1, inProgress: 2, done: 3, archived: 6 } as const;
export type HousekeepingStatus = (typeof HK_STATUS)[keyof typeof HK_STATUS];

const STATUS_NAMES: Record<HousekeepingStatus, string> = {
  0: 'open',
  1: 'assigned',
  2: 'in progress',
  3: 'done',
  6: 'archived',
};

export const isHousekeepingStatus = (n: number): n is HousekeepingStatus => n in STATUS_NAMES;

/** The statuses a PUT may set; archiving is the DELETE's. */
export const SETTABLE_STATUSES = [0, 1, 2, 3] as const;
/** What a housekeeper may move their own request to: back to assigned, in progress, done. */
export const HOUSEKEEPER_STATUSES = [1, 2, 3] as const;

export interface HousekeepingRecord {
  requestId: number;
  propertyId: number;
  requestTitle: string;
  requestDesc: string;
  /** The scheduled day, YYYY-MM-DD in the site's time zone. */
  requestDate: string;
  requestStatus: HousekeepingStatus;
  /** A housekeeper's adminId, or null while nobody is assigned. */
  assignedTo: number | null;
  /** Set on a turnover: the reservation whose check-out it cleans up after. */
  reservationId: number | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface CreateRequestInput {
  propertyId: number;
  requestTitle: string;
  requestDesc?: string | undefined;
  requestDate?: string | undefined;
  requestStatus?: number | undefined;
  assignedTo?: number | null | undefined;
}

export interface RequestPatch {
  propertyId?: number | undefined;
  requestTitle?: string | undefined;
  requestDesc?: string | undefined;
  requestDate?: string | undefined;
  requestStatus?: number | undefined;
  assignedTo?: number | null | undefined;
}

const statusList = (statuses: readonly number[]) =>
  statuses.map((s) => `${s} ${STATUS_NAMES[s as HousekeepingStatus]}`).join(', ');

function settableStatus(status: number): HousekeepingStatus {
  if (!(SETTABLE_STATUSES as readonly number[]).includes(status))
    throw new BadRequest(
      `requestStatus must be one of ${statusList(SETTABLE_STATUSES)} (archive with DELETE)`,
      [{ field: 'requestStatus', message: `must be one of ${SETTABLE_STATUSES.join(', ')}` }],
    );
  return status as HousekeepingStatus;
}

/**
 * The status that follows an assignment when the caller did not name one: assigning an open request makes it
 * assigned, unassigning an assigned one makes it open again; other statuses stay.
 */
function statusAfterAssignment(
  status: HousekeepingStatus,
  assignedTo: number | null,
  statusGiven: boolean,
): HousekeepingStatus {
  if (statusGiven) return status;
  if (assignedTo !== null && status === HK_STATUS.open) return HK_STATUS.assigned;
  if (assignedTo === null && status === HK_STATUS.assigned) return HK_STATUS.open;
  return status;
}

/** A new request from an admin's create (the caller checked the property and the housekeeper). */
export function newRequest(
  requestId: number,
  input: CreateRequestInput,
  today: string,
  nowIso: string,
  reservationId: number | null = null,
): HousekeepingRecord {
  const given = input.requestStatus !== undefined;
  const assignedTo = input.assignedTo ?? null;
  const status = statusAfterAssignment(
    given ? settableStatus(input.requestStatus as number) : HK_STATUS.open,
    assignedTo,
    given,
  );
  return {
    requestId,
    propertyId: input.propertyId,
    requestTitle: input.requestTitle,
    requestDesc: input.requestDesc ?? '',
    requestDate: input.requestDate ?? today,
    requestStatus: status,
    assignedTo,
    reservationId,
    dateCreated: nowIso,
    dateUpdated: nowIso,
  };
}

/** An admin's (super_admin's) update: any field; an archived request can be restored by giving a status. */
export function applyAdminPatch(current: HousekeepingRecord, patch: RequestPatch): HousekeepingRecord {
  const given = patch.requestStatus !== undefined;
  if (!given && current.requestStatus === HK_STATUS.archived)
    throw new Conflict(
      `Housekeeping request ${current.requestId} is archived: give a requestStatus (0-3) to restore it`,
    );
  const assignedTo = patch.assignedTo === undefined ? current.assignedTo : patch.assignedTo;
  const base = given ? settableStatus(patch.requestStatus as number) : current.requestStatus;
  const assignmentChanged = patch.assignedTo !== undefined && assignedTo !== current.assignedTo;
  return {
    ...current,
    propertyId: patch.propertyId ?? current.propertyId,
    requestTitle: patch.requestTitle ?? current.requestTitle,
    requestDesc: patch.requestDesc ?? current.requestDesc,
    requestDate: patch.requestDate ?? current.requestDate,
    requestStatus: assignmentChanged ? statusAfterAssignment(base, assignedTo, given) : base,
    assignedTo,
  };
}

/**
 * A housekeeper's update of a request assigned to them: only `requestStatus`, only to 1, 2 or 3 (DESIGN.md:
 * "A housekeeper reads and updates (status only) the requests assigned to them").
 */
export function applyHousekeeperPatch(current: HousekeepingRecord, patch: RequestPatch): HousekeepingRecord {
  const other = Object.entries(patch)
    .filter(([field, value]) => field !== 'requestStatus' && value !== undefined)
    .map(([field]) => field);
  if (other.length)
    throw new Forbidden(`A housekeeper may change only requestStatus (not ${other.join(', ')})`);
  if (patch.requestStatus === undefined)
    throw new BadRequest('requestStatus is required', [{ field: 'requestStatus', message: 'is required' }]);
  if (current.requestStatus === HK_STATUS.archived)
    throw new Conflict(`Housekeeping request ${current.requestId} is archived`);
  if (!(HOUSEKEEPER_STATUSES as readonly number[]).includes(patch.requestStatus))
    throw new BadRequest(`A housekeeper may set requestStatus to ${statusList(HOUSEKEEPER_STATUSES)}`, [
      { field: 'requestStatus', message: `must be one of ${HOUSEKEEPER_STATUSES.join(', ')}` },
    ]);
  return { ...current, requestStatus: patch.requestStatus as HousekeepingStatus };
}

/** DELETE: archives; an archived request is the spec's 409. */
export function archived(current: HousekeepingRecord): HousekeepingRecord {
  if (current.requestStatus === HK_STATUS.archived)
    throw new Conflict(`Housekeeping request ${current.requestId} is already archived`);
  return { ...current, requestStatus: HK_STATUS.archived };
}

/** Whether two versions differ in what the API shows (dateUpdated aside): an unchanged update writes nothing. */
export function sameRequest(a: HousekeepingRecord, b: HousekeepingRecord): boolean {
  const { dateUpdated: _a, ...left } = a;
  const { dateUpdated: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The API's view (spec: requestId, propertyId, requestTitle, requestDate, requestStatus, assignedTo). */
export const requestView = (r: HousekeepingRecord) => ({
  requestId: r.requestId,
  propertyId: r.propertyId,
  requestTitle: r.requestTitle,
  requestDesc: r.requestDesc,
  requestDate: r.requestDate,
  requestStatus: r.requestStatus,
  statusName: STATUS_NAMES[r.requestStatus],
  assignedTo: r.assignedTo,
  reservationId: r.reservationId,
  dateCreated: r.dateCreated,
  dateUpdated: r.dateUpdated,
});
export type RequestView = ReturnType<typeof requestView>;

export interface ListFilter {
  propertyId?: number | undefined;
  status?: number | undefined;
  assignedTo?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** The list's filters on one record (the key range already narrowed what it could); 6 only when asked. */
export function matchesFilter(r: HousekeepingRecord, f: ListFilter): boolean {
  if (f.status === undefined ? r.requestStatus === HK_STATUS.archived : r.requestStatus !== f.status)
    return false;
  if (f.propertyId !== undefined && r.propertyId !== f.propertyId) return false;
  if (f.assignedTo !== undefined && r.assignedTo !== f.assignedTo) return false;
  if (f.dateFrom !== undefined && r.requestDate < f.dateFrom) return false;
  if (f.dateTo !== undefined && r.requestDate > f.dateTo) return false;
  return true;
}
