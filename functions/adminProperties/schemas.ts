/** Request schemas of the admin property endpoints; the create and update bodies are the domain's. */
import * as v from 'valibot';
import { idParam, intLike, paging, text } from '../../shared/http/schemas.js';

export {
  type CreatePropertyInput,
  createPropertyBody,
  type UpdatePropertyInput,
  updatePropertyBody,
} from '../../shared/domain/property-schemas.js';

export const listPropertiesQuery = v.object({
  type: v.optional(v.picklist(['all', 'ltr', 'vr'], 'must be all, ltr or vr'), 'all'),
  ...paging(),
  includeArchived: v.optional(v.picklist(['0', '1'], 'must be 0 or 1')),
  onWebsite: v.optional(
    v.pipe(
      v.picklist(['0', '1'], 'must be 0 or 1'),
      v.transform((s) => Number(s) as 0 | 1),
    ),
  ),
  search: v.optional(text(128)),
  beds: v.optional(intLike(0, 100)),
  baths: v.optional(intLike(0, 100)),
  location: v.optional(text(128)),
  propertyType: v.optional(text(64)),
  pets: v.optional(v.picklist(['0', '1'], 'must be 0 or 1')),
  featured: v.optional(v.picklist(['0', '1'], 'must be 0 or 1')),
});

export const propertyIdParams = v.object({ id: idParam });
