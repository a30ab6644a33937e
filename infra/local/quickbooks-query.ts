/**
 * The part of QuickBooks Online's query language the local stand-in answers
 * (https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries):
 * `select * | count(*) from <Entity> [where <Field> = | like '<value>' [and …]] [startposition n] [maxresults n]`,
 * values in single quotes (a quote inside escaped with a backslash), `%` the wildcard of `like`, names compared
 * without regard to case.
 */
import { type Entity, isObject } from './quickbooks-entities.js';

export interface Condition {
  field: string;
  op: '=' | 'like';
  value: string;
}

export interface ParsedQuery {
  entity: string;
  count: boolean;
  where: Condition[];
  startPosition: number;
  maxResults: number;
}

const QUOTED = String.raw`'((?:[^'\\]|\\.)*)'`;
const CONDITION = new RegExp(String.raw`^\s*([\w.]+)\s*(=|like)\s*${QUOTED}\s*`, 'i');

/** Parses the part of QuickBooks' query language the stand-in answers; undefined when it cannot. */
export function parseQuery(text: string): ParsedQuery | undefined {
  const head = /^\s*select\s+(\*|count\(\*\))\s+from\s+(\w+)\s*/i.exec(text);
  if (!head) return undefined;
  let rest = text.slice(head[0].length);
  const where: Condition[] = [];
  if (/^where\s/i.test(rest)) {
    rest = rest.replace(/^where\s+/i, '');
    for (;;) {
      const condition = CONDITION.exec(rest);
      if (!condition) return undefined;
      where.push({
        field: String(condition[1]),
        op: String(condition[2]).toLowerCase() as Condition['op'],
        value: String(condition[3]).replace(/\\(.)/g, '$1'),
      });
      rest = rest.slice(condition[0].length);
      if (!/^and\s/i.test(rest)) break;
      rest = rest.replace(/^and\s+/i, '');
    }
  }
  const start = /(?:^|\s)startposition\s+(\d+)/i.exec(rest);
  const max = /(?:^|\s)maxresults\s+(\d+)/i.exec(rest);
  if (rest.replace(/(startposition|maxresults)\s+\d+/gi, '').trim() !== '') return undefined;
  return {
    entity: String(head[2]),
    count: String(head[1]).toLowerCase() !== '*',
    where,
    startPosition: start ? Number(start[1]) : 1,
    // QuickBooks answers at most 1000 entities a query (100 unless maxresults says more).
    maxResults: Math.min(1000, max ? Number(max[1]) : 100),
  };
}

function valueAt(entity: Entity, path: string): unknown {
  let value: unknown = entity;
  for (const part of path.split('.')) value = isObject(value) ? value[part] : undefined;
  return value;
}

export function matches(entity: Entity, c: Condition): boolean {
  const value = valueAt(entity, c.field);
  if (value === undefined || value === null) return false;
  const text = String(value).toLowerCase();
  const wanted = c.value.toLowerCase();
  if (c.op === '=') return text === wanted;
  const pattern = wanted
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(text);
}
