/**
 * The legacy field aliases in the OpenAPI document (spec convention 4: an alias is accepted in place of its
 * field, and the field wins when both are sent), so a client or validator made from the document takes an
 * alias as the API does.
 */

type JsonSchema = Record<string, unknown>;

/** alias → field, turned into field → its aliases. */
export function aliasesByField(aliases: Readonly<Record<string, string>> | undefined): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const [alias, field] of Object.entries(aliases ?? {}))
    byField.set(field, [...(byField.get(field) ?? []), alias]);
  return byField;
}

/**
 * A body schema with the route's aliases (spec convention 4: an alias is accepted in place of its field, the
 * field wins when both are sent): each alias is a property with its field's schema, and a required field is
 * required as itself or as one of its aliases.
 */
export function withBodyAliases(
  schema: JsonSchema,
  aliases: Readonly<Record<string, string>> | undefined,
): JsonSchema {
  const properties = { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  let required = [...((schema.required as string[] | undefined) ?? [])];
  const either: JsonSchema[] = [];
  for (const [field, names] of aliasesByField(aliases)) {
    const fieldSchema = properties[field];
    if (!fieldSchema) continue;
    for (const alias of names)
      properties[alias] = {
        ...fieldSchema,
        description: `Alias of ${field}; ${field} wins when both are sent`,
      };
    if (required.includes(field)) {
      required = required.filter((name) => name !== field);
      either.push({ anyOf: [field, ...names].map((name) => ({ required: [name] })) });
    }
  }
  const { required: _, ...rest } = schema;
  return {
    ...rest,
    properties,
    ...(required.length ? { required } : {}),
    ...(either.length ? { allOf: either } : {}),
  };
}
