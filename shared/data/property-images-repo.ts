/**
 * Property images (docs/data-model.md P7–P8): items in the property's own partition (`IMAGE#<order>#<id>`),
 * and on GSI1 by kind for the all-images endpoint.
 */
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import type { PropertyKind } from '../domain/property.js';

export interface PropertyImage {
  pictureId: number;
  propertyId: number;
  pictureName: string;
  pictureUrl: string;
  isFeatured: 0 | 1;
  pictureOrder: number;
  pictureDate: string;
}

const fromItem = (item: Item) => stripKeys<PropertyImage>(item);

/** P7: a property's images in picture order. */
export async function getPropertyImages(propertyId: number): Promise<PropertyImage[]> {
  const items = await queryPartition({
    pk: keys.propertyPartition(propertyId),
    sk: { beginsWith: keys.imagePrefix },
  });
  return items.map(fromItem);
}

/** P8: every image of a kind of property. */
export async function imagesOfType(type: PropertyKind): Promise<PropertyImage[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.imagesByType(type) });
  return items.map(fromItem);
}

export function imageItem(type: PropertyKind, image: PropertyImage): Item {
  return {
    ...keys.image(image.propertyId, image.pictureOrder, image.pictureId),
    entity: 'image',
    ...image,
    GSI1PK: indexKeys.imagesByType(type),
    GSI1SK: indexKeys.imageOrder(image.propertyId, image.pictureOrder, image.pictureId),
  };
}
