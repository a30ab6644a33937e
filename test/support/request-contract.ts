/**
 * The request half of the contract check: a request the API accepted must be one the OpenAPI document accepts
 * too, checked with a JSON Schema validator (Ajv, draft 2020-12 as OpenAPI 3.1 reads schemas, with formats) as
 * a client or a validator generated from the document would check it (Prism validating live requests refused
 * digit strings the API takes). The test Client runs it on every request answered below 400, so each HTTP test
 * is a contract test of what it sends. CONTRACT_CHECK=off turns it off with the answer check.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ROUTES } from '../../functions/registry.js';
import { buildOpenApiDocument } from '../../infra/openapi.js';
import { PathMatcher } from '../../shared/http/path-matcher.js';
import { allPaths, type HttpMethod } from '../../shared/http/route.js';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: object;
}

interface OperationSchemas {
  id: string;
  parameters: Parameter[];
  body: object | undefined;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

/** Validators compiled when first needed: a test file uses a few dozen of the document's schemas. */
const compiled = new WeakMap<object, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

function operationsOf(doc: ReturnType<typeof buildOpenApiDocument>): PathMatcher<OperationSchemas> {
  const matcher = new PathMatcher<OperationSchemas>();
  for (const route of ROUTES)
    for (const path of allPaths(route)) {
      const op = (doc.paths[path] as Record<string, Record<string, unknown>>)[route.method.toLowerCase()] as {
        operationId: string;
        parameters: Parameter[];
        requestBody?: { content: { 'application/json': { schema: object } } };
      };
      matcher.add(route.method, path, {
        id: op.operationId,
        parameters: op.parameters,
        body: op.requestBody?.content['application/json'].schema,
      });
    }
  return matcher;
}

let operations: PathMatcher<OperationSchemas> | undefined;

export interface SentRequest {
  method: string;
  /** The URL path, without the query. */
  path: string;
  query: URLSearchParams;
  /** The JSON body as sent (undefined: none, or not JSON). */
  body: unknown;
}

const enabled = process.env.CONTRACT_CHECK !== 'off';

const issues = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim())
    .join('; ');

/**
 * What the OpenAPI document refuses in a request (undefined: it accepts it, or the path is no operation).
 * Query and path values are strings on the wire, checked as such; a query name the document does not list
 * (a documented alias) is left alone, as OpenAPI validators do.
 */
export function requestMismatch(request: SentRequest): string | undefined {
  if (!enabled) return undefined;
  operations ??= operationsOf(buildOpenApiDocument(ROUTES));
  const match = operations.match(request.method as HttpMethod, request.path);
  if (match.kind !== 'found') return undefined;
  const op = match.value;
  const where = `${request.method} ${request.path} (${op.id})`;
  const refused: string[] = [];
  for (const parameter of op.parameters) {
    const value = parameter.in === 'path' ? match.params[parameter.name] : request.query.get(parameter.name);
    if (value === null || value === undefined) {
      if (parameter.required) refused.push(`${parameter.in} ${parameter.name} is required`);
      continue;
    }
    const validate = validatorOf(parameter.schema);
    if (!validate(value))
      refused.push(`${parameter.in} ${parameter.name}=${JSON.stringify(value)}: ${issues(validate)}`);
  }
  if (op.body && request.body !== undefined) {
    const validate = validatorOf(op.body);
    if (!validate(request.body))
      refused.push(`body ${JSON.stringify(request.body).slice(0, 300)}: ${issues(validate)}`);
  }
  return refused.length
    ? `${where} was accepted by the API, but its OpenAPI document refuses it: ${refused.join(' | ')}`
    : undefined;
}
