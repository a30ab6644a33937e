/**
 * The tenant account workflow in process (shared/workflows/tenants/accounts.ts, guest-claim.ts): a registration
 * of an address with a guest record makes an account of its own (the guest record, its guard and its stays stay
 * where they are); a claim moves a guest record into an account only for the account's own live token, an address
 * of its own and a guest record no other account claimed, and a claim cut short is finished by the same link.
 * Undoing a registration whose mail failed removes only what it made. None of these writes an item every
 * registration or guest booking writes (the tenants' total is its job's).
 */
import { describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from './support/builders.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';

useLocalTable();
const { registerTenantAccount, undoRegistration } = await import('../shared/workflows/tenants/accounts.js');
const { guestTenant } = await import('../shared/workflows/tenants/guest-tenant.js');
const { claimGuestRecord } = await import('../shared/workflows/tenants/guest-claim.js');
const { commit } = await import('../shared/db/transaction.js');
const { getStoredTenant, getTenant, tenantIdByEmail } = await import('../shared/data/tenants-repo.js');
const { claimGuestTenantParts, guestTenantIdByEmail } = await import('../shared/data/guest-tenants-repo.js');
const { accountTokenPart, readAccountToken } = await import('../shared/data/account-tokens-repo.js');
const { getActivation } = await import('../shared/data/tenant-activations-repo.js');
const { countTenants } = await import('../shared/data/tenant-count-repo.js');
const { ddb } = await import('../shared/db/client.js');

/**
 * The partition keys of each transaction sent while `work` runs that writes or checks a tenant item (the
 * request's own; the jobs of this process send theirs meanwhile, and those touch no tenant item).
 */
async function transactionKeys(work: () => Promise<unknown>): Promise<string[][]> {
  const send = vi.spyOn(ddb, 'send');
  try {
    await work();
    type Operation = { Key?: { PK?: unknown }; Item?: { PK?: unknown } };
    return send.mock.calls
      .map(([command]) => {
        const input = command.input as { TransactItems?: Record<string, Operation>[] };
        return (input.TransactItems ?? []).flatMap((entry) =>
          Object.values(entry).map((op) => String((op.Key ?? op.Item)?.PK)),
        );
      })
      .filter((pks) => pks.some((pk) => pk.startsWith('TENANT#')));
  } finally {
    send.mockRestore();
  }
}

const by = { actor: 'guest:10.0.0.9', requestId: 'tenant-accounts-test' } as const;
let tokens = 0;
const activation = () => ({
  tokenHash: `test-token-${Date.now()}-${tokens++}`,
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
});
const registration = (tenantEmail: string) => ({
  tenantEmail,
  tenantFirstName: 'Reg',
  tenantLastName: 'Istrant',
  password: 'a-good-password',
});

async function guestRecordOf(email: string): Promise<number> {
  const guest = await guestTenant({ name: 'Gus Guest', email }, by, new Date());
  await commit(guest.parts);
  return guest.tenantId;
}

/** An account of the address (registered; the claim does not look at isActive) with a live claim token. */
async function accountWithClaim(email: string, guestId: number, token = 'C'.repeat(43)) {
  const { record } = await registerTenantAccount(registration(email), activation(), new Date(), by);
  const now = new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + 600;
  await commit([await accountTokenPart('guestClaim', record.tenantId, token, expiresAt, now, guestId)]);
  return { account: record, token };
}

describe('a registration and a guest record', () => {
  it('makes an account of its own: the guest record keeps its guard and stays a guest record', async () => {
    const email = uniqueEmail('registrant');
    const guestId = await guestRecordOf(email);
    const token = activation();

    const registered = await registerTenantAccount(registration(email), token, new Date(), by);

    expect(registered.kind).toBe('created');
    expect(registered.record.tenantId).not.toBe(guestId);
    expect(await tenantIdByEmail(email)).toBe(registered.record.tenantId);
    expect(await guestTenantIdByEmail(email)).toBe(guestId);
    expect((await getTenant(guestId))?.guest).toBe(true);
    expect((await getActivation(token.tokenHash))?.tenantId).toBe(registered.record.tenantId);
  });

  it('undone after a mail failure, a replaced registration stays (an unactivated registration); a new account goes', async () => {
    const replacedEmail = uniqueEmail('undo-replaced');
    const created = await registerTenantAccount(registration(replacedEmail), activation(), new Date(), by);
    const again = activation();
    const replaced = await registerTenantAccount(registration(replacedEmail), again, new Date(), by);
    expect(replaced).toMatchObject({ kind: 'replaced', record: { tenantId: created.record.tenantId } });
    await undoRegistration(replaced, again.tokenHash);
    expect(await getTenant(created.record.tenantId)).toMatchObject({ isActive: 0 });
    expect(await getActivation(again.tokenHash)).toBeUndefined();

    const newEmail = uniqueEmail('undo-new');
    const newToken = activation();
    const fresh = await registerTenantAccount(registration(newEmail), newToken, new Date(), by);
    expect(fresh.kind).toBe('created');
    await undoRegistration(fresh, newToken.tokenHash);
    expect(await getTenant(fresh.record.tenantId)).toBeUndefined();
    expect(await tenantIdByEmail(newEmail)).toBeUndefined();
  });
});

describe('a claim of a guest record (guest-claim.ts)', () => {
  it('claims for the account’s own live token only, and uses it up: the guest guard is released', async () => {
    const email = uniqueEmail('claim');
    const guestId = await guestRecordOf(email);
    const { account, token } = await accountWithClaim(email, guestId);
    expect(await claimGuestRecord(account, 'X'.repeat(43), by, new Date())).toBeUndefined();
    expect((await getTenant(guestId))?.claimedBy).toBeUndefined();

    const claimed = await claimGuestRecord(account, token, by, new Date());
    expect(claimed).toEqual({ guestTenantId: guestId, reservationIds: [], invoiceIds: [] });
    expect((await getTenant(guestId))?.claimedBy).toBe(account.tenantId);
    expect(await guestTenantIdByEmail(email)).toBeUndefined();
    expect(await readAccountToken('guestClaim', account.tenantId)).toBeUndefined();
    expect(await claimGuestRecord(account, token, by, new Date())).toBeUndefined();
  });

  it('claims nothing of another address’s guest record, nor of one another account claimed', async () => {
    const email = uniqueEmail('mine');
    const othersGuest = await guestRecordOf(uniqueEmail('theirs'));
    const { account, token } = await accountWithClaim(email, othersGuest);
    expect(await claimGuestRecord(account, token, by, new Date())).toBeUndefined();
    expect((await getTenant(othersGuest))?.claimedBy).toBeUndefined();

    const shared = uniqueEmail('taken');
    const guestId = await guestRecordOf(shared);
    const stored = await getStoredTenant(guestId);
    if (!stored) throw new Error('no guest record');
    await commit(claimGuestTenantParts(stored, 999_999, new Date()));
    const late = await accountWithClaim(shared, guestId);
    expect(await claimGuestRecord(late.account, late.token, by, new Date())).toBeUndefined();
    expect((await getTenant(guestId))?.claimedBy).toBe(999_999);
  });

  it('a claim cut short after the guest record was marked is finished by opening the same link again', async () => {
    const email = uniqueEmail('resume');
    const guestId = await guestRecordOf(email);
    const { account, token } = await accountWithClaim(email, guestId);
    const stored = await getStoredTenant(guestId);
    if (!stored) throw new Error('no guest record');
    // The first step of a claim committed, and the process ended before the rest.
    await commit(claimGuestTenantParts(stored, account.tenantId, new Date()));
    const finished = await claimGuestRecord(account, token, by, new Date());
    expect(finished?.guestTenantId).toBe(guestId);
    expect(await readAccountToken('guestClaim', account.tenantId)).toBeUndefined();
  });

  it('a booking that found the guest record before the claim and commits after it is refused, and makes a new guest record', async () => {
    const email = uniqueEmail('late-booking');
    const guestId = await guestRecordOf(email);
    const found = await guestTenant({ name: 'Gus Guest', email }, by, new Date());
    expect(found.tenantId).toBe(guestId);
    const { account, token } = await accountWithClaim(email, guestId);
    await claimGuestRecord(account, token, by, new Date());
    await expect(commit(found.parts)).rejects.toThrow();
    expect((await guestTenant({ name: 'Gus Guest', email }, by, new Date())).tenantId).not.toBe(guestId);
  });
});

describe("the tenants' total", () => {
  it('is written by no registration, undo or guest record (no COUNT# item in their transactions), and counts each tenant once after the job', async () => {
    await jobsCaughtUp();
    const before = await countTenants();
    const newEmail = uniqueEmail('count-new');
    const newToken = activation();
    let created: Awaited<ReturnType<typeof registerTenantAccount>> | undefined;
    const written = [
      ...(await transactionKeys(async () => {
        created = await registerTenantAccount(registration(newEmail), newToken, new Date(), by);
      })),
      ...(await transactionKeys(() => guestRecordOf(uniqueEmail('count-guest')))),
      ...(await transactionKeys(async () => {
        const token = activation();
        const gone = await registerTenantAccount(
          registration(uniqueEmail('count-undo')),
          token,
          new Date(),
          by,
        );
        await undoRegistration(gone, token.tokenHash);
      })),
    ];
    // The registration, the guest record, and the undone registration's two.
    expect(written).toHaveLength(4);
    expect(written.flat().filter((pk) => pk.startsWith('COUNT'))).toEqual([]);
    expect(created?.kind).toBe('created');
    await jobsCaughtUp();
    // The new account and the guest record count; the undone registration came and went.
    expect(await countTenants()).toBe(before + 2);
  });
});
