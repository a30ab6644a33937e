/**
 * Request and response schemas of the admin reservation endpoints (spec "Admin reservations"). Contracts
 * import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { RESERVATION_SOURCES } from '../../shared/domain/booking/reservation.js';
import { flag } from '../../shared/domain/responses/common.js';
import {
  idParam,
  intLike,
  isoDate,
  moneyToCents,
  paging,
  requiredText,
  text,
} from '../../shared/http/schemas.js';

/** A status code as the spec has it: a string ("1"), numbers accepted from lenient clients. */
const statusCode = v.pipe(
  v.union([v.string(), v.number()], 'must be a status code'),
  v.transform(String),
  v.trim(),
  v.maxLength(2, 'must be a status code such as 1'),
);

/** The spec's bool; "1", "true", 1 and true skip the check. */
const boolFlag = v.pipe(
  v.union([v.boolean(), v.number(), v.string()], 'must be true or false'),
  v.transform((x) => ['1', 'true', 'yes', 'on'].includes(String(x).trim().toLowerCase())),
);

export const listReservationsQuery = v.object({
  propertyId: v.optional(intLike(1)),
  tenantId: v.optional(intLike(1)),
  status: v.optional(statusCode),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  search: v.optional(text(128)),
  ...paging(),
});

export const createReservationBody = v.strictObject({
  propertyId: intLike(1),
  dateFrom: isoDate,
  dateTo: isoDate,
  // Required for a guest's reservation; a block (adminBlock) may leave them out (the service says so).
  name: v.optional(requiredText(128)),
  email: v.optional(v.pipe(requiredText(254), v.email('must be an e-mail address'))),
  totalPrice: v.optional(moneyToCents),
  status: v.optional(statusCode),
  skipAvailabilityCheck: v.optional(boolFlag, false),
  adminBlock: v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String))),
});
export type CreateReservationInput = v.InferOutput<typeof createReservationBody>;

export const updateReservationBody = v.pipe(
  v.strictObject({
    status: v.optional(statusCode),
    dateFrom: v.optional(isoDate),
    dateTo: v.optional(isoDate),
    totalPrice: v.optional(moneyToCents),
  }),
  v.check(
    (b) => Object.values(b).some((x) => x !== undefined),
    'send at least one of status, dateFrom, dateTo, totalPrice',
  ),
);
export type UpdateReservationInput = v.InferOutput<typeof updateReservationBody>;

export const reservationIdParams = v.object({ id: idParam });

/** The admin reservation object (shared/domain/booking/reservation.ts reservationView). */
export const adminReservation = v.object({
  reservationId: v.number(),
  propertyId: v.number(),
  tenantId: v.nullable(v.number()),
  dateFrom: v.string(),
  dateTo: v.string(),
  nights: v.number(),
  name: v.string(),
  email: v.string(),
  status: v.string(),
  statusName: v.picklist(['pending', 'confirmed', 'cancelled', 'blocked']),
  adminBlock: flag,
  totalPrice: v.number(),
  orderId: v.nullable(v.number()),
  couponCode: v.nullable(v.string()),
  source: v.picklist(RESERVATION_SOURCES),
  /** An unpaid website booking's hold: when it runs out (ISO time); null for any other stay. */
  holdUntil: v.nullable(v.string()),
  /** Who stays, as a website booking gave it; null for a stay made any other way. */
  guests: v.nullable(v.object({ adults: v.number(), children: v.number(), pets: v.number() })),
  dateCreated: v.string(),
  dateUpdated: v.string(),
});
