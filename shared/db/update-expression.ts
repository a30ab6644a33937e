/**
 * The one builder of UpdateItem expressions (the SDK has none): `{set, remove, add}` becomes the
 * UpdateExpression with its attribute names and values, every name and value behind a placeholder (`#u0`,
 * `:u0` …), so a field that is a reserved word (`status`, `value`, `until`) needs no care, and a caller's
 * condition keeps its own placeholders beside them.
 */

type Values = Record<string, unknown>;
type Names = Record<string, string>;

const IF_ABSENT = Symbol('ifAbsent');
const APPENDED = Symbol('appended');

/** A SET operand that keeps the attribute when it is present (`if_not_exists`). */
export interface IfAbsent {
  readonly [IF_ABSENT]: unknown;
}
/** A SET operand that appends to the attribute's list (`list_append`). */
export interface Appended {
  readonly [APPENDED]: readonly unknown[];
}

/** `field = if_not_exists(field, value)`: the value only where the item has none. */
export const ifAbsent = (value: unknown): IfAbsent => ({ [IF_ABSENT]: value });
/** `field = list_append(field, items)`: the items after the list's own. */
export const appended = (items: readonly unknown[]): Appended => ({ [APPENDED]: items });

export interface UpdateSpec {
  /**
   * Attributes set: to a value, or to `ifAbsent(v)` / `appended(list)`. An undefined value is no value (the
   * attribute is left as it is), as the document client drops undefined values.
   */
  readonly set?: Readonly<Record<string, unknown>>;
  /** Attributes removed. */
  readonly remove?: readonly string[];
  /** Numbers added to (ADD: an absent attribute counts from 0). */
  readonly add?: Readonly<Record<string, number>>;
}

/** A condition with its own placeholders (`#s`, `:read` …), written beside the update's. */
export interface Condition {
  readonly expression: string;
  readonly names?: Readonly<Names>;
  readonly values?: Readonly<Values>;
}

/** The parts of an UpdateItem (or a transaction's Update) the spec and the condition make. */
export interface UpdateParts {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
}

/** The UpdateExpression of `spec`, its names and values, and the condition's beside them. */
export function updateParts(spec: UpdateSpec, condition?: Condition): UpdateParts {
  const names: Names = {};
  const values: Values = {};
  const name = (field: string) => {
    const alias = `#u${Object.keys(names).length}`;
    names[alias] = field;
    return alias;
  };
  const value = (given: unknown) => {
    const alias = `:u${Object.keys(values).length}`;
    values[alias] = given;
    return alias;
  };
  const operand = (alias: string, given: unknown): string => {
    if (typeof given === 'object' && given !== null && IF_ABSENT in given)
      return `if_not_exists(${alias}, ${value((given as IfAbsent)[IF_ABSENT])})`;
    if (typeof given === 'object' && given !== null && APPENDED in given)
      return `list_append(${alias}, ${value((given as Appended)[APPENDED])})`;
    return value(given);
  };
  const sets = Object.entries(spec.set ?? {})
    .filter(([, given]) => given !== undefined)
    .map(([field, given]) => {
      const alias = name(field);
      return `${alias} = ${operand(alias, given)}`;
    });
  const removes = (spec.remove ?? []).map(name);
  const adds = Object.entries(spec.add ?? {}).map(([field, by]) => `${name(field)} ${value(by)}`);
  const clauses = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error('An update must set, remove or add something');
  for (const alias of [...Object.keys(condition?.names ?? {}), ...Object.keys(condition?.values ?? {})])
    if (alias in names || alias in values)
      throw new Error(`A condition's placeholder ${alias} is one of the update's own (#u…, :u…)`);
  const allNames = { ...names, ...condition?.names };
  const allValues = { ...values, ...condition?.values };
  return {
    UpdateExpression: clauses.join(' '),
    ...(condition ? { ConditionExpression: condition.expression } : {}),
    ...(Object.keys(allNames).length ? { ExpressionAttributeNames: allNames } : {}),
    ...(Object.keys(allValues).length ? { ExpressionAttributeValues: allValues } : {}),
  };
}
