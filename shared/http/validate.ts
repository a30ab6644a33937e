/** valibot parsing with issues turned into the problem body's `errors` list. */
import * as v from 'valibot';
import { BadRequest, type FieldError } from '../errors.js';
import type { AnySchema } from './route.js';

export function parseOrThrow<S extends AnySchema>(
  schema: S,
  input: unknown,
  where: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors = result.issues.map((issue) => toFieldError(issue, where));
  throw new BadRequest(
    `Invalid ${where}: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    errors,
  );
}

function toFieldError(issue: v.BaseIssue<unknown>, where: string): FieldError {
  const field = v.getDotPath(issue) ?? where;
  if (issue.type === 'strict_object') {
    // valibot reports a missing key and an extra key of a strict object alike; `expected` tells them apart.
    return { field, message: issue.expected === 'never' ? 'unknown field' : 'is required' };
  }
  return { field, message: issue.message };
}
