/**
 * `npm start` as a user runs it: a child process with the DESIGN.md settings (PORT, DATA_DIR, SEED,
 * RATE_LIMIT_PER_5S, TRUST_PROXY, *_PORT, HOST), stopped with Ctrl-C (SIGINT).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import { SAMPLES_ADDRESS } from '../infra/local/mail-samples.js';
import { freePort } from '../infra/local/services.js';
import { TABLE_NAME } from '../infra/local/stand-ins.js';
import { SAMPLES } from '../shared/domain/messages/samples.js';
import { Client } from './support/client.js';

const ROOT = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'rental-pm-test-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort(0);
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      MAIL_PORT: '0',
      COGNITO_PORT: '0',
      DYNAMODB_PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Ctrl-C stops everything')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`runtime exited: ${output}`));
      }
    }, 100);
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => {
        running.delete(child);
        resolve(code);
      });
      child.kill('SIGINT');
    });
  return { child, url: `http://localhost:${port}`, output: () => output, stop };
}

describe('npm start', () => {
  it('first start on an empty DATA_DIR seeds the demo fixture, prints the URLs and the demo admin, serves docs, limits per IP, and stops on Ctrl-C', async () => {
    const rt = await start({ DATA_DIR: dataDir, RATE_LIMIT_PER_5S: '6', TRUST_PROXY: '1' });
    expect(rt.output()).toMatch(/API\s+http:\/\/localhost:\d+/);
    expect(rt.output()).toMatch(/Docs\s+http:\/\/localhost:\d+\/docs/);
    expect(rt.output()).toMatch(/Mail\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(rt.output()).toContain('adminAPIKey=demo-admin adminAPISecret=demo-admin-secret-1');
    // Progress while it starts, in the order things become ready; each step with its own time, then the total.
    expect(rt.output()).toMatch(
      /Starting DynamoDB Local[\s\S]*✓ DynamoDB Local[\s\S]*Loading the fixture[\s\S]*✓ API listening/,
    );
    const steps = rt.output().match(/^ {2}✓ .*$/gm) ?? [];
    expect(steps.length).toBeGreaterThanOrEqual(7);
    for (const step of steps) expect(step).toMatch(/ \(\+\d+\.\d s\)$/);
    expect(rt.output()).toMatch(/each step with its own time, the total at the end/);
    expect(rt.output()).toMatch(/^Ready in \d+\.\d s in all\.$/m);

    // The front page links what a newcomer needs and shows the demo accounts; the favicon is there.
    const home = await new Client(rt.url).get('/', { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    for (const link of ['href="/docs"', 'href="/openapi.json"', '/store', 'demo-admin-secret-1'])
      expect(home.text).toContain(link);
    // … and the demo records a newcomer types: property ids, coupon codes, the tenant, invoices.
    for (const record of [
      'Dune House',
      '>2001<',
      '>WELCOME10<',
      '>DUNEONLY15<',
      'demo-tenant@example.com',
      'SERVICE, tenant 1',
    ])
      expect(home.text).toContain(record);
    // The mail page shows a sample of every kind of message (infra/local/mail-samples.ts).
    expect(rt.output()).toMatch(/✓ a sample of each of the \d+ kinds of mail on the mail page/);
    const mailUrl = /Mail\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(rt.output())?.[1];
    const { emails } = (await (await fetch(`${mailUrl}/store`)).json()) as {
      emails: { subject: string; destination: { to: string[] }; attachments?: unknown[] }[];
    };
    const samples = emails.filter((m) => m.destination.to.includes(SAMPLES_ADDRESS));
    expect(samples.map((m) => /^\[sample: ([\w-]+)\]/.exec(m.subject)?.[1]).sort()).toEqual(
      Object.keys(SAMPLES).sort(),
    );
    expect(samples.find((m) => m.subject.includes('owner-statement'))?.attachments).toHaveLength(1);
    const icon = await fetch(`${rt.url}/favicon.ico`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');

    const docsClient = new Client(rt.url);
    const docs = await docsClient.get('/docs');
    // The outline of every operation, and what the page loads when one is opened (the reference's element).
    expect(docs.text).toContain('href="#/operations/vrProperties.list"');
    expect(docs.text).toContain('&quot;apiDescriptionUrl&quot;:&quot;/openapi.json&quot;');
    const spec = await docsClient.get<{ openapi: string; paths: Record<string, unknown> }>('/openapi.json');
    expect(spec.body.openapi).toBe('3.1.0');
    for (const route of ROUTES) expect(Object.keys(spec.body.paths)).toContain(route.path);

    // Card payments without a Stripe account: the payment page and the Stripe stand-in on the same origin.
    expect(rt.output()).toMatch(
      /Payments\s+http:\/\/localhost:\d+\/pay .*Stripe stand-in at http:\/\/localhost:\d+\/v1/,
    );
    const pay = await new Client(rt.url).get('/pay?invoiceId=3&token=x', {
      headers: { accept: 'text/html' },
    });
    expect(pay.status).toBe(200);
    expect(pay.text).toContain('data-stand-in="1"');
    expect(pay.headers.get('content-security-policy')).toMatch(
      /script-src 'sha256-[\w+/=]+'; .*connect-src 'self'/,
    );
    expect(pay.headers.get('referrer-policy')).toBe('no-referrer');
    const keyless = await new Client(rt.url).get('/v1/payment_intents/pi_x');
    expect(keyless.status).toBe(401);
    expect(keyless.body).toMatchObject({ error: { type: 'invalid_request_error' } });

    // Per-IP limit: a fresh X-Forwarded-For gets 6 requests, the 7th is a 429 with the rate headers.
    const limited = new Client(rt.url);
    const statuses: number[] = [];
    let last = await limited.get('/API/siteSettings/V1/settings.json');
    statuses.push(last.status);
    for (let i = 0; i < 6; i++) {
      last = await limited.get('/API/siteSettings/V1/settings.json');
      statuses.push(last.status);
    }
    if (statuses.filter((s) => s === 429).length === 0) {
      // The 7 requests straddled a 5 s window boundary; the next burst cannot.
      for (let i = 0; i < 7; i++) last = await limited.get('/API/siteSettings/V1/settings.json');
    }
    expect(last.status).toBe(429);
    expect(last.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last.headers.get('ratelimit-limit')).toBe('6');
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(last.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(5);
    expect((await new Client(rt.url).get('/API/siteSettings/V1/settings.json')).status).toBe(200);

    const admin = new Client(rt.url);
    await admin.post('/API/auth/V1/login.json', {
      adminAPIKey: 'demo-admin',
      adminAPISecret: 'demo-admin-secret-1',
    });
    const created = await admin.post('/API/adminProperties/V1/properties.json', {
      type: 'vr',
      propertyName: 'Kept Across Restarts',
      propertyDesc: 'x',
      propertyRate: 1,
    });
    expect(created.status).toBe(201);

    expect(await rt.stop()).toBe(0);
    expect(rt.output()).toContain('Stopped: the API, DynamoDB Local');
    const afterStop = await fetch(`${rt.url}/API/siteSettings/V1/settings.json`).catch(() => undefined);
    expect(afterStop).toBeUndefined();
  }, 120_000);

  it('a restart on the same DATA_DIR keeps the data and does not seed again; npm run seed loads a fixture into the stopped store', async () => {
    const fixture = join(dataDir, 'extra.json');
    writeFileSync(
      fixture,
      JSON.stringify({
        properties: [
          {
            propertyId: 2999,
            type: 'vr',
            propertyName: 'Seeded Later',
            propertyDesc: 'x',
            propertyRate: '75',
          },
        ],
      }),
    );
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/seed-cli.ts', fixture], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DYNAMODB_PORT: String(await freePort(0)),
        COGNITO_PORT: String(await freePort(0)),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
    });
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toContain('"properties":1');

    const rt = await start({ DATA_DIR: dataDir, RATE_LIMIT_PER_5S: '0' });
    expect(rt.output()).toContain('store already had data');
    const client = new Client(rt.url);
    const list = await client.get<{ items: { propertyName: string }[] }>(
      '/API/vrProperties/V1/vrProperties.json',
      { query: { search: 'Kept Across' } },
    );
    expect(list.body.items.map((p) => p.propertyName)).toEqual(['Kept Across Restarts']);
    expect((await client.get('/API/vrProperties/V1/vrProperties/2999.json')).body).toMatchObject({
      propertyName: 'Seeded Later',
      propertyRate: 75,
    });
    expect(await rt.stop()).toBe(0);
  }, 120_000);

  it('DATA_DIR=memory with SEED=none starts empty', async () => {
    const rt = await start({ DATA_DIR: 'memory', SEED: 'none', RATE_LIMIT_PER_5S: '0' });
    const list = await new Client(rt.url).get('/API/vrProperties/V1/vrProperties.json');
    expect(list.body).toMatchObject({ items: [], total: 0 });
    expect(await rt.stop()).toBe(0);
  }, 120_000);

  it('names every busy port at once, each with the setting that moves it, before starting anything', async () => {
    const taken = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, () => resolve()));
        return server;
      }),
    );
    const ports = taken.map((server) => (server.address() as AddressInfo).port);
    const settings = ['PORT', 'MAIL_PORT', 'COGNITO_PORT', 'DYNAMODB_PORT'];
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: 'memory',
          ...Object.fromEntries(settings.map((setting, i) => [setting, String(ports[i])])),
        },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('4 ports are already in use');
      settings.forEach((setting, i) => {
        expect(result.stderr).toContain(`Port ${ports[i]} `);
        expect(result.stderr).toContain(`${setting}=${(ports[i] ?? 0) + 1}`);
      });
      expect(result.stderr).not.toContain('EADDRINUSE');
      // Nothing was started: not even the first step.
      expect(result.stdout).not.toContain('✓');

      // One busy port among free ones: one line naming it.
      const one = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: 'memory', PORT: '0', DYNAMODB_PORT: String(ports[3]) },
        encoding: 'utf8',
      });
      expect(one.status).toBe(1);
      expect(one.stderr.trim().split('\n')).toHaveLength(1);
      expect(one.stderr).toContain(`Port ${ports[3]} (DynamoDB Local)`);
      expect(one.stderr).toContain(`DYNAMODB_PORT=${(ports[3] ?? 0) + 1}`);
    } finally {
      for (const server of taken) server.close();
    }
  });

  it('without Java it says in one line how to install it', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PATH: '/nonexistent', DATA_DIR: 'memory' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Java.*install/i);
  });
});

/** An IPv4 address of this machine that other machines reach it by (not loopback); undefined when it has none. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && !a.internal && a.family === 'IPv4')?.address;

/** Whether a TCP connection to host:port is accepted ('open'), or refused or dropped. */
function reach(host: string, port: number): Promise<'open' | 'closed'> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: 'open' | 'closed') => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(3000, () => done('closed'));
    socket.once('connect', () => done('open'));
    socket.once('error', () => done('closed'));
  });
}

/** The port a start step printed (`✓ cognito-local on port 41234`). */
const stepPort = (output: string, what: string) => {
  const port = Number(new RegExp(`✓ ${what} on port (\\d+)`).exec(output)?.[1]);
  if (!port) throw new Error(`no port of ${what} in: ${output}`);
  return port;
};

describe('who can reach npm start (docs/local-runtime.md "Who can reach it")', () => {
  if (!outsideAddress)
    console.warn('skipped: this machine has no non-loopback IPv4 address to try npm start from');

  it.skipIf(!outsideAddress)(
    'listens on 127.0.0.1 only: the API (its /_local controls and Stripe stand-in), the mail page and cognito-local refuse a connection to the machine’s other address; DynamoDB Local, which cannot be bound, shows another key nothing of the store',
    async () => {
      const outside = outsideAddress ?? '';
      const dir = mkdtempSync(join(tmpdir(), 'rental-pm-host-'));
      const rt = await start({ DATA_DIR: dir, SEED: 'none', RATE_LIMIT_PER_5S: '0' });
      try {
        const apiPort = Number(new URL(rt.url).port);
        const mailPort = stepPort(rt.output(), 'local SES \\(mail page\\)');
        const cognitoPort = stepPort(rt.output(), 'cognito-local');
        const dynamodbPort = stepPort(rt.output(), 'DynamoDB Local');
        for (const [what, port] of [
          ['API', apiPort],
          ['mail page', mailPort],
          ['cognito-local', cognitoPort],
        ] as const) {
          expect(await reach('127.0.0.1', port), `${what} on loopback`).toBe('open');
          expect(await reach(outside, port), `${what} on ${outside}`).toBe('closed');
        }
        const drain = await fetch(`http://127.0.0.1:${apiPort}/_local/jobs/drain`, { method: 'POST' });
        expect(drain.status).toBe(200);
        expect(rt.output()).not.toContain('HOST=');

        // DynamoDB Local listens on every interface; the store lives under its own random key.
        const { dynamodbDatabase } = JSON.parse(readFileSync(join(dir, 'local-state.json'), 'utf8')) as {
          dynamodbDatabase: string;
        };
        expect(dynamodbDatabase).toMatch(/^store[0-9a-f]{32}$/);
        expect(rt.output()).toContain(`access key ${dynamodbDatabase}`);
        const dynamodb = (host: string, accessKeyId: string) =>
          new DynamoDBClient({
            endpoint: `http://${host}:${dynamodbPort}`,
            region: 'us-east-1',
            credentials: { accessKeyId, secretAccessKey: 'anything' },
          });
        const stranger = dynamodb(outside, 'local');
        expect((await stranger.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        await expect(stranger.send(new DescribeTableCommand({ TableName: TABLE_NAME }))).rejects.toThrow(
          /not found|non-existent/i,
        );
        const store = dynamodb('127.0.0.1', dynamodbDatabase);
        expect((await store.send(new ListTablesCommand({}))).TableNames).toContain(TABLE_NAME);
        stranger.destroy();
        store.destroy();
      } finally {
        expect(await rt.stop()).toBe(0);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(!outsideAddress)(
    'HOST=0.0.0.0 opens the API and the mail page to the network, and says so; cognito-local stays on loopback',
    async () => {
      const outside = outsideAddress ?? '';
      const rt = await start({ DATA_DIR: 'memory', SEED: 'none', RATE_LIMIT_PER_5S: '0', HOST: '0.0.0.0' });
      try {
        const apiPort = Number(new URL(rt.url).port);
        const settings = await fetch(`http://${outside}:${apiPort}/API/siteSettings/V1/settings.json`);
        expect(settings.status).toBe(200);
        const mailPort = stepPort(rt.output(), 'local SES \\(mail page\\)');
        expect((await fetch(`http://${outside}:${mailPort}/store`)).status).toBe(200);
        expect(await reach(outside, stepPort(rt.output(), 'cognito-local'))).toBe('closed');
        expect(rt.output()).toMatch(/Open\s+HOST=0\.0\.0\.0: anyone who reaches this machine/);
      } finally {
        expect(await rt.stop()).toBe(0);
      }
    },
    120_000,
  );

  it('refuses a HOST that is not an IP address, before starting anything', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: 'memory',
        HOST: 'my-laptop.local',
        PORT: '0',
        MAIL_PORT: '0',
        COGNITO_PORT: '0',
        DYNAMODB_PORT: '0',
      },
      encoding: 'utf8',
      // A runtime that took the HOST would run until stopped: the test ends it instead of waiting forever.
      timeout: 60_000,
      killSignal: 'SIGINT',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('HOST must be an IP address');
    expect(result.stdout).not.toContain('✓');
  });
});
