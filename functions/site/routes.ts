/**
 * The public website's read endpoints (spec "Website content"): settings, CMS blocks, pages, reviews,
 * sliders, navigation, FAQ, events, blog, attractions. One Lambda serves them all; every one is a public,
 * cacheable GET (Cache-Control: public, max-age=600 and the API stage cache) over key lookups only.
 */
import * as v from 'valibot';
import { KIND, slug } from '../../shared/domain/content.js';
import {
  contentBlock,
  contentBlocks,
  contentFull,
  contentList,
  navigation,
} from '../../shared/domain/responses/content.js';
import { publicSettings } from '../../shared/domain/responses/settings.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam, intLike, paging } from '../../shared/http/schemas.js';

const group = 'site';
const tags = ['Website content'];
const pub = { kind: 'public' } as const;
const idParams = v.object({ id: idParam });
/** A larger limit is clamped to the maximum; a non-numeric or zero limit is a 400. */
const limit = (defaultLimit: number, max: number) => paging(defaultLimit, max).limit;

export const getSettings = defineRoute({
  id: 'siteSettings.settings',
  group,
  tags,
  method: 'GET',
  path: '/API/siteSettings/V1/settings.json',
  summary:
    'Public site settings with apiPolicy; businessTaxId and internal paths only behind their opt-in flags',
  auth: pub,
  response: publicSettings,
  cache: true,
});

export const getContent = defineRoute({
  id: 'siteContent.content',
  group,
  tags,
  method: 'GET',
  path: '/API/siteContent/V1/content.json',
  summary: 'Every CMS content block of the single row (indexHeader … indexExtra4; "" when unset)',
  auth: pub,
  response: contentBlocks,
  cache: true,
});

export const getContentBlock = defineRoute({
  id: 'siteContent.contentByKey',
  group,
  tags,
  method: 'GET',
  path: '/API/siteContent/V1/content/{key}.json',
  summary: 'One CMS block as an object with one member named by the key',
  auth: pub,
  response: contentBlock,
  cache: true,
  params: v.object({ key: v.string() }),
  errors: { 404: 'the key is not a content block name' },
});

export const listPages = defineRoute({
  id: 'sitePages.pages',
  group,
  tags,
  method: 'GET',
  path: '/API/sitePages/V1/pages.json',
  summary: 'Active pages (list fields), by title',
  auth: pub,
  response: contentList(KIND.pages),
  cache: true,
});

export const getPage = defineRoute({
  id: 'sitePages.page',
  group,
  tags,
  method: 'GET',
  path: '/API/sitePages/V1/pages/{slug}.json',
  summary: 'One active page by its slug, with pageContent and pageKeywords',
  auth: pub,
  response: contentFull(KIND.pages),
  cache: true,
  params: v.object({ slug }),
  errors: { 400: 'slug does not match ^[a-z0-9-]{1,64}$', 404: 'page not found' },
});

export const listReviews = defineRoute({
  id: 'siteReviews.reviews',
  group,
  tags,
  method: 'GET',
  path: '/API/siteReviews/V1/reviews.json',
  summary: 'Active reviews, newest first; optionally of one property',
  auth: pub,
  response: contentList(KIND.reviews),
  cache: true,
  query: v.object({ propertyId: v.optional(intLike(1)), limit: limit(20, 50) }),
  errors: { 400: 'propertyId or limit not a positive integer' },
});

export const listSliders = defineRoute({
  id: 'siteSliders.sliders',
  group,
  tags,
  method: 'GET',
  path: '/API/siteSliders/V1/sliders.json',
  summary: 'Active sliders by sliderOrder',
  auth: pub,
  response: contentList(KIND.sliders),
  cache: true,
});

export const getNavigation = defineRoute({
  id: 'siteNavigation.menus',
  group,
  tags,
  method: 'GET',
  path: '/API/siteNavigation/V1/menus.json',
  summary: 'Active menus with their children by menuOrder, and the active footer/quick links by linkOrder',
  auth: pub,
  response: navigation,
  cache: true,
});

export const listFaqs = defineRoute({
  id: 'siteFaq.faqs',
  group,
  tags,
  method: 'GET',
  path: '/API/siteFaq/V1/faqs.json',
  summary:
    'Active FAQ entries by faqOrder; faqQuestion/faqAnswer also under their aliases faqName/faqContent',
  auth: pub,
  response: contentList(KIND.faqs),
  cache: true,
});

export const listEvents = defineRoute({
  id: 'siteEvents.events',
  group,
  tags,
  method: 'GET',
  path: '/API/siteEvents/V1/events.json',
  summary: 'Active events (list fields) by start date, earliest first',
  auth: pub,
  response: contentList(KIND.events),
  cache: true,
  query: v.object({ limit: limit(50, 100) }),
  errors: { 400: 'limit not a positive integer' },
});

export const getEvent = defineRoute({
  id: 'siteEvents.event',
  group,
  tags,
  method: 'GET',
  path: '/API/siteEvents/V1/events/{id}.json',
  summary: 'One active event with eventContent, eventDesc, eventKeywords and adminId',
  auth: pub,
  response: contentFull(KIND.events),
  cache: true,
  params: idParams,
  errors: { 400: 'id not a positive integer', 404: 'event not found' },
});

export const listPosts = defineRoute({
  id: 'networkBlog.networkBlogPosts',
  group,
  tags,
  method: 'GET',
  path: '/API/networkBlog/V1/networkBlogPosts.json',
  summary: 'Active blog posts, newest first, postContent cut to its first 300 characters',
  auth: pub,
  response: contentList(KIND.blogPosts),
  cache: true,
});

export const getPost = defineRoute({
  id: 'networkBlog.networkBlogPost',
  group,
  tags,
  method: 'GET',
  path: '/API/networkBlog/V1/networkBlogPosts/{id}.json',
  summary: 'One active blog post with its full postContent',
  auth: pub,
  response: contentFull(KIND.blogPosts),
  cache: true,
  params: idParams,
  errors: { 400: 'id not a positive integer', 404: 'post not found' },
});

export const listPostsOfCategory = defineRoute({
  id: 'networkBlog.networkBlogByCat',
  group,
  tags,
  method: 'GET',
  path: '/API/networkBlog/V1/networkBlogByCat/{categoryId}.json',
  summary: 'Active posts of one category, newest first, excerpted like the post list',
  auth: pub,
  response: contentList(KIND.blogPosts),
  cache: true,
  params: v.object({ categoryId: idParam }),
  errors: { 400: 'categoryId not a positive integer' },
});

export const listBlogCategories = defineRoute({
  id: 'networkBlog.networkBlogCategory',
  group,
  tags,
  method: 'GET',
  path: '/API/networkBlog/V1/networkBlogCategory.json',
  summary: 'Active blog categories by name',
  auth: pub,
  response: contentList(KIND.blogCategories),
  cache: true,
});

export const listAttractions = defineRoute({
  id: 'siteAttractions.attractions',
  group,
  tags,
  method: 'GET',
  path: '/API/siteAttractions/V1/attractions.json',
  summary: 'Active attractions by title; optionally of one category (alias categoryId)',
  auth: pub,
  response: contentList(KIND.attractions),
  cache: true,
  query: v.object({ category: v.optional(intLike(1)), limit: limit(100, 200) }),
  aliases: { query: { categoryId: 'category' } },
  errors: { 400: 'category or limit not a positive integer' },
});

export const getAttraction = defineRoute({
  id: 'siteAttractions.attraction',
  group,
  tags,
  method: 'GET',
  path: '/API/siteAttractions/V1/attractions/{id}.json',
  summary: 'One active attraction',
  auth: pub,
  response: contentFull(KIND.attractions),
  cache: true,
  params: idParams,
  errors: { 400: 'id not a positive integer', 404: 'attraction not found' },
});

export const listAttractionCategories = defineRoute({
  id: 'siteAttractions.categories',
  group,
  tags,
  method: 'GET',
  path: '/API/siteAttractions/V1/categories.json',
  summary: 'Active attraction categories by name',
  auth: pub,
  response: contentList(KIND.attractionCategories),
  cache: true,
});

export const routes = [
  getSettings,
  getContent,
  getContentBlock,
  listPages,
  getPage,
  listReviews,
  listSliders,
  getNavigation,
  listFaqs,
  listEvents,
  getEvent,
  listPosts,
  getPost,
  listPostsOfCategory,
  listBlogCategories,
  listAttractions,
  getAttraction,
  listAttractionCategories,
];
