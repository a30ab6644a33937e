/**
 * The QuickBooks ids of what the mapping names and of each property's Class (docs/accounting.md "Mapping"):
 * found in the company by exact name (a query), created when missing (an Account with the mapping's type, a
 * Service Item posting to its account, a Class), and kept in X5 so a run asks QuickBooks once per name. An
 * entity that exists already is used as it is (an existing item keeps the account the company gave it).
 * A create that loses a race (QuickBooks' 6240 "Duplicate Name Exists": Account, Item and Class names are
 * unique in a company, https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes)
 * finds the winner. Request shapes: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/account ,
 * …/all-entities/item (a Service item's IncomeAccountRef), …/all-entities/class, and the company's class
 * tracking in …/all-entities/preferences (AccountingInfoPrefs.ClassTrackingPerTxn, ClassTrackingPerTxnLine).
 */
import { randomUUID } from 'node:crypto';
import { dropRef, saveRef } from '../../shared/data/accounting-settings-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import type { AccountChoice, AccountingMapping, ItemChoice } from '../../shared/domain/accounting/mapping.js';
import {
  accountBody,
  classBody,
  classNameOf,
  findByNameQuery,
  itemBody,
} from '../../shared/domain/accounting/name-lists.js';
import type { QboEntity, QboRef } from '../../shared/domain/accounting/qbo-types.js';
import type { ClassPlacement } from '../../shared/domain/accounting/sales-documents.js';
import { KeyedLock } from './keyed-lock.js';
import { type QuickBooksApi, QuickBooksError } from './quickbooks-api.js';

const DUPLICATE_NAME = '6240';

export class References {
  private readonly lock = new KeyedLock();
  private placement: Promise<ClassPlacement> | undefined;

  constructor(
    private readonly api: QuickBooksApi,
    private readonly realmId: string,
    private readonly mapping: AccountingMapping,
    private readonly cache: Map<string, string>,
  ) {}

  account(choice: AccountChoice): Promise<QboRef> {
    return this.named('Account', choice.name, async () => accountBody(choice));
  }

  async item(choice: ItemChoice): Promise<QboRef> {
    return this.named('Item', choice.item, async () =>
      itemBody(choice.item, await this.account(choice.account)),
    );
  }

  /** Where the company wants classes (its preferences, read once a run), or 'none' when the mapping says no. */
  classPlacement(): Promise<ClassPlacement> {
    if (!this.mapping.classes) return Promise.resolve('none');
    this.placement ??= this.api.preferences().then((prefs) => {
      const info = (prefs.AccountingInfoPrefs ?? {}) as Record<string, unknown>;
      if (info.ClassTrackingPerTxn === true) return 'txn';
      if (info.ClassTrackingPerTxnLine === true) return 'line';
      return 'none';
    });
    return this.placement;
  }

  /** The property's Class when the company tracks classes; undefined without a property or tracking. */
  async classOf(propertyId: number | null): Promise<QboRef | undefined> {
    if (propertyId === null || (await this.classPlacement()) === 'none') return undefined;
    const property = await getProperty(propertyId);
    const name = classNameOf(property?.record.propertyName ?? '', propertyId);
    return this.named('Class', name, async () => classBody(name));
  }

  /** Forgets the ids of what a refused record used (QuickBooks says one is gone: 610): found again next time. */
  async forget(refs: readonly QboRef[]): Promise<void> {
    for (const [key, id] of this.cache) {
      if (!refs.some((r) => r.value === id)) continue;
      this.cache.delete(key);
      const [entity, ...name] = key.split('#');
      await dropRef(this.realmId, String(entity), name.join('#'));
    }
  }

  private named(entity: QboEntity, name: string, body: () => Promise<object>): Promise<QboRef> {
    const key = `${entity}#${name}`;
    return this.lock.with(key, async () => {
      const known = this.cache.get(key);
      if (known) return { value: known, name };
      const id = (await this.find(entity, name)) ?? (await this.create(entity, name, await body()));
      this.cache.set(key, id);
      await saveRef(this.realmId, entity, name, id);
      return { value: id, name };
    });
  }

  private async find(entity: QboEntity, name: string): Promise<string | undefined> {
    const [found] = await this.api.query(entity, findByNameQuery(entity, name));
    return found?.Id;
  }

  private async create(entity: QboEntity, name: string, body: object): Promise<string> {
    try {
      // A fresh requestid: names are unique in a company, so a create whose answer was lost and is sent again
      // meets 6240 and finds the first one, and a refused create is not replayed after the company is fixed.
      return (await this.api.create(entity, body, randomUUID())).Id;
    } catch (error) {
      if (error instanceof QuickBooksError && error.fault.code === DUPLICATE_NAME) {
        const id = await this.find(entity, name);
        if (id) return id;
      }
      throw error;
    }
  }
}
