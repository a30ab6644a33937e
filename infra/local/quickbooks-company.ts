/**
 * The books of one QuickBooks Online company as the local stand-in keeps them (quickbooks-stand-in.ts serves
 * them over HTTP): the entities the sync writes, made, changed, voided and deleted by the rules of Intuit's
 * Accounting API reference (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice
 * and the other entity pages), as far as the sync uses them:
 * - each entity gets an `Id` and a `SyncToken` ("0", one more on each change), `MetaData` times and `domain`;
 *   an update must carry the current SyncToken, else 5010 "Stale Object Error"; an Id the company does not
 *   have is 610 "Object Not Found";
 * - what a create or an update may not hold is refused as QuickBooks refuses it (quickbooks-checks.ts);
 * - an Invoice's and a Bill's `TotalAmt` is the sum of their lines and their `Balance` what payments linked to
 *   them (Payment, BillPayment `Line[].LinkedTxn`) leave open; QuickBooks adds the SubTotalLine to an Invoice;
 * - `operation=void` zeroes an Invoice (amounts 0, "Voided" in its PrivateNote) and `operation=delete` removes
 *   a Bill (the answer's `status: "Deleted"`);
 * - the query language's selects (quickbooks-query.ts);
 * - the company preferences' class tracking (AccountingInfoPrefs), per line here.
 * A refusal rule (`refuse`) lets a test or a developer make the company refuse one document with a
 * ValidationFault, as a real company does for its own reasons (a closed period, a rule of its accountant).
 */
import { type BooksView, checkBody } from './quickbooks-checks.js';
import {
  amount,
  cents,
  type Entity,
  type EntityRules,
  linesOf,
  notFound,
  type Refusal,
  RULES,
  validation,
} from './quickbooks-entities.js';
import { numbersOf } from './quickbooks-fields.js';
import { matches, type ParsedQuery } from './quickbooks-query.js';

export interface CompanyPreferences {
  classTrackingPerTxn: boolean;
  classTrackingPerTxnLine: boolean;
}

export interface CompanySnapshot {
  realmId: string;
  next: number;
  entities: Record<string, Entity[]>;
  refusals: Refusal[];
  preferences: CompanyPreferences;
}

export class QuickBooksCompany {
  private next = 1;
  private readonly entities = new Map<string, Map<string, Entity>>();
  private refusals: Refusal[] = [];
  preferences: CompanyPreferences = { classTrackingPerTxn: false, classTrackingPerTxnLine: true };

  /** What the checks read of the books. */
  private readonly view: BooksView = {
    list: (entity) => this.list(entity),
    has: (entity, id) => this.entities.get(entity)?.has(id) === true,
    refusals: () => this.refusals,
  };

  constructor(readonly realmId: string) {}

  static from(snapshot: CompanySnapshot): QuickBooksCompany {
    const company = new QuickBooksCompany(snapshot.realmId);
    company.next = snapshot.next;
    company.refusals = [...snapshot.refusals];
    company.preferences = { ...snapshot.preferences };
    for (const [entity, list] of Object.entries(snapshot.entities))
      company.entities.set(entity, new Map(list.map((e) => [e.Id, e])));
    return company;
  }

  snapshot(): CompanySnapshot {
    return {
      realmId: this.realmId,
      next: this.next,
      entities: Object.fromEntries([...this.entities].map(([name, map]) => [name, [...map.values()]])),
      refusals: [...this.refusals],
      preferences: { ...this.preferences },
    };
  }

  /** Every entity of a kind, in the order made. */
  list(entity: string): Entity[] {
    return [...(this.entities.get(entity)?.values() ?? [])];
  }

  refuse(refusal: Refusal): void {
    this.refusals.push(refusal);
  }

  /** The company's refusals end (the bookkeeper fixed the cause); the count ended. */
  clearRefusals(): number {
    const ended = this.refusals.length;
    this.refusals = [];
    return ended;
  }

  read(entity: string, id: string): Entity {
    const found = this.entities.get(entity)?.get(id);
    if (!found) throw notFound(entity, id);
    return found;
  }

  create(entity: string, body: Record<string, unknown>, now: Date): Entity {
    const rules = this.rulesOf(entity);
    checkBody(this.view, entity, rules, body, { creating: true });
    const id = String(this.next++);
    const time = now.toISOString();
    const made: Entity = {
      ...numbersOf(withoutMeta(body)),
      Id: id,
      SyncToken: '0',
      domain: 'QBO',
      sparse: false,
      MetaData: { CreateTime: time, LastUpdatedTime: time },
    };
    this.derive(entity, made);
    this.apply(entity, made, undefined);
    this.store(entity).set(id, made);
    return made;
  }

  /** A sparse update: the fields sent replace theirs (an array whole), with the current SyncToken. */
  update(entity: string, body: Record<string, unknown>, now: Date): Entity {
    const rules = this.rulesOf(entity);
    const current = this.current(entity, body);
    checkBody(this.view, entity, rules, body, { creating: body.sparse !== true, self: current.Id });
    const base = body.sparse === true ? current : { Id: current.Id };
    const changed: Entity = {
      ...base,
      ...numbersOf(withoutMeta(body)),
      Id: current.Id,
      SyncToken: String(Number(current.SyncToken) + 1),
      domain: 'QBO',
      sparse: false,
      MetaData: { ...(current.MetaData as object), LastUpdatedTime: now.toISOString() },
    };
    this.derive(entity, changed);
    this.apply(entity, changed, current);
    this.store(entity).set(current.Id, changed);
    return changed;
  }

  /** `operation=void`: an Invoice (or a Payment) stays, with its amounts zeroed. */
  void(entity: string, body: Record<string, unknown>, now: Date): Entity {
    if (entity !== 'Invoice' && entity !== 'Payment')
      throw validation('6000', 'Operation void is not supported', `${entity} cannot be voided`);
    const current = this.current(entity, body);
    const zeroed = linesOf(current).map((line) => ({ ...line, Amount: 0 }));
    const voided: Entity = {
      ...current,
      Line: zeroed,
      TotalAmt: 0,
      Balance: 0,
      PrivateNote: `Voided${current.PrivateNote ? ` - ${String(current.PrivateNote)}` : ''}`,
      SyncToken: String(Number(current.SyncToken) + 1),
      MetaData: { ...(current.MetaData as object), LastUpdatedTime: now.toISOString() },
    };
    this.apply(entity, { ...voided, Line: [] }, current);
    this.store(entity).set(current.Id, voided);
    return voided;
  }

  /** `operation=delete`: the entity is gone; QuickBooks answers its Id with `status: "Deleted"`. */
  delete(entity: string, body: Record<string, unknown>): Record<string, unknown> {
    if (RULES[entity]?.uniqueName)
      throw validation(
        '6000',
        'Operation delete is not supported',
        `${entity} is made inactive, not deleted`,
      );
    const current = this.current(entity, body);
    this.apply(entity, { ...current, Line: [] }, current);
    this.store(entity).delete(current.Id);
    return { Id: current.Id, status: 'Deleted', domain: 'QBO' };
  }

  /** The entities a query selects, or their count. */
  query(select: ParsedQuery): { entities: Entity[]; count: number } {
    this.rulesOf(select.entity);
    const matching = this.list(select.entity).filter((e) => select.where.every((c) => matches(e, c)));
    const start = Math.max(1, select.startPosition) - 1;
    return { entities: matching.slice(start, start + select.maxResults), count: matching.length };
  }

  private rulesOf(entity: string): EntityRules {
    const rules = RULES[entity];
    if (!rules)
      throw validation('4000', 'Error parsing query', `QueryParserError: Invalid entity: ${entity}`);
    return rules;
  }

  private store(entity: string): Map<string, Entity> {
    let map = this.entities.get(entity);
    if (!map) {
      map = new Map();
      this.entities.set(entity, map);
    }
    return map;
  }

  /** The entity an update, void or delete names, at the SyncToken it was read. */
  private current(entity: string, body: Record<string, unknown>): Entity {
    if (typeof body.Id !== 'string' || typeof body.SyncToken !== 'string')
      throw validation(
        '2020',
        'Required param missing, need to supply the required value for the API',
        'Required parameter Id and SyncToken are missing in the request',
      );
    const current = this.read(entity, body.Id);
    if (current.SyncToken !== body.SyncToken)
      throw validation(
        '5010',
        'Stale Object Error',
        `Stale Object Error : You and another user were working on the same thing. Please try again. (SyncToken ${body.SyncToken}, now ${current.SyncToken})`,
      );
    return current;
  }

  /** Totals QuickBooks computes: TotalAmt from the lines, a SubTotalLine on invoices, the open Balance. */
  private derive(entity: string, made: Entity) {
    if (!['Invoice', 'Bill', 'RefundReceipt', 'Deposit'].includes(entity)) return;
    const lines = linesOf(made).filter((l) => l.DetailType !== 'SubTotalLineDetail');
    const total = lines.reduce((sum, l) => sum + cents(l.Amount), 0);
    made.Line = lines.map((l, i) => ({ ...l, Id: String(i + 1), LineNum: i + 1 }));
    if (entity === 'Invoice')
      made.Line = [
        ...(made.Line as object[]),
        { Amount: amount(total), DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ];
    made.TotalAmt = amount(total);
    if (entity === 'Invoice' || entity === 'Bill') made.Balance = amount(total - this.appliedTo(made.Id));
  }

  /** What payments apply to a document now. */
  private appliedTo(id: string): number {
    let applied = 0;
    for (const kind of ['Payment', 'BillPayment'])
      for (const payment of this.list(kind))
        for (const line of linesOf(payment))
          if ((line.LinkedTxn as { TxnId?: string }[] | undefined)?.some((t) => t.TxnId === id))
            applied += cents(line.Amount);
    return applied;
  }

  /** A payment made, changed or undone moves the Balance of the documents it is linked to. */
  private apply(entity: string, after: Entity, before: Entity | undefined) {
    if (entity !== 'Payment' && entity !== 'BillPayment') return;
    const touched = new Set([...linkedIds(before), ...linkedIds(after)]);
    // The payment's own new state counts once it is stored: set it first, then recompute.
    this.store(entity).set(after.Id, after);
    for (const id of touched)
      for (const kind of ['Invoice', 'Bill']) {
        const doc = this.entities.get(kind)?.get(id);
        if (doc) doc.Balance = amount(Math.max(0, cents(doc.TotalAmt) - this.appliedTo(id)));
      }
  }
}

/** The documents a payment's lines are linked to. */
const linkedIds = (payment: Entity | undefined): string[] =>
  (payment ? linesOf(payment) : []).flatMap((line) =>
    ((line.LinkedTxn as { TxnId?: string }[] | undefined) ?? []).flatMap((t) => (t.TxnId ? [t.TxnId] : [])),
  );

const withoutMeta = (body: Record<string, unknown>) => {
  const { MetaData: _meta, sparse: _sparse, domain: _domain, ...rest } = body;
  return rest;
};
