/** The catalog Lambda: public VR and LTR listings and their images. */
import { ltrDetailView, ltrListView, vrCatalogView } from '../../shared/domain/property.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('catalog', [
  bind(routes.listVrProperties, async ({ query }) => {
    const { page, limit, type, pets, featured, ...filter } = query;
    return {
      body: await service.catalogPage(
        'vr',
        { ...filter, propertyType: type, pets: pets === '1', featured: featured === '1' },
        page,
        limit,
        vrCatalogView,
      ),
    };
  }),
  bind(routes.getVrProperty, async ({ params }) => ({
    body: vrCatalogView(await service.visibleProperty('vr', params.id)),
  })),
  bind(routes.listVrImages, async () => ({ body: await service.allVisibleImages('vr') })),
  bind(routes.listVrPropertyImages, async ({ params }) => ({
    body: await service.imagesOfVisibleProperty('vr', params.propertyId),
  })),
  bind(routes.listLtrProperties, async ({ query }) => {
    const { page, limit, ...filter } = query;
    return { body: await service.catalogPage('ltr', filter, page, limit, ltrListView) };
  }),
  bind(routes.getLtrProperty, async ({ params }) => ({
    body: ltrDetailView(await service.visibleProperty('ltr', params.id)),
  })),
  bind(routes.listLtrPropertyImages, async ({ params }) => ({
    body: await service.imagesOfVisibleProperty('ltr', params.propertyId),
  })),
]);
