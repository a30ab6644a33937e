/**
 * `npm run migrate:deposits`: the one-time deposit migration (docs/money.md "The deposit migration") on the
 * local store (DATA_DIR: through the running runtime's DynamoDB, or started for the run), or with
 * `-- --stage prod [--outputs cdk-outputs.json]` on a deployed stage, with the caller's AWS credentials
 * (infra/deployed/stage-env.ts). Every DEPOSIT invoice posted to revenue before the journal had its
 * depositsHeld liability is re-posted, once: a second run finds each invoice marked and changes nothing, so it
 * is safe to run again, and while the stage serves. `npm start` runs it on every start of a local store.
 */
import { now } from '../../shared/clock.js';
import { option, resolveStage, useStage } from '../deployed/stage-env.js';
import { withLocalStore } from './local-store.js';

async function migrate(): Promise<string> {
  const { migrateDeposits } = await import('../../shared/workflows/ledger/deposit-migration.js');
  const result = await migrateDeposits(now());
  return `${result.invoices} DEPOSIT invoices, ${result.migrated} re-posted now (${result.reclassified} entries moved from revenue to depositsHeld, ${result.cashEntries} owner-account cash entries held apart)`;
}

async function main(argv: readonly string[]): Promise<void> {
  const stage = option(argv, 'stage');
  if (stage) {
    const target = resolveStage(stage, option(argv, 'outputs'));
    useStage(target);
    console.log(`Deposit migration in ${target.stackName} (${target.region}): ${await migrate()}`);
    return;
  }
  console.log(`Deposit migration in the local store: ${await withLocalStore(migrate)}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`The deposit migration failed: ${(error as Error).message}`);
  process.exit(1);
});
