/**
 * Part 2: each group's Lambda bundle, built the way the CDK stack builds it (esbuild: bundle, node, ESM,
 * node22, minified, module/main fields, AWS SDK bundled), against a bare middy + lib-dynamodb bundle. Cold
 * import = `import()` of the bundle timed inside a fresh node 22 process, the median of a few runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { median } from './stats.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const NODE22 = join(root, 'node_modules', '.bin', 'node');

/** ESM bundles that still call require() need one (esbuild's shim throws "Dynamic require of ..."). */
const REQUIRE_BANNER =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/** Dummy configuration: the bundles read it at import, nothing is called. */
const IMPORT_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench-table',
  ADMIN_USER_POOL_ID: 'us-east-1_bench',
  ADMIN_USER_POOL_CLIENT_ID: 'bench',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
  PUBLIC_BASE_URL: 'http://localhost',
  MAIL_FROM: 'bench@localhost',
  LOG_LEVEL: 'silent',
};

export interface BundleRow {
  name: string;
  entry: string;
  bytes: number;
  gzipBytes: number;
  requireBanner: boolean;
  /** Median `import()` time in a fresh process, ms. */
  importMs: number;
  importMinMs: number;
  importMaxMs: number;
  /** Median wall time of the whole child process (spawn to exit), ms. */
  processMs: number;
  runs: number;
}

export interface BundleEntry {
  name: string;
  entry: string;
}

export function bundleEntries(groups: readonly string[]): BundleEntry[] {
  return [
    { name: 'baseline (middy + lib-dynamodb)', entry: join(root, 'bench', 'baseline-entry.ts') },
    ...groups.map((g) => ({ name: g, entry: join(root, 'functions', g, 'handler.ts') })),
  ];
}

async function bundle(entry: string, outfile: string, banner: boolean) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    mainFields: ['module', 'main'],
    logLevel: 'error',
    ...(banner ? { banner: { js: REQUIRE_BANNER } } : {}),
  });
}

/** One fresh process: time the import inside it, and the whole process from outside. */
function importOnce(file: string): Promise<{ importMs: number; processMs: number }> {
  const script = [
    `const t0 = performance.now();`,
    `const m = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    `const t1 = performance.now();`,
    `if (typeof m.handler !== 'function') throw new Error('no handler export');`,
    `process.stdout.write(JSON.stringify({ importMs: t1 - t0 }));`,
  ].join('\n');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(NODE22, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...IMPORT_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const processMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`import of ${file} failed (${code}): ${err.slice(0, 500)}`));
      resolve({ importMs: (JSON.parse(out) as { importMs: number }).importMs, processMs });
    });
  });
}

export async function measureBundles(entries: readonly BundleEntry[], runs: number): Promise<BundleRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rental-pm-bench-bundles-'));
  try {
    const built: { e: BundleEntry; file: string; banner: boolean }[] = [];
    for (const e of entries) {
      const file = join(dir, `${e.name.replace(/\W+/g, '_')}.mjs`);
      await bundle(e.entry, file, false);
      // The CDK stack adds the createRequire banner only if a bundled dependency still calls require().
      const banner = readFileSync(file, 'utf8').includes('Dynamic require of');
      if (banner) await bundle(e.entry, file, true);
      built.push({ e, file, banner });
    }
    const times = new Map<string, { importMs: number[]; processMs: number[] }>();
    // One unrecorded run each (file cache), then `runs` rounds, round-robin over the bundles.
    for (const b of built) await importOnce(b.file);
    for (let r = 0; r < runs; r++) {
      for (const b of built) {
        const t = await importOnce(b.file);
        const acc = times.get(b.file) ?? { importMs: [], processMs: [] };
        acc.importMs.push(t.importMs);
        acc.processMs.push(t.processMs);
        times.set(b.file, acc);
      }
    }
    return built.map(({ e, file, banner }) => {
      const t = times.get(file) ?? { importMs: [], processMs: [] };
      const bytes = statSync(file).size;
      return {
        name: e.name,
        entry: e.entry.slice(root.length + 1),
        bytes,
        gzipBytes: gzipSync(readFileSync(file)).length,
        requireBanner: banner,
        importMs: median(t.importMs),
        importMinMs: Math.min(...t.importMs),
        importMaxMs: Math.max(...t.importMs),
        processMs: median(t.processMs),
        runs: t.importMs.length,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
