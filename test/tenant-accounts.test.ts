/**
 * The tenant account workflow in process (shared/workflows/tenants/accounts.ts): a registration claims the
 * address's guest record in place, and undoing a registration whose mail failed removes only what it made: a
 * claimed guest record keeps its id (its stays and invoices point at it), a new account is removed. None of
 * these writes an item every registration or guest booking writes (the tenants' total is its job's).
 */
import { describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from './support/builders.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';

useLocalTable();
const { registerTenantAccount, undoRegistration } = await import('../shared/workflows/tenants/accounts.js');
const { guestTenant } = await import('../shared/workflows/tenants/guest-tenant.js');
const { commit } = await import('../shared/db/transaction.js');
const { getTenant, tenantIdByEmail } = await import('../shared/data/tenants-repo.js');
const { guestTenantIdByEmail } = await import('../shared/data/guest-tenants-repo.js');
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

describe('a registration and a guest record', () => {
  it('claims the guest record in place: the account guard is its, the guest guard released', async () => {
    const email = uniqueEmail('claim');
    const guestId = await guestRecordOf(email);
    const token = activation();

    const claimed = await registerTenantAccount(registration(email), token, new Date(), by);

    expect(claimed).toMatchObject({ kind: 'claimed', record: { tenantId: guestId, tenantFirstName: 'Reg' } });
    expect(claimed.record.guest).toBeUndefined();
    expect(await tenantIdByEmail(email)).toBe(guestId);
    expect(await guestTenantIdByEmail(email)).toBeUndefined();
    expect((await getTenant(guestId))?.guest).toBeUndefined();
    expect((await getActivation(token.tokenHash))?.tenantId).toBe(guestId);
  });

  it('undone after a mail failure, a claimed record stays (an unactivated registration); a new account goes', async () => {
    const claimedEmail = uniqueEmail('undo-claim');
    const guestId = await guestRecordOf(claimedEmail);
    const claimToken = activation();
    const claimed = await registerTenantAccount(registration(claimedEmail), claimToken, new Date(), by);
    await undoRegistration(claimed, claimToken.tokenHash);
    expect(await getTenant(guestId)).toMatchObject({ tenantId: guestId, isActive: 0 });
    expect(await getActivation(claimToken.tokenHash)).toBeUndefined();
    // The next registration of the address replaces it in place: the stays stay with the same id.
    const again = await registerTenantAccount(registration(claimedEmail), activation(), new Date(), by);
    expect(again).toMatchObject({ kind: 'replaced', record: { tenantId: guestId } });

    const newEmail = uniqueEmail('undo-new');
    const newToken = activation();
    const created = await registerTenantAccount(registration(newEmail), newToken, new Date(), by);
    expect(created.kind).toBe('created');
    await undoRegistration(created, newToken.tokenHash);
    expect(await getTenant(created.record.tenantId)).toBeUndefined();
    expect(await tenantIdByEmail(newEmail)).toBeUndefined();
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
