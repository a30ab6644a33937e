/**
 * Request and response schemas of the admin housekeeping endpoints (spec "Admin housekeeping"). Contracts
 * import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import {
  idParam,
  intLike,
  isoDate,
  MAX_INT_ID,
  paging,
  requiredText,
  text,
} from '../../shared/http/schemas.js';

/** An adminId, or null / 0 / "" for nobody (unassign). */
const assignee = v.pipe(
  v.union(
    [v.null(), v.literal(''), v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'must be an adminId'))],
    'must be a housekeeper adminId or null',
  ),
  v.transform((x) => (x === null || x === '' || Number(x) === 0 ? null : Number(x))),
  v.check((x) => x === null || (Number.isInteger(x) && x > 0 && x <= MAX_INT_ID), 'must be an adminId'),
);

const status = intLike(0, 99);

export const listRequestsQuery = v.object({
  propertyId: v.optional(intLike(1)),
  status: v.optional(status),
  assignedTo: v.optional(intLike(1)),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  ...paging(),
});

export const createRequestBody = v.strictObject({
  propertyId: intLike(1),
  requestTitle: requiredText(200),
  requestDesc: v.optional(text(2000)),
  requestDate: v.optional(isoDate),
  requestStatus: v.optional(status),
  assignedTo: v.optional(assignee),
});

export const updateRequestBody = v.pipe(
  v.strictObject({
    propertyId: v.optional(intLike(1)),
    requestTitle: v.optional(requiredText(200)),
    requestDesc: v.optional(text(2000)),
    requestDate: v.optional(isoDate),
    requestStatus: v.optional(status),
    assignedTo: v.optional(assignee),
  }),
  v.check(
    (b) => Object.values(b).some((x) => x !== undefined),
    'send at least one of propertyId, requestTitle, requestDesc, requestDate, requestStatus, assignedTo',
  ),
);

export const requestIdParams = v.object({ id: idParam });

/** The request as the API answers it (housekeeping/request.ts requestView). */
export const housekeepingRequest = v.object({
  requestId: v.number(),
  propertyId: v.number(),
  requestTitle: v.string(),
  requestDesc: v.string(),
  requestDate: v.string(),
  requestStatus: v.picklist([0, 1, 2, 3, 6]),
  statusName: v.string(),
  assignedTo: v.nullable(v.number()),
  reservationId: v.nullable(v.number()),
  dateCreated: v.string(),
  dateUpdated: v.string(),
});
