/**
 * Which tier a test file runs in (docs/testing.md "Tiers"), decided by what it imports, so a new test lands in
 * the right tier without a list to edit:
 * - `slow`: it starts `npm start` (a module of it spawns infra/local/main.ts, as test/support/npm-start.ts
 *   does), a browser (`playwright-core`) or a CDK synth (`aws-cdk-lib/assertions`): seconds to minutes a file.
 * - `http`: it reaches test/support/file-runtime.ts (through client.ts, table.ts or in-process.ts), which starts
 *   the file's own table, SES and API server over the run's shared DynamoDB Local and cognito-local.
 * - `unit`: anything else: the domain, the rules, the registry, layers and source rules. The unit project has no
 *   global setup, so a unit file that started a runtime would fail at once (nothing to inject), never pass slowly.
 * The walk follows the file's static and dynamic relative imports (`from '…'`, `import('…')`) through the
 * project's own modules; packages are leaves.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

export type Tier = 'unit' | 'http' | 'slow';

export const TEST_FILES = [
  'test/**/*.test.ts',
  'functions/**/*.test.ts',
  'shared/**/*.test.ts',
  'infra/**/*.test.ts',
];

const SLOW_PACKAGES = ['playwright-core', 'aws-cdk-lib/assertions'];
/** Text of a module that spawns the local runtime's entry (`npm start`). */
const STARTS_NPM_START = "'infra/local/main.ts'";
const HTTP_MODULES = ['test/support/file-runtime.ts'];
const NPM_START = 'npm start';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Each module's import specifiers, read once per walk of all the files. */
type Specifiers = Map<string, string[]>;

/** A module's import specifiers, and `npm start` when it spawns the runtime's entry. */
function specifiersOf(file: string, read: Specifiers): string[] {
  let found = read.get(file);
  if (!found) {
    const source = readFileSync(file, 'utf8');
    found = [...source.matchAll(SPECIFIER)].map((m) => m[1] as string);
    if (source.includes(STARTS_NPM_START)) found.push(NPM_START);
    read.set(file, found);
  }
  return found;
}

/** `./x.js` from `dir` → the .ts file it names, when it is one of the project's own. */
function resolveLocal(dir: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dir, specifier);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, `${target}/index.ts`])
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  return undefined;
}

/** What a module reaches: the project's modules (relative to `root`) and the packages they import. */
function reach(root: string, entry: string, read: Specifiers): Set<string> {
  const seen = new Set<string>();
  const stack = [resolve(root, entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    const name = relative(root, file);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const specifier of specifiersOf(file, read)) {
      const local = resolveLocal(dirname(file), specifier);
      if (local) stack.push(local);
      else if (!specifier.startsWith('.')) seen.add(`pkg:${specifier}`);
    }
  }
  return seen;
}

export function tierOf(root: string, file: string, read: Specifiers = new Map()): Tier {
  const reached = reach(root, file, read);
  const reachesPackage = (p: string) =>
    [...reached].some((r) => r === `pkg:${p}` || r.startsWith(`pkg:${p}/`));
  if (SLOW_PACKAGES.some(reachesPackage) || reached.has(`pkg:${NPM_START}`)) return 'slow';
  if (HTTP_MODULES.some((m) => reached.has(m))) return 'http';
  return 'unit';
}

/** Every test file of the project by tier. */
export function testTiers(root: string): Record<Tier, string[]> {
  const tiers: Record<Tier, string[]> = { unit: [], http: [], slow: [] };
  const read: Specifiers = new Map();
  const files = TEST_FILES.flatMap((pattern) =>
    globSync(pattern, { cwd: root, exclude: (f) => f === 'node_modules' }),
  );
  for (const file of [...new Set(files)].sort()) tiers[tierOf(root, file, read)].push(file);
  return tiers;
}
