/**
 * Measures the scrypt cost per password hash: `npx tsx shared/crypto/kdf-cost.ts`. The chosen parameters
 * (DEFAULT_SCRYPT) should stay at or below ~40 ms here, so a 256 MB Lambda — about 1/7 of a vCPU — stays
 * under 250 ms per login (docs/tenants.md "Password hashing").
 */
import { DEFAULT_SCRYPT, hashPassword, type ScryptParams } from './password.js';

const LAMBDA_256MB_SHARE = 256 / 1769; // Lambda gives one full vCPU at 1,769 MB, proportionally less below.

async function msPerHash(params: ScryptParams, runs: number): Promise<number> {
  await hashPassword('warm-up password', params);
  const start = performance.now();
  for (let i = 0; i < runs; i++) await hashPassword(`password ${i}`, params);
  return (performance.now() - start) / runs;
}

const candidates: ScryptParams[] = [DEFAULT_SCRYPT, { N: 2 ** 14, r: 8, p: 1 }, { N: 2 ** 15, r: 8, p: 1 }];
for (const params of candidates) {
  const ms = await msPerHash(params, 20);
  const marker = params === DEFAULT_SCRYPT ? ' (chosen)' : '';
  console.log(
    `scrypt N=2^${Math.log2(params.N)} r=${params.r} p=${params.p}${marker}: ${ms.toFixed(1)} ms/hash here, ` +
      `${(128 * params.N * params.r) / 2 ** 20} MiB, ~${(ms / LAMBDA_256MB_SHARE).toFixed(0)} ms on a 256 MB Lambda`,
  );
}
