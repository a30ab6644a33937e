/**
 * Rules of the code base checked on the source, beside the layering (test/layers.test.ts): a rule written once
 * stays written once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../functions/registry.js';

const ROOT = resolve(import.meta.dirname, '..');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const SOURCES = ['functions', 'shared', 'infra']
  .flatMap((dir) => walk(join(ROOT, dir)))
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

describe('handlers are bound through bind()', () => {
  // bind() (shared/http/route.ts) types a handler's input from the contract's schemas and auth; a BoundRoute
  // built by hand casts its input past that check.
  it('no module outside shared/http builds a BoundRoute itself', () => {
    const offenders = SOURCES.filter((f) => !f.path.startsWith('shared/http/'))
      .filter((f) => /\bBoundRoute\b/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('casts through unknown', () => {
  // A cast through `unknown` switches the type check off. What is left are type-erasure boundaries the compiler
  // cannot see past: the registry's bound handler (its input parsed by the contract's schemas), the CDK's
  // interfaces under exactOptionalPropertyTypes (TableV2 as ITable, an alias as IFunction, a version as
  // IVersion), and the fixture's money document built field by field. A new one needs a reason added here.
  const ALLOWED: Record<string, number> = {
    'shared/http/route.ts': 1,
    'infra/cdk/constructs/job-functions.ts': 1,
    'infra/cdk/constructs/group-function.ts': 2,
    'infra/local/fixture/money.ts': 1,
  };
  it('only the known boundaries cast through unknown', () => {
    const found = Object.fromEntries(
      SOURCES.map((f) => [f.path, (f.text.match(/\bas unknown as\b/g) ?? []).length] as const).filter(
        ([, n]) => n > 0,
      ),
    );
    expect(found).toEqual(ALLOWED);
  });
});

describe('amount due is one rule', () => {
  // amountDueCents (shared/domain/money-document/figures.ts): a total less the paid figure written anywhere
  // else is the same rule again, and drifts (the floor at 0, an absent paidCents).
  it('nothing outside figures.ts subtracts the paid figure from a total', () => {
    const offenders = SOURCES.filter((f) => f.path !== 'shared/domain/money-document/figures.ts')
      .filter((f) => /totalCents\s*-\s*\(?\s*[\w.]*paidCents/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('one clock', () => {
  // shared/clock.ts: every now of a request or a job, so the local runtime's clock (CLOCK, /_local/clock) moves
  // all of them; a `new Date()` or `Date.now()` elsewhere in the service is a now the clock does not move.
  it('nothing in functions/ or shared/ reads the machine’s time but shared/clock.ts', () => {
    const offenders = SOURCES.filter(
      (f) => /^(functions|shared)\//.test(f.path) && f.path !== 'shared/clock.ts',
    )
      .filter((f) => /new Date\(\s*\)|Date\.now\(\)/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('one shard scheme', () => {
  // shared/db/shards.ts: one sharded list (a base key and its shard count) and one shard function for every
  // sharded list of the table; a count or a shard function of its own elsewhere is a second scheme, whose
  // items a change of either would strand in partitions no reader reads.
  const own = (path: string) => /^shared\/(db|jobs)\//.test(path);

  it('no `*_SHARDS =` constant outside shared/db and shared/jobs', () => {
    const offenders = SOURCES.filter((f) => !own(f.path))
      .filter((f) => /\b[A-Z0-9_]*_SHARDS\s*=/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('no function named shardOf outside shared/db and shared/jobs', () => {
    const defines =
      /\bfunction\s+shardOf\b|\bshardOf\s*[=:]\s*(async\s*)?(\(|function\b|\w+\s*=>)|^\s*shardOf\s*\([^)]*\)\s*(:[^{]+)?\{/m;
    const offenders = SOURCES.filter((f) => !own(f.path))
      .filter((f) => defines.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('one update-expression builder', () => {
  // shared/db/update-expression.ts builds `SET … REMOVE … ADD …` from {set, remove, add}, every name and value
  // behind a placeholder. A fixed expression may be written as it is; an expression assembled from pieces is
  // the builder again. A place that truly must pass one through says why in an
  // `update-expression-allowed: <why>` comment on the line before.
  const BUILDER = 'shared/db/update-expression.ts';
  const allowed = (lines: string[], at: number) => /update-expression-allowed: \S/.test(lines[at - 1] ?? '');

  it('no UpdateExpression outside the builder is anything but a fixed string', () => {
    const offenders = SOURCES.filter((f) => f.path !== BUILDER).flatMap((f) => {
      const lines = f.text.split('\n');
      return lines.flatMap((line, at) => {
        if (!/\bUpdateExpression\s*:/.test(line) || allowed(lines, at)) return [];
        const rest = [line.slice(line.search(/\bUpdateExpression\s*:/)), lines[at + 1] ?? ''].join('\n');
        const fixed = /UpdateExpression\s*:\s*(\n\s*)?('[^'\n]*'|"[^"\n]*"|`[^`$]*`)/.test(rest);
        return fixed ? [] : [`${f.path}:${at + 1}`];
      });
    });
    expect(offenders).toEqual([]);
  });

  it('no SET, REMOVE or ADD clause is assembled in a template string outside the builder', () => {
    const offenders = SOURCES.filter((f) => f.path !== BUILDER)
      .filter((f) => /`[^`]*(\b(SET|REMOVE|ADD) [^`]*\$\{|\$\{[^`]*\b(SET|REMOVE|ADD) [#:\w])/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('one limiter, one retry ladder (docs/jobs.md)', () => {
  // shared/jobs/limiter.ts is the one limiter of concurrency and rate: a `Set` of promises raced is a second
  // one (the mail sender's and the rent run's were), and drifts (no pace, no deadline, a rejection unhandled).
  it('no Promise.race( in functions/, shared/ or infra/', () => {
    const offenders = SOURCES.filter((f) => /Promise\.race\(/.test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  // The waits of every retry are a policy of shared/retry-policy.ts built from shared/backoff.ts; a doubling
  // written by hand is a second ladder whose waits nobody sees in one place (the sync's 1, 2, 4 … minutes was).
  it('no hand-written exponential backoff outside shared/backoff.ts and shared/retry-policy.ts', () => {
    const doubling = [
      /\b2\s*\*\*\s*[^;\n]*?(attempt|tries|retr|fail)/i,
      /[\w)]\s*\*\*\s*\(?\s*(attempt|tries|retr|fail)/i,
      /Math\.pow\(\s*2\b/,
      /<<\s*[^;\n]*?(attempt|tries|retr|fail)/i,
    ];
    const offenders = SOURCES.filter((f) => !['shared/backoff.ts', 'shared/retry-policy.ts'].includes(f.path))
      .filter((f) => doubling.some((pattern) => pattern.test(f.text)))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
    // The rule sees what it forbids: the doubling of the ladder itself.
    expect(doubling.some((p) => p.test(readFileSync(join(ROOT, 'shared/backoff.ts'), 'utf8')))).toBe(true);
  });

  // The limiter wraps the library once (its gates, deadline and hand-over); a second import of it, or of
  // another limiter library, is a second limiter.
  it('no module but shared/jobs/limiter.ts imports a limiter library', () => {
    const everyTs = ['functions', 'shared', 'infra', 'test', 'bench'].flatMap((dir) =>
      walkAll(join(ROOT, dir)),
    );
    const library = /(?:from\s*|import\(\s*)['"](p-queue|p-limit|p-throttle|bottleneck)['"]/;
    const importers = everyTs
      .filter((path) => library.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(importers).toEqual(['shared/jobs/limiter.ts']);
  });

  // mapLimited lives in the limiter now; the old module back would be the second copy.
  it('shared/map-limited.ts is gone', () => {
    expect(existsSync(join(ROOT, 'shared/map-limited.ts'))).toBe(false);
  });
});

/** Every .ts file under `dir`, tests included. */
function walkAll(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walkAll(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

describe('docs count the jobs there are', () => {
  const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const counted = (page: string, pattern: RegExp): number => {
    const word = readFileSync(join(ROOT, page), 'utf8').replace(/\s+/g, ' ').match(pattern)?.[1];
    return NUMBERS.indexOf(word?.toLowerCase() ?? '');
  };

  it('docs/messages.md: the message jobs of adminMessages', () => {
    const jobs = JOBS.filter((j) => j.group === 'adminMessages');
    expect(counted('docs/messages.md', /owns the (\w+) message jobs/)).toBe(jobs.length);
  });

  it('docs/webhooks.md: the delivery jobs of adminWebhooks', () => {
    const jobs = JOBS.filter((j) => j.group === 'adminWebhooks');
    expect(counted('docs/webhooks.md', /owns the (\w+) delivery jobs/)).toBe(jobs.length);
  });

  it('docs/webhooks.md: the table-change jobs that consume the stream', () => {
    const jobs = JOBS.filter((j) => j.kind === 'tableChange');
    expect(counted('docs/webhooks.md', /(\w+) table-change jobs consume the stream/i)).toBe(jobs.length);
  });

  it('docs/jobs.md: the table-change jobs that share the one stream reader', () => {
    const jobs = JOBS.filter((j) => j.kind === 'tableChange');
    expect(counted('docs/jobs.md', /there are (\w+) jobs\. So the stack makes ONE function/)).toBe(
      jobs.length,
    );
  });
});

describe('no tracker references', () => {
  /** Every code, comment and doc file: sources and tests (.ts, .mjs) and Markdown, but the external spec. */
  function everyFile(dir: string, out: string[] = []): string[] {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (['node_modules', 'cdk.out', 'generated', 'spec'].includes(name) || name.startsWith('.')) continue;
      if (statSync(path).isDirectory()) everyFile(path, out);
      else if (/\.(ts|mjs|md)$/.test(name)) out.push(path);
    }
    return out;
  }

  // The tracker is not in the repository: a tracker number tells a reader nothing, the reason does.
  it('no code, comment or doc names an issue by number', () => {
    const offenders = everyFile(ROOT)
      .filter((path) => /\bissues? #?\d+/i.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(offenders).toEqual([]);
  });
});
