/** Website settings (spec "Website content": settings.json). */
import { defineRoute } from '../../shared/http/route.js';

export const getSettings = defineRoute({
  id: 'siteSettings.settings',
  group: 'site',
  tags: ['Website content'],
  method: 'GET',
  path: '/API/siteSettings/V1/settings.json',
  summary: 'Public site settings with apiPolicy; businessTaxId and internal paths only behind their opt-in flags',
  auth: { kind: 'public' },
  cache: true,
});

export const routes = [getSettings];
