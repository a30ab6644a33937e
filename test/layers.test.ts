/**
 * The layering of DESIGN.md "Layers", checked on the source: a new import that breaks a rule fails here.
 * Run-time imports only (`import type` vanishes when compiled); dynamic imports are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

interface SourceFile {
  path: string;
  /** Project files this one imports at run time (root-relative). */
  local: string[];
  /** Packages this one imports at run time. */
  packages: string[];
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function parse(path: string): SourceFile {
  const source = readFileSync(path, 'utf8');
  const local: string[] = [];
  const packages: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    if (match[1]) continue;
    const target = match[2] ?? '';
    if (target.startsWith('.')) {
      const file = resolve(dirname(path), target).replace(/\.js$/, '.ts');
      if (existsSync(file)) local.push(relative(ROOT, file));
    } else if (!target.startsWith('node:')) {
      packages.push(
        target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : (target.split('/')[0] ?? ''),
      );
    }
  }
  return { path: relative(ROOT, path), local, packages };
}

const FILES = new Map(
  ['shared', 'functions', 'infra']
    .flatMap((dir) => walk(join(ROOT, dir)))
    .map((p) => {
      const file = parse(p);
      return [file.path, file] as const;
    }),
);

const groupOf = (path: string) => path.match(/^functions\/([^/]+)\//)?.[1];

/**
 * The names a file imports at run time from another project file (root-relative); a namespace import
 * (`import * as repo`) counts each `repo.<name>` the file uses.
 */
function namedImports(path: string, from: string): string[] {
  const source = readFileSync(join(ROOT, path), 'utf8');
  const names: string[] = [];
  const target = (specifier: string) =>
    relative(ROOT, resolve(dirname(join(ROOT, path)), specifier).replace(/\.js$/, '.ts'));
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+\*\s+as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g)) {
    if (target(match[2] ?? '') !== from) continue;
    for (const use of source.matchAll(new RegExp(`\\b${match[1]}\\.(\\w+)`, 'g'))) names.push(use[1] ?? '');
  }
  for (const match of source.matchAll(
    /(?:^|\n)\s*import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    if (target(match[2] ?? '') !== from) continue;
    for (const name of (match[1] ?? '').split(','))
      if (name.trim() && !name.trim().startsWith('type ')) names.push(name.trim().split(/\s+as\s+/)[0] ?? '');
  }
  return names;
}

/**
 * The write parts of each kind of record and the workflow that owns them (DESIGN.md "Layers": one writer
 * per kind of change). Reads and condition checks of a record are anyone's; its writes are its owner's.
 */
const OWNED_WRITES: { repo: string; writes: string[]; owners: string[] }[] = [
  {
    // A lease and its property's spans: created, changed and ended by the lease workflow; a given lease (the
    // fixture loader) through the same owner.
    repo: 'shared/data/leases-repo.ts',
    writes: ['insertLeasePart', 'replaceLeasePart', 'leaseSpansPart', 'putLeasePart'],
    owners: ['shared/workflows/leases/'],
  },
  {
    // A journal entry is posted only by the ledger, in the transaction of the money it records.
    repo: 'shared/data/journal-repo.ts',
    writes: ['insertJournalEntryPart', 'depositMigrationMarkPart'],
    owners: ['shared/workflows/ledger/'],
  },
  {
    // The owner account follows the journal (the ledger writes it with each entry, and the deposit migration's
    // corrections); the month's fee record is the month's close.
    repo: 'shared/data/owner-account-repo.ts',
    writes: ['ownerAccountParts', 'cashRowPart', 'feeRecordPart'],
    owners: ['shared/workflows/ledger/', 'shared/workflows/reports/'],
  },
  {
    // A payment (or refund) is settled only by the ledger, with its journal entry and the document's figures.
    repo: 'shared/data/payments-repo.ts',
    writes: ['insertPaymentPart'],
    owners: ['shared/workflows/ledger/'],
  },
  {
    repo: 'shared/data/money-documents-repo.ts',
    writes: [
      'insertDocumentParts',
      'lineParts',
      'headerPart',
      'updateHeaderPart',
      'cancelHeaderPart',
      'settleHeaderPart',
      'processingHeaderPart',
      'disputeHeaderPart',
      'reassignInvoiceTenantPart',
    ],
    // The money document's life (create, change, cancel), its settlement by the ledger, and the header's
    // anomaly list kept in a repository file of its own.
    owners: [
      'shared/workflows/money-document/',
      'shared/workflows/ledger/',
      'shared/data/invoice-anomalies-repo.ts',
    ],
  },
  {
    repo: 'shared/data/invoice-anomalies-repo.ts',
    writes: ['anomalyHeaderPart'],
    owners: ['shared/workflows/ledger/'],
  },
  {
    // A reservation, its holds-index entry and (through the next entry) its night claims: created, moved,
    // cancelled, confirmed and expired by the reservation workflow alone (docs/reservations.md), whoever asks
    // (the groups, the ledger's payment, the hold-expiry job, the fixture loader).
    repo: 'shared/data/reservations-repo.ts',
    writes: ['insertReservationParts', 'replaceReservationParts', 'holdPart', 'releaseHoldPart'],
    owners: ['shared/workflows/reservations/'],
  },
  {
    // A night claim is only ever written with the reservation that holds it.
    repo: 'shared/data/night-claims-repo.ts',
    writes: ['claimNightPart', 'releaseNightPart', 'relabelNightPart'],
    owners: ['shared/data/reservations-repo.ts'],
  },
  {
    // A website booking's order is written once, in the booking's transaction (its extra parts).
    repo: 'shared/data/orders-repo.ts',
    writes: ['insertOrderPart'],
    owners: ['functions/publicBooking/'],
  },
  {
    // A channel reservation's mapping is written in the reservation's transaction by the channel webhook.
    repo: 'shared/data/channel-reservations-repo.ts',
    writes: ['insertChannelMappingPart'],
    owners: ['functions/channel/'],
  },
  // A message: recorded and tried by the one sender of the message jobs (its retries on the retry engine).
  {
    repo: 'shared/data/mail-messages-repo.ts',
    writes: ['putNewMessage', 'claimTry', 'recordTry'],
    owners: ['functions/adminMessages/deliver.ts'],
  },
  // A webhook delivery: made by the fan-out, attempted by the dispatch and the retry sweep, replayed by admins.
  {
    repo: 'shared/data/webhook-deliveries-repo.ts',
    writes: [
      'putDeliveryIfAbsent',
      'claimAttempt',
      'recordScheduledAttempt',
      'failWithoutAttempt',
      'replayAttemptPart',
    ],
    owners: ['functions/adminWebhooks/'],
  },
  // A table-change job's parked and kept records: only the cloud's retry path moves them.
  {
    repo: 'shared/data/job-retries-repo.ts',
    writes: ['parkRecords', 'claimParked', 'unpark', 'retryParkedLater', 'keepParked'],
    owners: ['shared/jobs/table-retry-path.ts'],
  },
  {
    repo: 'shared/data/tenants-repo.ts',
    writes: [
      'insertTenantParts',
      'updateTenantPart',
      'deleteUnactivatedTenantParts',
      'moveEmailGuardParts',
      'commitTenantChange',
      'keepStripeCustomerId',
      'tenantUpdate', // was setExpression: the update is now {set, remove, add} for the one builder
      'tenantItem',
    ],
    // The tenant's one change protocol (shared/workflows/tenants/change.ts) and its constructors; the guest
    // records' repository writes the same item under its own guard.
    owners: ['shared/workflows/tenants/', 'shared/data/guest-tenants-repo.ts'],
  },
  // The tenants' total: counted by its table-change job, and by a fixture load (before the job reads).
  {
    repo: 'shared/data/tenant-count-repo.ts',
    writes: ['countTenantChange', 'foldTotalBeforeShards'],
    // The shards' back-fill folds the total kept before the count had shards, once.
    owners: [
      'functions/adminTenants/count-consumer.ts',
      'shared/workflows/tenants/',
      'shared/data/shard-backfill-repo.ts',
    ],
  },
  {
    repo: 'shared/data/guest-tenants-repo.ts',
    writes: ['insertGuestTenantParts', 'claimGuestTenantParts'],
    owners: ['shared/workflows/tenants/'],
  },
  {
    repo: 'shared/data/conflicts-repo.ts',
    writes: ['conflictParts', 'resolveConflictParts'],
    // recordConflict / resolveConflicts, used by the channel webhook, the iCal import and the reservation
    // workflow (an overbooking's).
    owners: ['shared/workflows/conflicts/'],
  },
  {
    repo: 'shared/data/tenant-activations-repo.ts',
    writes: ['activationPart', 'consumeActivationPart', 'deleteActivationPart'],
    owners: ['shared/workflows/tenants/'],
  },
  // A password reset's and a guest claim's link: made, checked and used up by the tenant's owner only.
  {
    repo: 'shared/data/account-tokens-repo.ts',
    writes: ['accountTokenPart', 'consumeAccountTokenPart', 'accountTokenStillLivePart'],
    owners: ['shared/workflows/tenants/'],
  },
];

function breaks(rule: (from: SourceFile, to: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of FILES.values())
    for (const to of file.local) if (rule(file, to)) found.push(`${file.path} -> ${to}`);
  return found;
}

/** Every file reachable from `start` through run-time imports. */
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const path = stack.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    stack.push(...(FILES.get(path)?.local ?? []));
  }
  return seen;
}

describe('layers (DESIGN.md "Layers")', () => {
  it('the scan sees the project', () => {
    expect(FILES.size).toBeGreaterThan(100);
    expect(FILES.get('functions/registry.ts')?.local.length).toBeGreaterThan(5);
  });

  it('shared/ imports neither functions/ nor infra/', () => {
    expect(breaks((from, to) => from.path.startsWith('shared/') && /^(functions|infra)\//.test(to))).toEqual(
      [],
    );
  });

  it('a group is imported only by its own files and the registry (with its cloud stream reader)', () => {
    // functions/table-changes.ts is the registry's JOBS as the cloud runs them: one stream reader that
    // hands each table-change job its records (docs/jobs.md), so it imports those jobs' entries.
    const collectors = new Set(['functions/registry.ts', 'functions/table-changes.ts']);
    expect(
      breaks((from, to) => {
        const target = groupOf(to);
        return target !== undefined && !collectors.has(from.path) && groupOf(from.path) !== target;
      }),
    ).toEqual([]);
  });

  it('the domain imports no SDK, repository or HTTP code', () => {
    const domain = [...FILES.values()].filter((f) => f.path.startsWith('shared/domain/'));
    expect(domain.length).toBeGreaterThan(3);
    const bad = domain.flatMap((f) => [
      ...f.packages
        .filter((p) => p.startsWith('@aws-sdk') || p.startsWith('@middy'))
        .map((p) => `${f.path} -> ${p}`),
      ...f.local.filter((t) => /^shared\/(data|db|http|auth)\//.test(t)).map((t) => `${f.path} -> ${t}`),
    ]);
    expect(bad).toEqual([]);
  });

  it('repositories do not reach up into HTTP or sessions', () => {
    expect(
      breaks((from, to) => from.path.startsWith('shared/data/') && /^shared\/(http|auth)\//.test(to)),
    ).toEqual([]);
  });

  it('the registry and the contracts load without the AWS SDK, middy or Stripe (the stack and the docs import them)', () => {
    const reachable = [...closure('functions/registry.ts')];
    const heavy = reachable.flatMap((path) =>
      (FILES.get(path)?.packages ?? [])
        .filter(
          (p) =>
            p.startsWith('@aws-sdk') ||
            p.startsWith('@middy') ||
            p.startsWith('@aws-lambda-powertools') ||
            p === 'stripe',
        )
        .map((p) => `${path} -> ${p}`),
    );
    expect(heavy).toEqual([]);
  });

  it("the shared pipeline carries no webhook verifier: each is given by its group's handler (create-handler.ts)", () => {
    // A verifier reads its webhook secret; no file every group bundles through createHttpHandler may.
    const readsWebhookSecret = /secret\(\s*'\w+_WEBHOOK_SECRET'/i;
    const carriers = [...closure('shared/http/create-handler.ts')].filter((path) =>
      readsWebhookSecret.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(carriers).toEqual([]);
    // The scan is not vacuous: the group's own verifiers do read theirs.
    for (const verifier of ['functions/channel/signature.ts', 'functions/paymentWebhook/stripe-signature.ts'])
      expect(readsWebhookSecret.test(readFileSync(join(ROOT, verifier), 'utf8')), verifier).toBe(true);
  });

  it('only the repositories build table keys and items (shared/db/keys.ts is imported by shared/data, shared/db and the local runtime)', () => {
    expect(
      breaks(
        (from, to) =>
          to === 'shared/db/keys.ts' && !/^(shared\/data\/|shared\/db\/|infra\/local\/)/.test(from.path),
      ),
    ).toEqual([]);
  });

  it('a workflow lives in its own folder shared/workflows/<name>/, below the HTTP pipeline and sessions, above domain and data', () => {
    const loose = [...FILES.keys()].filter((path) => /^shared\/workflows\/[^/]+$/.test(path));
    expect(loose).toEqual([]);
    // No request handling in a workflow: not the pipeline (shared/http but its plain schemas and paging), not
    // sessions or cookies (the role rules of shared/auth/roles.ts are plain functions and may be used).
    expect(
      breaks(
        (from, to) =>
          from.path.startsWith('shared/workflows/') &&
          (/^(functions|infra)\//.test(to) ||
            (to.startsWith('shared/http/') && to !== 'shared/http/schemas.ts') ||
            (to.startsWith('shared/auth/') && to !== 'shared/auth/roles.ts')),
      ),
    ).toEqual([]);
    expect(
      breaks(
        (from, to) => /^shared\/(domain|data|db)\//.test(from.path) && to.startsWith('shared/workflows/'),
      ),
    ).toEqual([]);
  });

  it('shared/ holds only the layers DESIGN.md names and the cross-cutting helpers (a new kind of code has a home)', () => {
    const folders = new Set([...FILES.keys()].map((p) => p.match(/^shared\/([^/]+)\//)?.[1]).filter(Boolean));
    expect([...folders].sort()).toEqual([
      'auth',
      'captcha',
      'crypto',
      'data',
      'db',
      'domain',
      'http',
      'jobs',
      'net',
      'payments',
      'workflows',
    ]);
  });

  it('a failed transaction is asked by the label its part was built with, never a retyped string', () => {
    // A retyped label that drifts from the part's own turns a specific answer (409 "e-mail taken") into the
    // generic one silently: labels are exported by the module that builds the part and imported where asked.
    const retyped = /\.(?:conditionFailed|failed)\(\s*['"`]/;
    const offenders = [...FILES.keys()].filter((path) =>
      retyped.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
    // The scan is not vacuous: the repositories' own checks are found by the same pattern's name.
    expect(readFileSync(join(ROOT, 'shared/data/tenants-repo.ts'), 'utf8')).toMatch(
      /conditionFailed\(EMAIL_GUARD_LABEL\)/,
    );
  });

  it("each kind of record is written only by its owner: a repository's write parts are imported by no one else", () => {
    const offenders = OWNED_WRITES.flatMap(({ repo, writes, owners }) =>
      [...FILES.keys()]
        .filter((path) => path !== repo && !owners.some((owner) => path.startsWith(owner)))
        .flatMap((path) =>
          namedImports(path, repo)
            .filter((name) => writes.includes(name))
            .map((name) => `${path} imports ${name} of ${repo}`),
        ),
    );
    expect(offenders).toEqual([]);
    // Not vacuous: the owners do import them.
    for (const { repo, writes, owners } of OWNED_WRITES) {
      const used = [...FILES.keys()]
        .filter((path) => owners.some((owner) => path.startsWith(owner)))
        .flatMap((path) => namedImports(path, repo));
      expect(
        writes.filter((name) => !used.includes(name)),
        repo,
      ).toEqual([]);
    }
  });

  it('no run-time import cycles', () => {
    expect(cycles()).toEqual([]);
  });
});

/** Every import cycle as the path that closes it (depth-first search: an edge back to a file on the path). */
function cycles(): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    if (done.has(file)) return;
    const open = path.indexOf(file);
    if (open >= 0) {
      found.push([...path.slice(open), file].join(' -> '));
      return;
    }
    path.push(file);
    for (const next of FILES.get(file)?.local ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of FILES.keys()) visit(file);
  return found;
}
