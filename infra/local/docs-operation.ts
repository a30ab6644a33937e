/**
 * One operation of the docs page, drawn by the server: what a link straight to it (`/docs#/operations/{id}`,
 * `/docs#/webhooks/{id}`) shows at once, before the interactive reference is loaded. Stoplight Elements is
 * seconds of main-thread work on a slow device, and a reader who opens a link to read what an operation takes
 * need not wait for it; "Try it" loads it on the same operation (docs/decisions.md "The docs page's renderer").
 * The view says what Elements' does, in plain HTML: the summary, method and path, the description, the
 * parameters, the request body's fields and its example, and every answer. Pure: the document in, the HTML out.
 */
import { escapeHtml } from '../../shared/domain/messages/layout.js';
import { inlineText, type OutlineSource } from './docs-outline.js';

interface Schema {
  type?: string | string[];
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  description?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses?: Record<string, { description?: string }>;
}

interface Found {
  operation: Operation;
  method: string;
  /** The path, or the event's name for a webhook. */
  target: string;
  webhook: boolean;
}

function find(document: OutlineSource, operationId: string): Found | undefined {
  for (const [items, webhook] of [
    [document.paths, false],
    [document.webhooks ?? {}, true],
  ] as const)
    for (const [target, item] of Object.entries(items))
      for (const [method, value] of Object.entries(item)) {
        const operation = value as Operation;
        if (operation.operationId === operationId) return { operation, method, target, webhook };
      }
  return undefined;
}

/** A schema's type in a few words: `integer or string`, `array of object`, `Problem`. */
export function typeText(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? schema.$ref;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return [...new Set(choices.map(typeText))].join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.type === 'array') return `array of ${typeText(schema.items)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'any';
}

const cell = (html: string) => `<td>${html}</td>`;

function table(caption: string, head: readonly string[], rows: readonly string[][]): string {
  return `<table><caption>${caption}</caption><thead><tr>${head
    .map((h) => `<th scope="col">${h}</th>`)
    .join(
      '',
    )}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

const code = (value: string) => `<code>${escapeHtml(value)}</code>`;
const json = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

function parametersHtml(parameters: readonly Parameter[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((p) => [
    code(p.name),
    escapeHtml(p.in),
    escapeHtml(typeText(p.schema)),
    p.required ? 'yes' : 'no',
    [
      p.description ? inlineText(p.description) : '',
      p.example === undefined ? '' : `example ${code(String(p.example))}`,
    ]
      .filter(Boolean)
      .join('; '),
  ]);
  return `<h2>Parameters</h2>${table('The parameters', ['Name', 'In', 'Type', 'Required', 'About'], rows)}`;
}

function bodyHtml(found: Found): string {
  const content = found.operation.requestBody?.content ?? {};
  const [mediaType, body] = Object.entries(content)[0] ?? [];
  if (!mediaType || !body) return '';
  const heading = found.webhook ? 'What is sent' : 'Request body';
  const required = new Set(body.schema?.required ?? []);
  const fields = Object.entries(body.schema?.properties ?? {}).map(([name, schema]) => [
    code(name),
    escapeHtml(typeText(schema)),
    required.has(name) ? 'yes' : 'no',
    [
      schema.description ? inlineText(schema.description) : '',
      schema.default === undefined ? '' : `default ${code(JSON.stringify(schema.default))}`,
    ]
      .filter(Boolean)
      .join('; '),
  ]);
  return `<h2>${heading}</h2><p>${code(mediaType)}</p>${
    fields.length > 0 ? table('The fields', ['Field', 'Type', 'Required', 'About'], fields) : ''
  }${body.example === undefined ? '' : `<h3>Example</h3>${json(body.example)}`}`;
}

function answersHtml(responses: Operation['responses']): string {
  const entries = Object.entries(responses ?? {});
  if (entries.length === 0) return '';
  const rows = entries.map(([status, answer]) => [code(status), inlineText(answer.description ?? '')]);
  return `<h2>Answers</h2>${table('The answers', ['Status', 'What it means'], rows)}`;
}

/** The view of one operation or webhook, or undefined when the document has no such operation id. */
export function docsOperation(document: OutlineSource, operationId: string): string | undefined {
  const found = find(document, operationId);
  if (!found) return undefined;
  const { operation, method, target, webhook } = found;
  const verb = method.toUpperCase();
  const summary = operation.summary ?? operationId;
  const tryIt = webhook
    ? 'Open in the interactive reference'
    : 'Try it: open the interactive reference, with Send API Request';
  return `<p class="back"><a href="#">All operations</a></p>
<h1>${inlineText(summary)}${operation.deprecated ? ' <span class="deprecated">(deprecated)</span>' : ''}</h1>
<p class="route"><span class="method method-${escapeHtml(method)}">${escapeHtml(verb)}</span> ${code(target)}${
    webhook ? ' (a webhook this API sends)' : ''
  }</p>
${operation.description ? `<p>${inlineText(operation.description)}</p>` : ''}
<p><button type="button" class="try-it" data-try-it>${tryIt}</button></p>
${parametersHtml(operation.parameters ?? [])}
${bodyHtml(found)}
${answersHtml(operation.responses)}`;
}
