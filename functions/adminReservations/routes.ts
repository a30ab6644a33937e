/**
 * Admin reservations (spec "Admin reservations (controller adminReservations)"), with the singular
 * /reservation/{id}.json alias. Statuses: "1" confirmed, "0" pending, "3" cancelled, "4" admin block
 * (DESIGN.md); docs/reservations.md has the rules.
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { defineRoute } from '../../shared/http/route.js';
import {
  adminReservation,
  createReservationBody,
  listReservationsQuery,
  reservationIdParams,
  updateReservationBody,
} from './schemas.js';

const group = 'adminReservations';
const base = '/API/adminReservations/V1';
const tags = ['Admin reservations'];

export const listReservations = defineRoute({
  id: 'adminReservations.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/reservations.json`,
  summary: 'List reservations and blocks by stay start (landlords see their own properties’)',
  description:
    'Filters: propertyId (alias serviceID), tenantId, status, dateFrom (stay start on or after), dateTo (check-out on or before), search (guest name or e-mail, part of it, or the reservation id).',
  auth: { kind: 'admin', roles: READ_ROLES },
  query: listReservationsQuery,
  aliases: { query: { serviceID: 'propertyId' } },
  response: paged(adminReservation),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const getReservation = defineRoute({
  id: 'adminReservations.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/reservations/{id}.json`,
  aliasPaths: [`${base}/reservation/{id}.json`],
  summary: 'One reservation with its stay dates',
  auth: { kind: 'admin', roles: READ_ROLES },
  params: reservationIdParams,
  response: adminReservation,
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such reservation (another landlord’s answers the same)',
  },
});

export const createReservation = defineRoute({
  id: 'adminReservations.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/reservations.json`,
  summary: 'Create a reservation or, with adminBlock, a block of the nights',
  description:
    'The booking rules (stay length, not before today, within the 24-month horizon) and free units are checked. skipAvailabilityCheck bypasses them (spec): on nights that are full the reservation is an explicit overbooking, stored, shown in lists and the calendar, recorded as a conflict (adminIcal conflicts.json, source overbooking) and announced (`reservation.overbooked`). Honours Idempotency-Key.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  body: createReservationBody,
  idempotency: true,
  successStatus: 201,
  response: v.object({ success: v.boolean(), reservationId: v.number(), reservation: adminReservation }),
  errors: {
    400: 'validation, or the dates are unavailable',
    401: 'no admin session',
    403: 'wrong role',
    409: 'the same Idempotency-Key is still being answered',
    422: 'the same Idempotency-Key with another body',
  },
});

export const updateReservation = defineRoute({
  id: 'adminReservations.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/reservations/{id}.json`,
  aliasPaths: [`${base}/reservation/{id}.json`],
  summary: 'Change status, dates or total price; moved nights are claimed and released in one transaction',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: reservationIdParams,
  body: updateReservationBody,
  response: v.object({ success: v.boolean(), reservation: adminReservation }),
  errors: {
    400: 'validation',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such reservation',
    409: 'the dates are unavailable',
  },
});

export const cancelReservation = defineRoute({
  id: 'adminReservations.cancel',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/reservations/{id}.json`,
  aliasPaths: [`${base}/reservation/{id}.json`],
  summary: 'Cancel (status 3): the nights are released',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: reservationIdParams,
  response: v.object({ success: v.boolean(), reservation: adminReservation }),
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such reservation',
    409: 'already cancelled',
  },
});

export const routes = [
  listReservations,
  getReservation,
  createReservation,
  updateReservation,
  cancelReservation,
];
