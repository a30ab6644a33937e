/**
 * The docs page's first view: the whole API as plain HTML, drawn by the server from the OpenAPI document (its
 * sections, and in each every operation's summary, method and path, and the outbound webhooks and schemas).
 * Each entry links where the interactive reference (Stoplight Elements) shows it, `#/operations/{operationId}`,
 * `#/webhooks/{operationId}`, `#/schemas/{name}`; the page loads the reference only when one is followed
 * (docs/decisions.md "The docs page's renderer"). Pure: the document in, the HTML out.
 */
import { escapeHtml } from '../../shared/domain/messages/layout.js';

interface OutlineOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  deprecated?: boolean;
}

export interface OutlineSource {
  info: { title: string; version: string; description?: string };
  tags?: readonly { name: string; description?: string }[];
  paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  webhooks?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  components?: { schemas?: Readonly<Record<string, unknown>> };
}

interface Entry {
  href: string;
  summary: string;
  method: string;
  /** The path, or the event's name for a webhook. */
  target: string;
  deprecated: boolean;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Escaped text with its `code spans` (the summaries' and descriptions' only markdown) as `<code>`. */
export function inlineText(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A fragment id for a section's heading, from its name: `Admin leases` → `section-admin-leases`. */
export const sectionId = (name: string): string =>
  `section-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

function entriesByTag(
  items: OutlineSource['paths'] | undefined,
  route: 'operations' | 'webhooks',
): Map<string, Entry[]> {
  const byTag = new Map<string, Entry[]>();
  for (const [target, item] of Object.entries(items ?? {})) {
    for (const [method, value] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const operation = value as OutlineOperation;
      if (!operation.operationId) continue;
      const entry: Entry = {
        href: `#/${route}/${encodeURIComponent(operation.operationId)}`,
        summary: operation.summary ?? operation.operationId,
        method: method.toUpperCase(),
        target,
        deprecated: operation.deprecated === true,
      };
      for (const tag of operation.tags?.length ? operation.tags : ['Other']) {
        const list = byTag.get(tag) ?? [];
        list.push(entry);
        byTag.set(tag, list);
      }
    }
  }
  return byTag;
}

const entryHtml = (entry: Entry): string =>
  `<li><a href="${escapeHtml(entry.href)}">${inlineText(entry.summary)}</a>${
    entry.deprecated ? ' <span class="deprecated">(deprecated)</span>' : ''
  } <span class="route"><span class="method method-${entry.method.toLowerCase()}">${entry.method}</span> <code>${escapeHtml(entry.target)}</code></span></li>`;

function sectionHtml(name: string, description: string | undefined, inner: string): string {
  const id = sectionId(name);
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(name)}</h2>${
    description ? `<p>${inlineText(description)}</p>` : ''
  }${inner}</section>`;
}

export function docsOutline(document: OutlineSource): string {
  const operations = entriesByTag(document.paths, 'operations');
  const webhooks = entriesByTag(document.webhooks, 'webhooks');
  const declared = (document.tags ?? []).map((t) => t.name);
  // Sections in the document's tag order, then any tag an operation names that the list does not.
  const names = [...new Set([...declared, ...operations.keys(), ...webhooks.keys()])].filter(
    (name) => operations.has(name) || webhooks.has(name),
  );
  const describedAs = new Map((document.tags ?? []).map((t) => [t.name, t.description]));
  const sections = names.map((name) => {
    const entries = [...(operations.get(name) ?? []), ...(webhooks.get(name) ?? [])];
    return sectionHtml(
      name,
      describedAs.get(name),
      `<ul class="entries">${entries.map(entryHtml).join('')}</ul>`,
    );
  });
  const schemas = Object.keys(document.components?.schemas ?? {});
  if (schemas.length > 0) {
    const links = schemas
      .map((name) => `<li><a href="#/schemas/${encodeURIComponent(name)}">${escapeHtml(name)}</a></li>`)
      .join('');
    sections.push(
      sectionHtml('Schemas', 'Shapes several operations share.', `<ul class="entries">${links}</ul>`),
    );
    names.push('Schemas');
  }
  const contents = names
    .map((name) => `<li><a href="#${sectionId(name)}">${escapeHtml(name)}</a></li>`)
    .join('');
  const { title, version, description } = document.info;
  return `<h1>${escapeHtml(title)}</h1>
<p class="facts">Version ${escapeHtml(version)} · <a href="/openapi.json">The OpenAPI document</a> · <a href="#/">The interactive reference</a>, where each operation shows its fields and answers and sends a request</p>
${description ? `<p>${inlineText(description)}</p>` : ''}
<nav aria-labelledby="contents"><h2 id="contents">Sections</h2><ul class="contents">${contents}</ul></nav>
${sections.join('\n')}`;
}
