/**
 * The README's commands, copied verbatim from its "Calling it" section, run twice in a row with bash against
 * a fresh `npm start` (on free ports: the base URL and mail URL lines are the only substitutions). Every
 * answer must be JSON on its own line, and none an error.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NpmStart, npmStart } from './support/npm-start.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The ```sh blocks from "## Calling it" up to the next level-2 heading. */
function walkthroughBlocks(markdown: string): string[] {
  const start = markdown.indexOf('\n## Calling it');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

let runtime: NpmStart | undefined;

beforeAll(async () => {
  // The per-IP limit is off: two runs back to back are faster than a person pasting them.
  runtime = await npmStart({ RATE_LIMIT_PER_5S: '0' });
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
});

function runScript(script: string) {
  return spawnSync('bash', ['-c', `set -eo pipefail\n${script}`], { encoding: 'utf8', timeout: 120_000 });
}

describe('the README walkthrough', () => {
  it('has the blocks that set the base URLs', () => {
    const script = walkthroughBlocks(README).join('\n');
    expect(script).toContain('B=http://localhost:3000/API\n');
    expect(script).toContain('MAIL=http://127.0.0.1:8005\n');
  });

  it('runs verbatim twice in a row: every answer is one line of JSON and none is an error', () => {
    if (!runtime) throw new Error('npm start did not start');
    const script = walkthroughBlocks(README)
      .join('\n')
      .replace('B=http://localhost:3000/API\n', `B=${runtime.url}/API\n`)
      .replace('MAIL=http://127.0.0.1:8005\n', `MAIL=${runtime.mailUrl}\n`);
    const created: number[] = [];
    for (const run of [1, 2]) {
      const result = runScript(script);
      expect(result.status, `run ${run}: ${result.stderr}`).toBe(0);
      expect(result.stdout.endsWith('\n')).toBe(true);
      const answers = result.stdout.trimEnd().split('\n');
      // 5 public calls, 5 of the admin (the create's answer goes into ID), 5 of the tenant, 11 of the guest
      // booking, payment and messages, 6 of the money walkthrough (the invoice create's answer goes into INV),
      // 9 of the long-term rent walkthrough (the property and the application go into LTR and APP), 7 of the
      // QuickBooks walkthrough (the consent URL and the callback URL go into CONSENT and BACK).
      expect(answers.length).toBe(48);
      for (const line of answers) {
        const answer = JSON.parse(line) as { status?: unknown; propertyId?: unknown; isArchived?: unknown };
        expect(typeof answer.status === 'number' && answer.status >= 400, `run ${run}: ${line}`).toBe(false);
        // The DELETE's answer names the property the run created.
        if (answer.isArchived === 1 && typeof answer.propertyId === 'number') created.push(answer.propertyId);
      }
      expect(result.stdout).toContain('"applicationId"');
      expect(result.stdout).toContain('"isArchived":1');
      expect(result.stdout).toContain('"paidComputed":500');
      expect(result.stdout).toContain('"totalIncome"');
      const parsed = answers.map((l) => JSON.parse(l) as Record<string, unknown>);
      // The guest's booking is a hold until paid, and confirmed once the stand-in's webhook paid it.
      const booked = JSON.parse(answers.find((l) => l.includes('"paymentUrl"')) ?? '{}') as {
        reservationId?: number;
      };
      expect(result.stdout).toContain('"status":"succeeded"');
      // The guest's confirmation is in the message log (docs/messages.md), and on the mail page: the block
      // drains the message jobs before it reads them, so the "confirmed" mail is there on every run.
      expect(result.stdout).toContain('"kind":"bookingConfirmation"');
      // The subjects line: a JSON array of strings (the other answers are objects).
      const subjects = answers
        .map((l) => JSON.parse(l) as unknown)
        .find((a) => Array.isArray(a) && a.some((s) => String(s).startsWith('Complete your booking')));
      expect(subjects, `run ${run}: ${answers.filter((l) => l.startsWith('[')).join(' / ')}`).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Your booking at .+ is confirmed \(#\d+\)$/)]),
      );
      const reservation = answers
        .map((l) => JSON.parse(l) as { reservationId?: number; status?: unknown; paymentUrl?: unknown })
        .find((a) => a.reservationId === booked.reservationId && a.paymentUrl === undefined);
      expect(reservation?.status, `run ${run}`).toBe('1');
      // The approval made a lease; the rent run charged it; the tenant's session and portal show it.
      const approved = parsed.find((a) => a.leaseId !== undefined && a.application !== undefined);
      const leaseId = approved?.leaseId;
      expect(typeof leaseId, `run ${run}`).toBe('number');
      const rentRun = parsed.find((a) => Array.isArray(a.invoices) && Array.isArray(a.lateFees)) as
        | { invoices: { leaseId: number; month: string }[] }
        | undefined;
      expect(
        rentRun?.invoices.some((i) => i.leaseId === leaseId),
        `run ${run}`,
      ).toBe(true);
      expect(parsed.some((a) => a.tenantId !== undefined && a.leaseId === leaseId && a.tenantEmail)).toBe(
        true,
      );
      const portalLease = parsed.find((a) => a.current !== undefined && a.terms !== undefined);
      expect(portalLease?.leaseId, `run ${run}`).toBe(leaseId);
      const items = (a: Record<string, unknown>) =>
        (Array.isArray(a.items) ? a.items : []) as Record<string, unknown>[];
      const invoices = parsed.find((a) => items(a).some((i) => i.amountDue !== undefined));
      expect(invoices && items(invoices).map((i) => i.description)).toEqual(
        expect.arrayContaining(['DEPOSIT', 'RENT']),
      );
      // The demo lease mid-cycle: rent paid by transfer, a late fee, something still owed.
      const ledgers = parsed.filter((a) => a.balance !== undefined && items(a).some((i) => i.kind)) as {
        leaseId?: number;
        items: { kind: string; description: string }[];
        balance: number;
      }[];
      const demoLease = ledgers.find((l) => l.leaseId === 1);
      expect(demoLease?.items.some((i) => i.kind === 'payment' && i.description === 'Bank transfer')).toBe(
        true,
      );
      expect(
        demoLease?.items.some((i) => i.kind === 'charge' && i.description.startsWith('Late fee for ')),
      ).toBe(true);
      expect(demoLease?.balance).toBeGreaterThan(0);
      // The tenant's portal ledger: the new lease's deposit and rent, owed.
      expect(ledgers.find((l) => l.leaseId === undefined)?.balance).toBeGreaterThan(0);
      // The books reached the stand-in's QuickBooks company: nothing waiting or refused, invoices there.
      expect(parsed.find((a) => a.connected === true && a.waiting !== undefined)).toMatchObject({
        needsConsent: false,
        waiting: 0,
        failed: 0,
      });
      const synced = parsed.find((a) => items(a).some((i) => i.qboType === 'Invoice'));
      expect(items(synced ?? {}).every((i) => i.status === 'synced' && typeof i.qboId === 'string')).toBe(
        true,
      );
      const stand = parsed.find((a) => Array.isArray(a.companies)) as
        | { companies: { realmId: string; counts: Record<string, number> }[] }
        | undefined;
      expect(stand?.companies[0]?.counts).toMatchObject({
        Customer: expect.any(Number),
        Invoice: expect.any(Number),
        Payment: expect.any(Number),
      });
    }
    expect(new Set(created).size).toBe(2);
  }, 240_000);
});
