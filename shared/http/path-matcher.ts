/**
 * Matches legacy paths against route templates. API Gateway cannot match `{id}.json` inside a segment, so
 * each Lambda receives the whole path and this matcher finds the route; the local runtime uses it too, to
 * pick the group. Literal paths are looked up in a map, templates are tried in registry order.
 */
import type { HttpMethod } from './route.js';

interface Template<T> {
  regex: RegExp;
  names: string[];
  byMethod: Map<HttpMethod, T>;
}

export type MatchResult<T> =
  | { kind: 'found'; value: T; params: Record<string, string> }
  | { kind: 'wrongMethod'; allow: HttpMethod[]; others: T[] }
  | { kind: 'notFound' };

export class PathMatcher<T> {
  private readonly literals = new Map<string, Map<HttpMethod, T>>();
  private readonly templates = new Map<string, Template<T>>();

  add(method: HttpMethod, path: string, value: T): void {
    if (!path.includes('{')) {
      const methods = this.literals.get(path) ?? new Map<HttpMethod, T>();
      if (methods.has(method)) throw new Error(`Duplicate route ${method} ${path}`);
      methods.set(method, value);
      this.literals.set(path, methods);
      return;
    }
    let template = this.templates.get(path);
    if (!template) {
      const names: string[] = [];
      const source = path
        .split(/(\{[a-zA-Z]+\})/)
        .map((part) => {
          const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
          if (name) {
            names.push(name);
            return '([^/]+?)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      template = { regex: new RegExp(`^${source}$`), names, byMethod: new Map() };
      this.templates.set(path, template);
    }
    if (template.byMethod.has(method)) throw new Error(`Duplicate route ${method} ${path}`);
    template.byMethod.set(method, value);
  }

  match(method: string, path: string): MatchResult<T> {
    const literal = this.literals.get(path);
    if (literal) return pick(literal, method, {});
    for (const template of this.templates.values()) {
      const m = template.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      template.names.forEach((name, i) => {
        params[name] = safeDecode(m[i + 1] ?? '');
      });
      return pick(template.byMethod, method, params);
    }
    return { kind: 'notFound' };
  }
}

function pick<T>(
  methods: Map<HttpMethod, T>,
  method: string,
  params: Record<string, string>,
): MatchResult<T> {
  const value = methods.get(method as HttpMethod);
  if (value !== undefined) return { kind: 'found', value, params };
  return { kind: 'wrongMethod', allow: [...methods.keys()], others: [...methods.values()] };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
