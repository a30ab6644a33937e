/**
 * Admin writes of website content (beyond the spec: the spec's content endpoints are read-only, so this is
 * how content gets in). Per kind: list (R roles; inactive records included for the staff, a landlord sees
 * the active ones), create, update, delete (W).
 * The contracts are generated from the kind definitions, so eleven kinds share one shape.
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import {
  CONTENT_KINDS,
  type ContentKind,
  contentBlocksBody,
  createBodyOf,
  updateBodyOf,
} from '../../shared/domain/content.js';
import { itemsOf } from '../../shared/domain/responses/common.js';
import { contentAdminRecord, contentBlocks, contentCreated } from '../../shared/domain/responses/content.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam } from '../../shared/http/schemas.js';

const group = 'adminContent';
const base = '/API/adminContent/V1';
const tags = ['Admin content'];
const idParams = v.object({ id: idParam });
const readAuth = { kind: 'admin', roles: READ_ROLES } as const;
const writeAuth = { kind: 'admin', roles: WRITE_ROLES } as const;
const beyondSpec = 'The spec’s website content endpoints are read-only; admins need a way to write content.';

function routesOf(def: ContentKind) {
  const name = def.kind.charAt(0).toUpperCase() + def.kind.slice(1);
  const aliases = def.aliases ? { aliases: { body: def.aliases } } : {};
  return {
    def,
    list: defineRoute({
      id: `adminContent.list${name}`,
      group,
      tags,
      beyondSpec,
      method: 'GET',
      path: `${base}/${def.kind}.json`,
      summary: `Every ${def.label}, inactive ones included (landlords: active ones only), in website order`,
      auth: readAuth,
      response: itemsOf(contentAdminRecord(def)),
      errors: { 401: 'no admin session', 403: 'wrong role' },
    }),
    create: defineRoute({
      id: `adminContent.create${name}`,
      group,
      tags,
      beyondSpec,
      method: 'POST',
      path: `${base}/${def.kind}.json`,
      summary: `Create a ${def.label}; returns ${def.idField}`,
      auth: writeAuth,
      body: createBodyOf(def),
      ...aliases,
      successStatus: 201,
      response: contentCreated(def),
      errors: {
        400: 'validation or unknown field',
        401: 'no admin session',
        403: 'wrong role',
        ...(def.unique ? { 409: `${def.unique} already used` } : {}),
      },
    }),
    update: defineRoute({
      id: `adminContent.update${name}`,
      group,
      tags,
      beyondSpec,
      method: 'PUT',
      path: `${base}/${def.kind}/{id}.json`,
      summary: `Update the given fields of a ${def.label}; any other field is a 400`,
      auth: writeAuth,
      params: idParams,
      body: updateBodyOf(def),
      response: v.object({ success: v.boolean(), item: contentAdminRecord(def) }),
      ...aliases,
      errors: {
        400: 'validation or unknown field',
        401: 'no admin session',
        403: 'wrong role',
        404: `no such ${def.label}`,
        ...(def.unique ? { 409: `${def.unique} already used` } : {}),
      },
    }),
    remove: defineRoute({
      id: `adminContent.delete${name}`,
      group,
      tags,
      beyondSpec,
      method: 'DELETE',
      path: `${base}/${def.kind}/{id}.json`,
      summary:
        def.deleteMode === 'soft'
          ? `Deactivate a ${def.label} (isActive=0; the record stays and can be restored by PUT isActive=1)`
          : `Delete a ${def.label} for good`,
      auth: writeAuth,
      params: idParams,
      response: v.object({
        success: v.boolean(),
        [def.idField]: v.number(),
        deleted: v.picklist(['soft', 'hard']),
      }),
      errors: { 401: 'no admin session', 403: 'wrong role', 404: `no such ${def.label}` },
    }),
  };
}

export const kindRoutes = CONTENT_KINDS.map(routesOf);

export const putContentBlocks = defineRoute({
  id: 'adminContent.putContent',
  group,
  tags,
  beyondSpec,
  method: 'PUT',
  path: `${base}/content.json`,
  summary: 'Set CMS content blocks (only the spec’s block names; the others keep their values)',
  auth: writeAuth,
  body: contentBlocksBody,
  response: v.object({ success: v.boolean(), content: contentBlocks }),
  errors: { 400: 'unknown block key or validation', 401: 'no admin session', 403: 'wrong role' },
});

export const routes = [
  ...kindRoutes.flatMap((k) => [k.list, k.create, k.update, k.remove]),
  putContentBlocks,
];
