/**
 * The Lambda side of a kind's admin endpoints (shared/http/money-document-routes.ts): every route runs the same
 * workflow for every kind — the list and single reads, the create, the change and the cancel — and the kind's
 * group adds only what is its own: the fields of a new document, the checks of its create, and a refinement of
 * its list (the invoices' search).
 */
import type * as v from 'valibot';
import type { AdminSession } from '../../auth/session-types.js';
import { type Actor, adminActor } from '../../domain/change.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import type { MoneyKind } from '../../domain/money-document/kind.js';
import type { DocumentUpdate } from '../../domain/money-document/plan.js';
import type { RecordOf } from '../../domain/money-document/record.js';
import { documentView } from '../../domain/money-document/view.js';
import type { BoundRoute, RouteContract } from '../../http/route.js';
import { cancelDocument, updateDocument } from './change.js';
import { createDocument, type DocumentInput, type OwnFields } from './create.js';
import { type ListFilters, listDocuments, readVisibleDocument } from './reads.js';

/** What an admin route's handler receives once the pipeline has checked the session and the input. */
interface AdminInput<P, Q, B> {
  admin: AdminSession;
  params: P;
  query: Q;
  body: B;
  now: Date;
  requestId: string;
}

const byId = (i: { params: { id: number } }) => i.params.id;
const actorOf = (i: AdminInput<unknown, unknown, unknown>): Actor => adminActor(i.admin.adminId, i.requestId);

/**
 * A handler of the contract. The pipeline validates params, query and body with the contract's schemas before
 * calling it (shared/http/create-handler.ts), and the contracts below are built by moneyDocumentRoutes from the
 * very schemas whose outputs these types name, so the input is what the handler says it takes.
 */
const on = <P, Q, B>(
  contract: RouteContract,
  handle: (input: AdminInput<P, Q, B>) => Promise<unknown>,
): BoundRoute => ({
  contract,
  handle: async (input) => ({ body: await handle(input as unknown as AdminInput<P, Q, B>) }),
});

export interface KindHandlers<T extends DocumentType, LQ, CB> {
  /** The kind's own fields of a new document, from the create body. */
  fields: (body: CB) => OwnFields<T>;
  /** Checks of a create body beyond its schema (the invoicee exists …): a 400, before anything is written. */
  check?: (body: CB) => Promise<void>;
  /** Narrows the filtered list further (the invoices' search). */
  refine?: (found: RecordOf<T>[], query: LQ) => Promise<RecordOf<T>[]>;
  /** What the single document adds to its view (the invoice's payment link). */
  single?: (record: RecordOf<T>, now: Date) => Promise<Readonly<Record<string, unknown>>>;
}

export function moneyDocumentHandlers<
  T extends DocumentType,
  LQ extends ListFilters,
  CB extends DocumentInput,
>(
  kind: MoneyKind<T>,
  routes: {
    list: RouteContract<RouteContract['auth'], undefined, v.GenericSchema<unknown, LQ>>;
    get: RouteContract;
    create: RouteContract<RouteContract['auth'], undefined, undefined, v.GenericSchema<unknown, CB>>;
    update: RouteContract;
    cancel: RouteContract;
  },
  own: KindHandlers<T, LQ, CB>,
): BoundRoute[] {
  const { refine, check } = own;
  return [
    on<unknown, LQ, unknown>(routes.list, (i) =>
      listDocuments(kind, i.admin, i.query, refine && ((found) => refine(found, i.query))),
    ),
    on<{ id: number }, unknown, unknown>(routes.get, async (i) => {
      const found = await readVisibleDocument(kind, i.admin, byId(i));
      const view = documentView(kind, found.record, found.lines);
      return own.single ? { ...view, ...(await own.single(found.record, i.now)) } : view;
    }),
    on<unknown, unknown, CB>(routes.create, async (i) => {
      await check?.(i.body);
      return createDocument(kind, i.body, own.fields(i.body), actorOf(i), i.now);
    }),
    on<{ id: number }, unknown, DocumentUpdate<T>>(routes.update, (i) =>
      updateDocument(kind, byId(i), i.body, actorOf(i), i.now),
    ),
    on<{ id: number }, unknown, unknown>(routes.cancel, (i) =>
      cancelDocument(kind, byId(i), actorOf(i), i.now),
    ),
  ];
}
