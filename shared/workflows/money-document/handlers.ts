/**
 * The Lambda side of a kind's admin endpoints (shared/http/money-document-routes.ts): every route runs the same
 * workflow for every kind — the list and single reads, the create, the change and the cancel — and the kind's
 * group adds only what is its own: the fields of a new document, the checks of its create, and a refinement of
 * its list (the invoices' search). The group binds each handler to its contract with `bind()`
 * (shared/http/route.ts), so the compiler checks that the contract's validated input is what the handler takes.
 */
import type { AdminSession } from '../../auth/session-types.js';
import { type Actor, adminActor } from '../../domain/change.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import type { MoneyKind } from '../../domain/money-document/kind.js';
import type { DocumentUpdate } from '../../domain/money-document/plan.js';
import type { RecordOf } from '../../domain/money-document/record.js';
import { documentView } from '../../domain/money-document/view.js';
import { cancelDocument, updateDocument } from './change.js';
import { createDocument, type DocumentInput, type OwnFields } from './create.js';
import { type ListFilters, listDocuments, readVisibleDocument } from './reads.js';

/** The part of an admin route's input (the pipeline's HandlerInput) every handler here reads. */
interface AdminInput {
  admin: AdminSession;
  now: Date;
  requestId: string;
}

/** The single-document routes' path parameter. */
interface ById {
  params: { id: number };
}

const actorOf = (i: AdminInput): Actor => adminActor(i.admin.adminId, i.requestId);

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

/** The five handlers of a kind, by action, for the group to bind to the contracts of the same names. */
export function moneyDocumentHandlers<
  T extends DocumentType,
  LQ extends ListFilters,
  CB extends DocumentInput,
>(kind: MoneyKind<T>, own: KindHandlers<T, LQ, CB>) {
  const { refine, check } = own;
  return {
    list: async (i: AdminInput & { query: LQ }) => ({
      body: await listDocuments(kind, i.admin, i.query, refine && ((found) => refine(found, i.query))),
    }),
    get: async (i: AdminInput & ById) => {
      const found = await readVisibleDocument(kind, i.admin, i.params.id);
      const view = documentView(kind, found.record, found.lines);
      return { body: own.single ? { ...view, ...(await own.single(found.record, i.now)) } : view };
    },
    create: async (i: AdminInput & { body: CB }) => {
      await check?.(i.body);
      return { body: await createDocument(kind, i.body, own.fields(i.body), actorOf(i), i.now) };
    },
    update: async (i: AdminInput & ById & { body: DocumentUpdate<T> }) => ({
      body: await updateDocument(kind, i.params.id, i.body, actorOf(i), i.now),
    }),
    cancel: async (i: AdminInput & ById) => ({
      body: await cancelDocument(kind, i.params.id, actorOf(i), i.now),
    }),
  };
}
