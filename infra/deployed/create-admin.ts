/**
 * `npm run admin:create -- --stage prod --key <adminAPIKey> [--first Ada] [--last Lovelace] [--email ada@example.com] [--address "1 Main St, Town"] [--outputs FILE]`:
 * the first super admin of a deployed stage in one command, the Cognito user (username = adminAPIKey,
 * password = adminAPISecret, custom adminId and role 0) and the admin profile in the table together, through
 * the same code the fixture loader uses (infra/local/fixture/core.ts loadAdmins). The secret is asked for on
 * a terminal (Enter: generated), read from stdin when piped, or generated with --generate; a generated one
 * is printed once and kept nowhere else. It refuses when the stage has admins already (more admins are the
 * admin API's job), unless --admin-id names the one to (re)write.
 */
import { createInterface } from 'node:readline';
import { generateSecret, meetsPolicy } from './admin-secret.js';
import { option, resolveStage, useStage } from './stage-env.js';

async function readSecret(): Promise<string | undefined> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split('\n')[0]?.trim() || undefined;
  }
  const rl = createInterface({ input, output: process.stdout, terminal: true });
  // Echo nothing while the secret is typed.
  process.stdout.write(
    'adminAPISecret (12+ characters with lower case, digits and symbols; Enter: generate one): ',
  );
  // readline writes what is typed through its internal _writeToOutput: replaced, it echoes nothing.
  Object.assign(rl, { _writeToOutput: () => undefined });
  const answer = await new Promise<string>((done) => rl.question('', done));
  rl.close();
  process.stdout.write('\n');
  return answer.trim() || undefined;
}

async function main(argv: readonly string[]): Promise<void> {
  const stage = option(argv, 'stage');
  const key = option(argv, 'key');
  if (!stage || !key)
    throw new Error(
      'usage: npm run admin:create -- --stage STAGE --key ADMIN_API_KEY [--first NAME] [--last NAME] [--email ADDRESS] [--address "MAILING ADDRESS"] [--admin-id N] [--generate] [--outputs FILE]',
    );
  const target = resolveStage(stage, option(argv, 'outputs'));
  useStage(target);
  const { nextId } = await import('../../shared/db/counters.js');
  const { ddb, TABLE_NAME } = await import('../../shared/db/client.js');
  const { keys } = await import('../../shared/db/keys.js');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { loadAdmins } = await import('../local/fixture/core.js');
  const given = option(argv, 'admin-id');
  const counter = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.counter('admin') }));
  if (given === undefined && Number(counter.Item?.value ?? 0) > 0)
    throw new Error(
      `${target.stackName} has admins already: create more through the admin API, or name one with --admin-id`,
    );
  if (given !== undefined && !(Number.isInteger(Number(given)) && Number(given) >= 1))
    throw new Error('--admin-id is a whole number ≥ 1');
  const asked = argv.includes('--generate') ? undefined : await readSecret();
  if (asked !== undefined && !meetsPolicy(asked))
    throw new Error('The secret needs 12+ characters with lower case letters, digits and symbols');
  const secret = asked ?? generateSecret();
  const adminId = given === undefined ? await nextId('admin') : Number(given);
  await loadAdmins([
    {
      adminId,
      adminAPIKey: key,
      adminAPISecret: secret,
      adminFirstName: option(argv, 'first') ?? '',
      adminLastName: option(argv, 'last') ?? '',
      adminEmail: option(argv, 'email') ?? '',
      ...(option(argv, 'address') ? { adminAddress: option(argv, 'address') } : {}),
      adminRole: 0,
    },
  ]);
  console.log(`Super admin ${adminId} (${key}) created in ${target.stackName} (${target.region}).`);
  if (!asked) console.log(`adminAPISecret (shown once, kept nowhere): ${secret}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Creating the admin failed: ${(error as Error).message}`);
  process.exit(1);
});
