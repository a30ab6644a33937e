/** The site Lambda: public settings and website content. */
import { getSettings } from '../../shared/data/settings-repo.js';
import { publicSettingsView } from '../../shared/domain/settings.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';

export const handler = createHttpHandler('site', [
  bind(routes.getSettings, async () => ({ body: publicSettingsView(await getSettings()) })),
]);
