/** Catalog reads. An unfiltered page is one Query: the total heads the sparse catalog index, then page × limit items. */

import * as repo from '../../shared/data/properties-repo.js';
import * as imagesRepo from '../../shared/data/property-images-repo.js';
import {
  isVisible,
  matchesFilter,
  narrows,
  type PropertyFilter,
  type PropertyKind,
  type PropertyRecord,
} from '../../shared/domain/property.js';
import { NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';

export async function catalogPage<T>(
  kind: PropertyKind,
  filter: PropertyFilter,
  page: number,
  limit: number,
  view: (p: PropertyRecord) => T,
) {
  if (narrows(filter)) {
    const all = await repo.allCatalogProperties(kind);
    return pageOf(all.filter((p) => matchesFilter(p, filter)).map(view), page, limit);
  }
  const { records, total } = await repo.firstCatalogPage(kind, page * limit);
  return { items: records.slice((page - 1) * limit).map(view), page, limit, total };
}

export async function visibleProperty(kind: PropertyKind, propertyId: number): Promise<PropertyRecord> {
  const stored = await repo.getProperty(propertyId);
  if (!stored || stored.record.type !== kind || !isVisible(stored.record)) {
    throw new NotFound(`${kind.toUpperCase()} property ${propertyId} not found`);
  }
  return stored.record;
}

export async function imagesOfVisibleProperty(kind: PropertyKind, propertyId: number) {
  const stored = await repo.getProperty(propertyId);
  if (!stored || stored.record.type !== kind || !isVisible(stored.record)) return { items: [] };
  return { items: await imagesRepo.getPropertyImages(propertyId) };
}

export async function allVisibleImages(kind: PropertyKind) {
  const [images, visible] = await Promise.all([imagesRepo.imagesOfType(kind), repo.catalogPropertyIds(kind)]);
  return { items: images.filter((i) => visible.has(i.propertyId)) };
}
