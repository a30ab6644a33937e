/**
 * `npm run seed -- FILE`: loads a fixture into the local store. When the runtime is running (its DynamoDB and
 * Cognito answer on their ports) it writes through them; otherwise it starts them on DATA_DIR for the load.
 *
 * `npm run seed -- FILE --stage prod [--outputs cdk-outputs.json] [--dry-run]`: loads it into a deployed
 * stage instead, through the same loaders and repositories, with the caller's AWS credentials
 * (infra/deployed/stage-env.ts). Resumable: each kind finished is recorded in the table (seed-marker.ts), so
 * running it again after a failure skips the kinds already loaded; records keep their ids, so writing one
 * again overwrites it (idempotent). `--dry-run` validates the whole fixture and prints what a run would write
 * per kind (a resumed run: the kinds left), writing nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { now } from '../../shared/clock.js';
import { option, resolveStage, useStage } from '../deployed/stage-env.js';
import { withLocalStore } from './local-store.js';
import { TABLE_NAME } from './stand-ins.js';

/** Loads into a deployed stage, resumably (or only counts, with --dry-run). */
async function seedStage(file: string, stage: string, argv: readonly string[]): Promise<void> {
  const text = readFileSync(resolve(file), 'utf8');
  const fixture = JSON.parse(text) as unknown;
  const target = resolveStage(stage, option(argv, 'outputs'));
  useStage(target);
  const digest = createHash('sha256').update(text).digest('hex');
  const { loadFixture, planFixture } = await import('./fixture/index.js');
  const { loadedKinds, markKindLoaded } = await import('./seed-marker.js');
  const done = await loadedKinds(digest);
  const where = `${target.stackName} (${target.region})`;
  if (argv.includes('--dry-run')) {
    const plan = planFixture(fixture, done);
    console.log(`Dry run into ${where}, nothing written. Would write: ${JSON.stringify(plan)}`);
    if (done.size > 0) console.log(`Already loaded (skipped): ${[...done].join(', ')}`);
    return;
  }
  if (done.size > 0) console.log(`Resuming: ${[...done].join(', ')} already loaded into ${where}`);
  const summary = await loadFixture(fixture, now(), {
    skip: done,
    onKindLoaded: async (kind, count) => {
      await markKindLoaded(digest, resolve(file), kind);
      console.log(`  ${kind}: ${count}`);
    },
  });
  console.log(`Loaded ${resolve(file)} into ${where}: ${JSON.stringify(summary)}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const file = argv.find(
    (arg, i) => !arg.startsWith('--') && !['--stage', '--outputs'].includes(argv[i - 1] ?? ''),
  );
  if (!file) throw new Error('usage: npm run seed -- FILE.json [--stage STAGE [--outputs FILE] [--dry-run]]');
  const stage = option(argv, 'stage');
  if (stage) return seedStage(file, stage, argv);
  const fixture = JSON.parse(readFileSync(resolve(file), 'utf8')) as unknown;
  if (argv.includes('--dry-run')) {
    // Nothing is read or written, but the shared modules name the table when they load.
    process.env.TABLE_NAME ??= TABLE_NAME;
    const { planFixture } = await import('./fixture/index.js');
    console.log(`Dry run, nothing written. Would write: ${JSON.stringify(planFixture(fixture))}`);
    return;
  }
  const summary = await withLocalStore(async () => {
    const { loadFixture } = await import('./fixture/index.js');
    const { markSeeded } = await import('./seed-marker.js');
    const loaded = await loadFixture(fixture);
    await markSeeded(resolve(file));
    return loaded;
  });
  console.log(`Loaded ${resolve(file)}: ${JSON.stringify(summary)}`);
}

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
});
