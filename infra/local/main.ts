/** `npm start`: the whole service on this machine. Settings: docs/local-runtime.md. */
import { readFileSync } from 'node:fs';
import { DEMO_FIXTURE, optionsFromEnv, startLocalRuntime } from './runtime.js';
import { MissingJavaError } from './services.js';

async function main(): Promise<void> {
  const options = optionsFromEnv();
  const runtime = await startLocalRuntime(options);
  const demo = JSON.parse(readFileSync(DEMO_FIXTURE, 'utf8')) as {
    admins: { adminAPIKey: string; adminAPISecret: string; adminRole: number }[];
  };
  const admin = demo.admins.find((a) => a.adminRole === 0);
  const lines = [
    '',
    `  API        ${runtime.url}/API/{controller}/V1/{action}.json`,
    `  Docs       ${runtime.docsUrl}   (OpenAPI: ${runtime.url}/openapi.json)`,
    `  Mail       ${runtime.mailUrl}/   (sent e-mail; JSON at ${runtime.mailUrl}/store)`,
    `  Data       ${options.dataDir === 'memory' ? 'in memory (nothing kept)' : options.dataDir}`,
    runtime.seeded
      ? `  Seeded     ${runtime.seeded.fixture} ${JSON.stringify(runtime.seeded.summary)}`
      : '  Seeded     (store already had data)',
  ];
  if (admin && (!options.seed || options.seed === DEMO_FIXTURE)) {
    lines.push(`  Demo admin adminAPIKey=${admin.adminAPIKey} adminAPISecret=${admin.adminAPISecret}`);
  }
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
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof MissingJavaError) console.error(error.message);
  else console.error(`The local runtime could not start: ${(error as Error).message}`);
  process.exit(1);
});
