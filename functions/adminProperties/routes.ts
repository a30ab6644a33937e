/** Admin properties (spec "Admin properties (controller adminProperties)"), with the singular /property/{id}.json alias. */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { adminProperty } from '../../shared/domain/responses/property.js';
import { defineRoute } from '../../shared/http/route.js';
import { createPropertyBody, listPropertiesQuery, propertyIdParams, updatePropertyBody } from './schemas.js';

const group = 'adminProperties';
const base = '/API/adminProperties/V1';
const tags = ['Admin properties'];

export const listProperties = defineRoute({
  id: 'adminProperties.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/properties.json`,
  summary: 'List LTR and VR properties (landlords see their own)',
  auth: { kind: 'admin', roles: READ_ROLES },
  response: v.object({
    ...paged(adminProperty).entries,
    ltrTotal: v.optional(v.number()),
    vrTotal: v.optional(v.number()),
  }),
  query: listPropertiesQuery,
  aliases: { query: { bedrooms: 'beds' } },
  errors: { 401: 'no admin session', 403: 'wrong role' },
});

export const getProperty = defineRoute({
  id: 'adminProperties.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/properties/{id}.json`,
  aliasPaths: [`${base}/property/{id}.json`],
  summary: 'One property, LTR or VR',
  auth: { kind: 'admin', roles: READ_ROLES },
  response: adminProperty,
  params: propertyIdParams,
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such property (another landlord’s property answers the same)',
  },
});

export const createProperty = defineRoute({
  id: 'adminProperties.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/properties.json`,
  summary: 'Create a property (VR ids are above 1999)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  body: createPropertyBody,
  successStatus: 201,
  response: v.object({ propertyId: v.number(), type: v.picklist(['ltr', 'vr']) }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role', 409: 'duplicate name' },
});

export const updateProperty = defineRoute({
  id: 'adminProperties.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/properties/{id}.json`,
  aliasPaths: [`${base}/property/{id}.json`],
  summary: 'Update the whitelisted fields of a property; any other field is a 400',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  response: v.object({ success: v.boolean(), property: adminProperty }),
  params: propertyIdParams,
  body: updatePropertyBody,
  errors: {
    400: 'unknown field or validation',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such property',
    409: 'duplicate name',
  },
});

export const archiveProperty = defineRoute({
  id: 'adminProperties.archive',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/properties/{id}.json`,
  aliasPaths: [`${base}/property/{id}.json`],
  summary: 'Soft-archive a property (isArchived=1)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  response: v.object({ success: v.boolean(), propertyId: v.number(), isArchived: v.number() }),
  params: propertyIdParams,
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such property',
    409: 'active future VR reservations',
  },
});

export const routes = [listProperties, getProperty, createProperty, updateProperty, archiveProperty];
