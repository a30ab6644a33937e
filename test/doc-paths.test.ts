/**
 * Every repository path that README.md, docs/ and the source comments name exists, so a file that moves
 * cannot leave its old name behind in the prose. A mention is a token that starts with a top-level
 * folder or file of the repository (`shared/http/route.ts`, `test/registry`, `docs/`, `.ci/run`), taken
 * from the repository root, or a Markdown link to a local file, taken from the page that links it. A bare
 * file name (`create-handler.ts`) must be the name of some file of the repository.
 *
 * What it does not check, and why:
 * - docs/spec/ (the external interface spec, written outside the project);
 * - tokens right after `/`, `.`, a word character or `:`: URL paths such as
 *   `http://localhost:3000/docs/assets/x.js` or `/API/...`, and package paths
 *   (`@aws-lambda-powertools/idempotency`);
 * - code, in .ts/.mjs sources: only comments are read (test/support/comment-text.ts), so runtime URLs and
 *   import specifiers in strings are not mentions (imports are checked by the compiler);
 * - `../`-prefixed tokens in prose: they name the steering folder beside the project (`../shared/design/`),
 *   outside the repository; nor Markdown links that leave the repository;
 * - git-ignored outputs (`bench/results/latest.md`, `.data/`), which exist only after a run.
 *
 * A path without an extension may name a directory or a `.ts`, `.test.ts`, `.md` or `.mjs` file; a `.js`
 * name may be the `.ts` source an ESM import names that way. A placeholder (`<group>`, `{id}`, `*`) makes a
 * mention a pattern, which must match at least one path; a list (`shared/data/{tenants,leases}-repo.ts`)
 * names each of its paths, and each must exist.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentText } from './support/comment-text.js';

const ROOT = resolve(import.meta.dirname, '..');

const TOP_FOLDERS = ['functions', 'shared', 'infra', 'test', 'bench', 'docs', 'tools'];
const TOP_FILES = [
  'README.md',
  'package.json',
  'package-lock.json',
  'cdk.json',
  'tsconfig.json',
  'vitest.config.ts',
  'biome.json',
  '.gitignore',
  '.ci/run',
];
/** Read, but not checked as sources: the external spec. */
const NOT_SOURCES = ['docs/spec'];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SEGMENT = String.raw`(?:[\w.@*-]|<[^<>\s/]+>|\{[^{}\s/]+\})+`;
const MENTION = new RegExp(
  String.raw`(?<![\w./@:$~-])((?:\.\.?/)*)((?:${TOP_FOLDERS.join('|')})/(?:${SEGMENT}(?:/${SEGMENT})*/?)?|(?:${TOP_FILES.map(escapeRegExp).join('|')})(?![\w.-]))`,
  'g',
);
/** A file name alone: no folder before it, a word character first (so `.test.ts` or `-repo.ts` is not one). */
const BARE_NAME = /(?<![\w./@:$~-])\w[\w.-]*\.(?:ts|mjs|md)(?![\w-])/g;
const MARKDOWN_LINK = /\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g;
const PLACEHOLDER = /<[^>]+>|\{[^}]+\}|\*/;
const SUFFIXES = ['', '.ts', '.test.ts', '.md', '.mjs'];

/** `.gitignore`'s patterns as tests on a root-relative path: an ignored folder ignores what is inside it. */
function gitIgnored(): (path: string) => boolean {
  const patterns = readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\/|\/$/g, ''))
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({
      anchored: line.includes('/'),
      re: new RegExp(`^${line.split('*').map(escapeRegExp).join('[^/]*')}$`),
    }));
  return (path) => {
    const segments = path.split('/');
    return patterns.some(({ anchored, re }) =>
      anchored
        ? segments.some((_, k) => re.test(segments.slice(0, k + 1).join('/')))
        : segments.some((s) => re.test(s)),
    );
  };
}
const ignored = gitIgnored();

/** Every file and folder of the repository, root-relative with `/`, without node_modules and ignored outputs. */
function listRepository(dir = ROOT, out = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.git') continue;
    const path = join(dir, name);
    const rel = relative(ROOT, path).split(sep).join('/');
    if (ignored(rel)) continue;
    out.add(rel);
    if (statSync(path).isDirectory()) listRepository(path, out);
  }
  return out;
}
const ENTRIES = listRepository();
const NAMES = new Set([...ENTRIES].map((entry) => entry.slice(entry.lastIndexOf('/') + 1)));

function patternOf(path: string): RegExp {
  const source = path
    .split(/(<[^>]+>|\{[^}]+\}|\*)/)
    .map((part, k) => (k % 2 === 0 ? escapeRegExp(part) : part === '*' ? '[^/]*' : '[^/]+'))
    .join('');
  return new RegExp(`^${source}(?:${SUFFIXES.map(escapeRegExp).join('|')})$`);
}

/** `a/{b,c}-repo.ts` → `a/b-repo.ts`, `a/c-repo.ts`: a list names each of its paths. */
function expand(path: string): string[] {
  const list = /\{([^{}]*,[^{}]*)\}/.exec(path);
  if (!list) return [path];
  const [before, after] = [path.slice(0, list.index), path.slice(list.index + list[0].length)];
  return (list[1] ?? '').split(',').flatMap((one) => expand(before + one + after));
}

function pathExists(path: string): boolean {
  if (PLACEHOLDER.test(path)) {
    const re = patternOf(path);
    return [...ENTRIES].some((entry) => re.test(entry));
  }
  const candidates = [...SUFFIXES.map((suffix) => path + suffix), path.replace(/\.js$/, '.ts')];
  return candidates.some((candidate) => ENTRIES.has(candidate));
}

function exists({ path, bare }: Mention): boolean {
  return bare ? NAMES.has(path) : expand(path).every(pathExists);
}

interface Mention {
  /** Where it is named: `file:line`. */
  at: string;
  path: string;
  /** A file name without its folder: any file of that name will do. */
  bare?: true;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The root-relative mentions in a text (comment text for a source), with the lines that name them. */
function rootMentions(file: string, text: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const prefix = match[1] ?? '';
    if (prefix.includes('..')) continue;
    const path = (match[2] ?? '').replace(/[./]+$/, '');
    if (ignored(path)) continue;
    mentions.push({ at: `${file}:${lineAt(text, match.index)}`, path });
  }
  return mentions;
}

/** The file names mentioned without a folder. */
function bareMentions(file: string, text: string): Mention[] {
  return [...text.matchAll(BARE_NAME)].map((match) => ({
    at: `${file}:${lineAt(text, match.index)}`,
    path: match[0],
    bare: true,
  }));
}

/** A Markdown page's links to local files, root-relative; links that leave the repository are left out. */
function linkMentions(file: string, text: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const target = (match[1] ?? '').replace(/[#?].*$/, '');
    if (!target || /^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/')) continue;
    const path = posix.normalize(posix.join(posix.dirname(file), decodeURI(target))).replace(/\/$/, '');
    if (path.startsWith('../') || ignored(path)) continue;
    mentions.push({ at: `${file}:${lineAt(text, match.index)}`, path });
  }
  return mentions;
}

function mentionsIn(file: string, source: string): Mention[] {
  const text = file.endsWith('.md') ? source : commentText(source);
  const mentions = [...rootMentions(file, text), ...bareMentions(file, text)];
  if (file.endsWith('.md')) mentions.push(...linkMentions(file, text));
  const line = (m: Mention) => Number(m.at.slice(m.at.lastIndexOf(':') + 1));
  return mentions.sort((a, b) => line(a) - line(b));
}

const dead = (mentions: Mention[]) => mentions.filter((m) => !exists(m)).map((m) => `${m.at} ${m.path}`);

function sources(): string[] {
  const isSource = (path: string) =>
    !NOT_SOURCES.some((skip) => path === skip || path.startsWith(`${skip}/`)) &&
    (path.endsWith('.md') ? path === 'README.md' || path.startsWith('docs/') : /\.(ts|mjs)$/.test(path)) &&
    (!path.includes('/') || TOP_FOLDERS.includes(path.split('/')[0] ?? ''));
  return [...ENTRIES].filter((path) => isSource(path) && statSync(join(ROOT, path)).isFile()).sort();
}

describe('repository paths named in README, docs and comments', () => {
  it('finds mentions in prose and comments, and only there', () => {
    const text = [
      "const url = 'http://localhost:3000/docs/assets/app.js'; // shared/no-such-module.ts",
      `const re = /[/]{2} test/; /* test/no-such-dir/ */ const t = \`\${a} functions/x \${'// shared/y'}\`;`,
      `const u = { a: \`\${b}\` }; // bench/ok.ts`,
    ].join('\n');
    expect(mentionsIn('x.ts', text).map((m) => `${m.at} ${m.path}`)).toEqual([
      'x.ts:1 shared/no-such-module.ts',
      'x.ts:2 test/no-such-dir',
      'x.ts:3 bench/ok.ts',
    ]);
  });

  it('reports a path that does not exist, and accepts files, folders, extensionless names and patterns', () => {
    const page = [
      'See shared/no-such-module.ts, test/jobs-nowhere, gone-module.ts and [the spec](spec/missing.md).',
      'Fine: functions/registry.ts, shared/http/, test/registry, docs/jobs, functions/<group>/routes.ts,',
      'shared/db/{id}.ts, test/publicBooking*.test.ts, .ci/run, bench/results/latest.md,',
      '../shared/design/DESIGN.md, http://localhost:3000/docs/assets/x.js, [local runtime](local-runtime.md),',
      'create-handler.ts and its *.test.ts; shared/data/{tenants,leases}-repo.ts; shared/data/{tenants,nothing}-repo.ts.',
    ].join('\n');
    expect(dead(mentionsIn('docs/example.md', page))).toEqual([
      'docs/example.md:1 shared/no-such-module.ts',
      'docs/example.md:1 test/jobs-nowhere',
      'docs/example.md:1 gone-module.ts',
      'docs/example.md:1 docs/spec/missing.md',
      'docs/example.md:5 shared/data/{tenants,nothing}-repo.ts',
    ]);
  });

  it('resolves every one of them', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(300);
    const mentions = files.flatMap((file) => mentionsIn(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(mentions.length).toBeGreaterThan(100);
    expect(dead(mentions)).toEqual([]);
  });
});
