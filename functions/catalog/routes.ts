/** The public catalog (spec "Catalog (public)"): only properties on the website and not archived. */
import * as v from 'valibot';
import { itemsOf, paged } from '../../shared/domain/responses/common.js';
import {
  ltrListProperty,
  ltrProperty,
  propertyImage,
  vrCatalogProperty,
} from '../../shared/domain/responses/property.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam, intLike, paging, text } from '../../shared/http/schemas.js';

const group = 'catalog';
const vr = '/API/vrProperties/V1';
const ltr = '/API/ltrProperties/V1';
const flag1 = v.optional(v.picklist(['0', '1'], 'must be 0 or 1'));

export const listVrProperties = defineRoute({
  id: 'vrProperties.list',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${vr}/vrProperties.json`,
  summary: 'VR properties on the website, featured first, then by name',
  auth: { kind: 'public' },
  response: paged(vrCatalogProperty),
  cache: true,
  query: v.object({
    ...paging(),
    beds: v.optional(intLike(0, 100)),
    baths: v.optional(intLike(0, 100)),
    location: v.optional(text(128)),
    search: v.optional(text(128)),
    type: v.optional(text(64)),
    pets: flag1,
    featured: flag1,
  }),
  aliases: { query: { bedrooms: 'beds' } },
});

export const getVrProperty = defineRoute({
  id: 'vrProperties.get',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${vr}/vrProperties/{id}.json`,
  summary: 'One VR property with every catalog field',
  auth: { kind: 'public' },
  response: vrCatalogProperty,
  cache: true,
  params: v.object({ id: idParam }),
  errors: { 404: 'no such VR property on the website' },
});

export const listVrImages = defineRoute({
  id: 'vrProperties.images',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${vr}/vrPropertyImages.json`,
  summary: 'Images of every VR property on the website',
  auth: { kind: 'public' },
  response: itemsOf(propertyImage),
  cache: true,
});

export const listVrPropertyImages = defineRoute({
  id: 'vrProperties.propertyImages',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${vr}/vrPropertyImages/{propertyId}.json`,
  summary: 'Images of one VR property (empty when it is not on the website)',
  auth: { kind: 'public' },
  response: itemsOf(propertyImage),
  cache: true,
  params: v.object({ propertyId: idParam }),
});

export const listLtrProperties = defineRoute({
  id: 'ltrProperties.list',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${ltr}/ltrProperties.json`,
  summary: 'LTR properties on the website (no VR-only fields)',
  auth: { kind: 'public' },
  response: paged(ltrListProperty),
  cache: true,
  query: v.object({ ...paging(), beds: v.optional(intLike(0, 100)), search: v.optional(text(128)) }),
});

export const getLtrProperty = defineRoute({
  id: 'ltrProperties.get',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${ltr}/ltrProperties/{id}.json`,
  summary: 'One LTR property',
  auth: { kind: 'public' },
  response: ltrProperty,
  cache: true,
  params: v.object({ id: idParam }),
  errors: { 404: 'no such LTR property on the website' },
});

export const listLtrPropertyImages = defineRoute({
  id: 'ltrProperties.propertyImages',
  group,
  tags: ['Catalog'],
  method: 'GET',
  path: `${ltr}/ltrPropertyImages/{propertyId}.json`,
  summary: 'Images of one LTR property (empty when it is not on the website)',
  auth: { kind: 'public' },
  response: itemsOf(propertyImage),
  cache: true,
  params: v.object({ propertyId: idParam }),
});

export const routes = [
  listVrProperties,
  getVrProperty,
  listVrImages,
  listVrPropertyImages,
  listLtrProperties,
  getLtrProperty,
  listLtrPropertyImages,
];
