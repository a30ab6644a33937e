/** `npm start`: the whole service on this machine. Settings: docs/local-runtime.md. */
import { demoStoreOf } from './demo-store.js';
import { DEMO_FIXTURE, optionsFromEnv, startLocalRuntime } from './runtime.js';
import { LOOPBACK, MissingJavaError, PortInUseError } from './services.js';

const secondsSince = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/**
 * Prints the progress lines; a step done (a line starting with ✓) ends with its own time, the time since the
 * line before it: "(+1.2 s)". The stand-ins start side by side, so their steps overlap: the times add up to
 * the total, which the summary gives.
 */
function stepPrinter(): (line: string) => void {
  let last = Date.now();
  return (line) => {
    console.log(line.trimStart().startsWith('✓') ? `${line} (+${secondsSince(last)})` : line);
    last = Date.now();
  };
}

async function main(): Promise<void> {
  const options = optionsFromEnv();
  const begun = Date.now();
  // Starting takes 10-20 s on an idle machine, a minute or more on a loaded one (a JVM, a Cognito process, the
  // handlers, the demo data): say what is happening.
  console.log('Starting the local runtime (each step with its own time, the total at the end)…');
  const runtime = await startLocalRuntime(options, stepPrinter());
  const demo = !options.seed || options.seed === DEMO_FIXTURE;
  const lines = [
    '',
    `Ready in ${secondsSince(begun)} in all.`,
    '',
    `  Home       ${runtime.url}/   (links to everything below)`,
    `  API        ${runtime.url}/API/{controller}/V1/{action}.json`,
    `  Docs       ${runtime.docsUrl}   (OpenAPI: ${runtime.url}/openapi.json)`,
    `  Mail       ${runtime.mailUrl}/   (sent e-mail; JSON at ${runtime.mailUrl}/store)`,
    runtime.stripe
      ? `  Payments   ${runtime.url}/pay   (a booking's paymentUrl; test cards through the Stripe stand-in at ${runtime.url}/v1)`
      : '  Payments   Stripe as configured (STRIPE_SECRET_KEY, STRIPE_API_URL)',
    `  Data       ${options.dataDir === 'memory' ? 'in memory (nothing kept)' : options.dataDir}`,
    `  DynamoDB   ${runtime.dynamodbUrl}   (access key ${runtime.dynamodbDatabase}: the store's tables are under it alone)`,
    runtime.seeded
      ? `  Seeded     ${runtime.seeded.fixture} ${JSON.stringify(runtime.seeded.summary)}`
      : '  Seeded     (store already had data)',
  ];
  if (demo) {
    for (const account of demoStoreOf(DEMO_FIXTURE).accounts) {
      if (account.kind === 'admin' && account.role.includes('super_admin')) {
        lines.push(`  Demo admin adminAPIKey=${account.login} adminAPISecret=${account.secret}`);
      } else if (account.kind === 'tenant') {
        lines.push(`  Demo tenant email=${account.login} password=${account.secret}`);
      }
    }
  }
  if (options.host !== undefined && options.host !== LOOPBACK)
    lines.push(
      `  Open       HOST=${options.host}: anyone who reaches this machine can use the API, its /_local controls and the Stripe stand-in (pay any invoice), and read the mail page`,
    );
  lines.push(
    `  Try        curl -s ${runtime.url}/API/vrProperties/V1/vrProperties.json`,
    '',
    '  Ctrl-C stops everything.',
    '',
  );
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await runtime.stop();
    console.log('Stopped: the API, DynamoDB Local, the local SES and cognito-local.');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof MissingJavaError || error instanceof PortInUseError) console.error(error.message);
  else console.error(`The local runtime could not start: ${(error as Error).message}`);
  process.exit(1);
});
