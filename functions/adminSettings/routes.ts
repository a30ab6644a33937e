/**
 * Admin site settings (beyond the spec, which only publishes them): read by the staff (super_admin, svc_rep;
 * not landlords: the settings hold the tax id and internal paths, and the public ones are on the site
 * endpoints), changed by W. Secrets are never returned, only whether they are set.
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { adminSettings } from '../../shared/domain/responses/settings.js';
import { defineRoute } from '../../shared/http/route.js';
import { updateSettingsBody } from './schemas.js';

const group = 'adminSettings';
const path = '/API/adminSettings/V1/settings.json';
const tags = ['Admin settings'];
const beyondSpec = 'The spec publishes the settings and their apiPolicy; admins need a way to change them.';

export const getSettings = defineRoute({
  id: 'adminSettings.get',
  group,
  tags,
  method: 'GET',
  path,
  summary: 'All site settings; secrets appear only as <field>Set (true or false)',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  response: adminSettings,
  beyondSpec,
  errors: { 401: 'no admin session', 403: 'wrong role (landlords and housekeepers)' },
});

export const updateSettings = defineRoute({
  id: 'adminSettings.update',
  group,
  tags,
  method: 'PUT',
  path,
  summary: 'Change site settings (a strict whitelist of the settings fields; any other field is a 400)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  response: v.object({ success: v.boolean(), settings: adminSettings }),
  body: updateSettingsBody,
  beyondSpec,
  errors: {
    400: 'unknown field, invalid value, or a third-party CAPTCHA without its secret',
    401: 'no admin session',
    403: 'wrong role',
  },
});

export const routes = [getSettings, updateSettings];
