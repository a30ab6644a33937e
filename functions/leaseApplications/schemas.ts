/** Request schemas of lease applications (spec "Lease applications") and the admin list (beyond the spec). */
import * as v from 'valibot';
import { intLike, paging } from '../../shared/http/schemas.js';

export const applyBody = v.strictObject({ propertyId: intLike(1) });

export const listApplicationsQuery = v.object({
  propertyId: v.optional(intLike(1)),
  ...paging(),
});

export type ListApplicationsQuery = v.InferOutput<typeof listApplicationsQuery>;
