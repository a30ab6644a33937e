/**
 * The admin endpoints of a money document kind (spec "Admin invoices", "Admin expenses"; docs/invoices-expenses.md),
 * built once for every kind: list, single, create, update and cancel at `/API/<group>/V1/<plural>.json` and
 * `/<plural>/{id}.json` (plus the singular `/<type>/{id}.json` where the spec has it), reads for R, writes for W.
 * The kind's group passes what differs: its bodies, its list query, its own response fields and the words of
 * its create and update. Contracts, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../auth/roles.js';
import type { DocumentType } from '../domain/ledger/journal.js';
import { type MoneyKind, statusCodes } from '../domain/money-document/kind.js';
import { MAX_LINES_PER_WRITE } from '../domain/money-document/line-items.js';
import type { DocumentUpdate } from '../domain/money-document/plan.js';
import { paged } from '../domain/responses/common.js';
import { type AnySchema, defineRoute } from './route.js';
import { idParam } from './schemas.js';

export interface DocumentRoutesSpec<
  T extends DocumentType,
  LQ extends AnySchema,
  CB extends AnySchema,
  UB extends v.GenericSchema<unknown, DocumentUpdate<T>>,
> {
  kind: MoneyKind<T>;
  group: string;
  tag: string;
  /** The spec's singular `/<type>/{id}.json` alias of the single-document paths (invoices; spec convention 6). */
  singularAlias: boolean;
  listQuery: LQ;
  createBody: CB;
  updateBody: UB;
  /** The list row and the single document (shared/domain/money-document/schemas.ts documentResponses). */
  responses: { summary: AnySchema; single: AnySchema };
  /** The words that differ between kinds. */
  words: {
    listDescription: string;
    getSummary: string;
    createSummary: string;
    createDescription: string;
    create400: string;
    updateSummary: string;
  };
}

const ADMIN = 'no admin session';

/** The five contracts of a kind, by action, and `all` for the registry. */
export function moneyDocumentRoutes<
  T extends DocumentType,
  LQ extends AnySchema,
  CB extends AnySchema,
  UB extends v.GenericSchema<unknown, DocumentUpdate<T>>,
>(spec: DocumentRoutesSpec<T, LQ, CB, UB>) {
  const { kind, group, words } = spec;
  const { status } = kind;
  const base = `/API/${group}/V1`;
  const tags = [spec.tag];
  const collection = `${base}/${kind.plural}.json`;
  const single = `${base}/${kind.plural}/{id}.json`;
  const singlePaths = {
    path: single,
    ...(spec.singularAlias ? { aliasPaths: [`${base}/${kind.type}/{id}.json`] } : {}),
  };
  const params = v.object({ id: idParam });
  const read = { kind: 'admin', roles: READ_ROLES } as const;
  const write = { kind: 'admin', roles: WRITE_ROLES } as const;
  const answer = v.object({ success: v.boolean(), [kind.type]: spec.responses.single });
  const closing = [status.cancelled, status.void].filter((s) => s !== undefined).join(' or ');

  const list = defineRoute({
    id: `${group}.list`,
    group,
    tags,
    method: 'GET',
    path: collection,
    summary: `List ${kind.plural}, newest ${kind.type} date first (landlords see their own properties’)`,
    description: words.listDescription,
    auth: read,
    query: spec.listQuery,
    response: paged(spec.responses.summary),
    errors: { 400: 'validation', 401: ADMIN, 403: 'wrong role' },
  });
  const get = defineRoute({
    id: `${group}.get`,
    group,
    tags,
    method: 'GET',
    ...singlePaths,
    summary: words.getSummary,
    auth: read,
    params,
    response: spec.responses.single,
    errors: {
      401: ADMIN,
      403: 'wrong role',
      404: `no such ${kind.type} (another landlord’s answers the same)`,
    },
  });
  const create = defineRoute({
    id: `${group}.create`,
    group,
    tags,
    method: 'POST',
    path: collection,
    summary: words.createSummary,
    description: words.createDescription,
    auth: write,
    body: spec.createBody,
    idempotency: true,
    successStatus: 201,
    response: v.object({
      success: v.boolean(),
      [kind.idField]: v.number(),
      [kind.type]: spec.responses.single,
    }),
    errors: {
      400: words.create400,
      401: ADMIN,
      403: 'wrong role',
      409: 'the same Idempotency-Key is still being answered',
      422: 'the same Idempotency-Key with another body',
    },
  });
  const update = defineRoute({
    id: `${group}.update`,
    group,
    tags,
    method: 'PUT',
    ...singlePaths,
    summary: words.updateSummary,
    description: `Line items are appended (at most ${MAX_LINES_PER_WRITE} a request). Any status of ${statusCodes(kind).join(', ')} is set as given, synced with the payments (a fully paid ${kind.type} is ${status.paid} whatever was sent); the totals are computed again and the journal posts the difference: ${closing} reverses it as DELETE does, back from there it is posted again.`,
    auth: write,
    params,
    body: spec.updateBody,
    response: answer,
    errors: {
      400: 'validation',
      401: ADMIN,
      403: 'wrong role',
      404: `no such ${kind.type}`,
      409: `${closing} with settled payments${status.processing === undefined ? '' : ' or a card payment in flight'}, ${status.draft} with payments, or a total below what was paid`,
    },
  });
  const cancel = defineRoute({
    id: `${group}.cancel`,
    group,
    tags,
    method: 'DELETE',
    ...singlePaths,
    summary: `Cancel (status ${status.cancelled}) with the journal entry reversed in the same transaction`,
    auth: write,
    params,
    response: answer,
    errors: {
      401: ADMIN,
      403: 'wrong role',
      404: `no such ${kind.type}`,
      409: `settled payments, ${status.processing === undefined ? '' : 'a card payment in flight, '}or already cancelled`,
    },
  });
  return { list, get, create, update, cancel, all: [list, get, create, update, cancel] };
}
