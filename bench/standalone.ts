/**
 * What the benchmarks that run on their own (`npm run bench:webhooks`, `bench:ical`) share with the others:
 * the demo admin's session cookie, and a fresh in-memory local runtime with the demo data to measure against.
 */
export const DEMO_ADMIN = { adminAPIKey: 'demo-admin', adminAPISecret: 'demo-admin-secret-1' };

/** Signs the demo admin in and answers the Cookie header of its session. */
export async function demoAdminCookie(baseUrl: string): Promise<string> {
  const response = await fetch(new URL('/API/auth/V1/login.json', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (response.status !== 200 || !cookies.length) throw new Error(`admin login answered ${response.status}`);
  return cookies.join('; ');
}

/** A fresh local runtime to measure against: in memory, the demo data, no per-IP limit, every port free. */
export async function startBenchRuntime() {
  const { DEMO_FIXTURE, startLocalRuntime } = await import('../infra/local/runtime.js');
  return startLocalRuntime({
    port: 0,
    dataDir: 'memory',
    seed: DEMO_FIXTURE,
    ratePer5s: 0,
    trustProxy: true,
    mailPort: 0,
    cognitoPort: 0,
    dynamodbPort: 0,
  });
}

/** Starts a bench runtime, prints what `measure` answers, stops. */
export async function runStandalone(
  measure: (
    baseUrl: string,
    runtime: { mailUrl: string; jobs: { stop(): Promise<void> } },
  ) => Promise<unknown>,
): Promise<never> {
  const runtime = await startBenchRuntime();
  try {
    console.log(
      JSON.stringify(await measure(runtime.url.replace('localhost', '127.0.0.1'), runtime), null, 2),
    );
  } finally {
    await runtime.stop();
  }
  process.exit(0);
}
