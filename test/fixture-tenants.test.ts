/**
 * The fixture kind tenants (docs/tenants.md "Fixture format") loads through the tenant's owner: a reload sets the
 * fixture's fields again and ends the tenant's sessions, a reload with another address moves the e-mail guard,
 * and an address another tenant holds is refused (never taken over), all without a change item (a load
 * announces nothing).
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { useLocalTable } from './support/in-process.js';

useLocalTable();
const { loadFixture } = await import('../infra/local/fixture/index.js');
const { getTenant, tenantIdByEmail } = await import('../shared/data/tenants-repo.js');

let nextId = 800_000 + Math.floor(Math.random() * 90_000);
const tenant = (tenantId: number, tenantEmail: string) => ({
  tenantId,
  tenantEmail,
  tenantFirstName: 'Fay',
  tenantLastName: 'Fixture',
  password: 'fixture-pass-123',
  isActive: 1,
});

describe('fixture kind tenants', () => {
  it("a reload never takes another tenant's address", async () => {
    const [mine, theirs] = [nextId++, nextId++];
    const [myEmail, theirEmail] = [uniqueEmail('fixture-mine'), uniqueEmail('fixture-theirs')];
    await loadFixture({ tenants: [tenant(mine, myEmail), tenant(theirs, theirEmail)] });

    await expect(loadFixture({ tenants: [tenant(mine, theirEmail)] })).rejects.toThrow(
      new RegExp(`Tenant ${mine} .*already exists`),
    );
    expect(await tenantIdByEmail(theirEmail)).toBe(theirs);
    expect((await getTenant(mine))?.tenantEmail).toBe(myEmail);
  });

  it('a reload with a new address moves the guard, ends the sessions and announces nothing', async () => {
    const id = nextId++;
    const [before, after] = [uniqueEmail('fixture-before'), uniqueEmail('fixture-after')];
    await loadFixture({ tenants: [tenant(id, before)] });
    await loadFixture({ tenants: [tenant(id, after)] });
    expect(await tenantIdByEmail(after)).toBe(id);
    expect(await tenantIdByEmail(before)).toBeUndefined();
    expect((await getTenant(id))?.credentialsVersion).toBe(1);
    expect(await changesOf('tenant', id)).toEqual([]);
  });
});
