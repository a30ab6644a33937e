/** The ical Lambda: the public export feed, answered as text/calendar (the contract's textResponse). */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('ical', [
  bind(routes.exportFeed, async ({ params, query, now }) => ({
    text: await service.exportFeed(params.propertyId, query.token, now),
    headers: {
      // The token is in the URL: no shared cache keeps the answer, and no Referer carries it on.
      'Cache-Control': 'private, max-age=300',
      'Referrer-Policy': 'no-referrer',
    },
  })),
]);
