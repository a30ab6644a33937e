/** The site Lambda: public settings and website content, thin handlers over the content service. */
import { getSettings } from '../../shared/data/settings-repo.js';
import { publicSettingsView } from '../../shared/domain/settings.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as content from './content-service.js';
import * as routes from './routes.js';

export const handler = createHttpHandler('site', [
  bind(routes.getSettings, async () => ({ body: publicSettingsView(await getSettings()) })),
  bind(routes.getContent, async () => ({ body: await content.contentBlocks() })),
  bind(routes.getContentBlock, async ({ params }) => ({ body: await content.contentBlock(params.key) })),
  bind(routes.listPages, async () => ({ body: await content.pages() })),
  bind(routes.getPage, async ({ params }) => ({ body: await content.pageBySlug(params.slug) })),
  bind(routes.listReviews, async ({ query }) => ({ body: await content.reviews(query) })),
  bind(routes.listSliders, async () => ({ body: await content.sliders() })),
  bind(routes.getNavigation, async () => ({ body: await content.navigation() })),
  bind(routes.listFaqs, async () => ({ body: await content.faqs() })),
  bind(routes.listEvents, async ({ query }) => ({ body: await content.events(query.limit) })),
  bind(routes.getEvent, async ({ params }) => ({ body: await content.event(params.id) })),
  bind(routes.listPosts, async () => ({ body: await content.posts() })),
  bind(routes.getPost, async ({ params }) => ({ body: await content.post(params.id) })),
  bind(routes.listPostsOfCategory, async ({ params }) => ({
    body: await content.postsOfCategory(params.categoryId),
  })),
  bind(routes.listBlogCategories, async () => ({ body: await content.blogCategories() })),
  bind(routes.listAttractions, async ({ query }) => ({ body: await content.attractions(query) })),
  bind(routes.getAttraction, async ({ params }) => ({ body: await content.attraction(params.id) })),
  bind(routes.listAttractionCategories, async () => ({ body: await content.attractionCategories() })),
]);
