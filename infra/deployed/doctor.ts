/**
 * `npm run doctor -- --stage <stage>`: is the account ready for the stage, before and after `cdk deploy`, and
 * what is left to do (docs/cloud-stack.md "First deploy"). Read-only: it changes nothing. Credentials and
 * endpoints are the AWS SDK's usual ones (profile, environment); STRIPE_API_URL points the Stripe client
 * elsewhere. Exits 1 while something is to do.
 */
import { accountClients, stripeClient } from './aws-clients.js';
import { formatFindings } from './doctor/report.js';
import { runDoctor } from './doctor/run.js';
import { option } from './stage-env.js';
import { regionOf, stageSettings } from './stage-settings.js';

async function main(argv: readonly string[]): Promise<number> {
  const stage = option(argv, 'stage');
  if (!stage || !/^[a-z][a-z0-9-]{0,19}$/.test(stage))
    throw new Error('usage: npm run doctor -- --stage STAGE');
  const region = regionOf(stage);
  console.log(`Checking stage ${stage} in ${region} …\n`);
  const findings = await runDoctor({
    stage,
    region,
    settings: stageSettings(stage),
    clients: accountClients({ region }),
    stripe: (key) => stripeClient(key, process.env.STRIPE_API_URL),
  });
  console.log(formatFindings(findings));
  return findings.some((f) => f.status === 'todo') ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The doctor could not run: ${(error as Error).message}`);
    process.exit(2);
  },
);
