/**
 * The tenant's owner against DynamoDB Local (this file's own table): every change is conditioned on the version
 * read, moves the credentials version only when the credentials change, and leaves a change item that masks
 * the person's fields; the login's rehash is audited and never undoes a password changed meanwhile; activation
 * goes through the same protocol; a fixture reload keeps the e-mail guard.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/support/builders.js';
import { changesOf } from '../../../test/support/changes.js';
import { useLocalTable } from '../../../test/support/in-process.js';

useLocalTable();
const { activateAccount, createTenantAccount, loadFixtureTenant, registerTenantAccount, rehashPassword } =
  await import('./accounts.js');
const { changeTenant, tenantChangeParts } = await import('./change.js');
const { getStoredTenant, getTenant, tenantIdByEmail } = await import('../../data/tenants-repo.js');
const { commit, TransactionFailed } = await import('../../db/transaction.js');
const { nextId } = await import('../../db/counters.js');

const by = { actor: 'admin:1', requestId: 'tenants-owner-test' } as const;
const account = (tenantEmail: string) => ({
  tenantEmail,
  tenantFirstName: 'Olga',
  tenantLastName: 'Owner',
  password: 'a-good-password',
  isActive: 1 as const,
});

async function newTenant(): Promise<number> {
  return (await createTenantAccount(account(uniqueEmail('owner')), by, new Date())).tenantId;
}

describe('a change of a tenant (change.ts)', () => {
  it('moves the credentials version with a new password, not with a name, and masks the person in its change item', async () => {
    const tenantId = await newTenant();
    const renamed = await changeTenant(tenantId, () => ({ tenantFirstName: 'Olgah' }), {
      action: 'updated',
      by,
      now: new Date(),
    });
    expect(renamed?.credentialsVersion).toBeUndefined();
    const reset = await changeTenant(tenantId, () => ({ passwordHash: 'scrypt$another' }), {
      action: 'updated',
      by,
      now: new Date(),
    });
    expect(reset?.credentialsVersion).toBe(1);
    expect((await getTenant(tenantId))?.credentialsVersion).toBe(1);
    const items = await changesOf('tenant', tenantId);
    expect(items.map((c) => c.action)).toEqual(['created', 'updated', 'updated']);
    const fields = items.flatMap((c) => c.fields);
    expect(fields.find((f) => f.field === 'tenantFirstName' && f.new !== undefined)?.new).toBe('***');
    expect(fields.find((f) => f.field === 'passwordHash')?.new).toBe('***');
  });

  it('is conditioned on the version read: a rival write in between fails it, and nothing of it is written', async () => {
    const tenantId = await newTenant();
    const stale = await getStoredTenant(tenantId);
    if (!stale) throw new Error('no tenant');
    await changeTenant(tenantId, () => ({ tenantLastName: 'First' }), {
      action: 'updated',
      by,
      now: new Date(),
    });
    const late = tenantChangeParts(
      stale,
      { tenantLastName: 'Second' },
      { action: 'updated', by, now: new Date() },
    );
    const failed = await commit(late.parts).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TransactionFailed);
    expect((failed as InstanceType<typeof TransactionFailed>).conditionFailed(late.updateLabel)).toBe(true);
    expect((await getTenant(tenantId))?.tenantLastName).toBe('First');
    expect((await changesOf('tenant', tenantId)).length).toBe(2);
  });

  it('answers undefined for a tenant that does not exist, and writes nothing', async () => {
    const missing = await nextId('tenant');
    expect(
      await changeTenant(missing, () => ({ isActive: 0 }), { action: 'updated', by, now: new Date() }),
    ).toBe(undefined);
    expect(await changesOf('tenant', missing)).toEqual([]);
  });
});

describe("the login's rehash", () => {
  it('is audited and keeps the sessions (the same password)', async () => {
    const tenantId = await newTenant();
    const before = await getTenant(tenantId);
    if (!before) throw new Error('no tenant');
    const after = await rehashPassword(tenantId, before.passwordHash, 'scrypt$stronger', by, new Date());
    expect(after?.passwordHash).toBe('scrypt$stronger');
    expect(after?.credentialsVersion).toBeUndefined();
    const last = (await changesOf('tenant', tenantId)).at(-1);
    expect(last?.action).toBe('passwordRehashed');
    expect(last?.fields).toContainEqual({ field: 'passwordHash', old: '***', new: '***' });
    expect(last?.fields.map((f) => f.field)).not.toContain('credentialsVersion');
  });

  it('never undoes a password changed since the login read the tenant', async () => {
    const tenantId = await newTenant();
    const read = await getTenant(tenantId);
    if (!read) throw new Error('no tenant');
    await changeTenant(tenantId, () => ({ passwordHash: 'scrypt$reset-by-admin' }), {
      action: 'updated',
      by,
      now: new Date(),
    });
    await rehashPassword(tenantId, read.passwordHash, 'scrypt$of-the-old-password', by, new Date());
    expect((await getTenant(tenantId))?.passwordHash).toBe('scrypt$reset-by-admin');
    expect((await changesOf('tenant', tenantId)).map((c) => c.action)).toEqual(['created', 'updated']);
  });
});

describe('activation', () => {
  it('activates once, removes the hash, moves the credentials version and leaves a change item', async () => {
    const email = uniqueEmail('activate');
    const tokenHash = `owner-test-${Date.now()}`;
    const registered = await registerTenantAccount(
      { tenantEmail: email, tenantFirstName: 'Ada', tenantLastName: 'Active', password: 'a-good-password' },
      { tokenHash, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      new Date(),
      { actor: 'guest:10.0.0.1', requestId: 'r' },
    );
    const tenantId = registered.record.tenantId;
    const clicks = await Promise.all([
      activateAccount(tokenHash, tenantId, by, new Date()),
      activateAccount(tokenHash, tenantId, by, new Date()),
    ]);
    expect(clicks.filter(Boolean)).toHaveLength(1);
    const active = await getTenant(tenantId);
    expect(active).toMatchObject({ isActive: 1, credentialsVersion: 1 });
    expect(active?.activationHash).toBeUndefined();
    expect((await changesOf('tenant', tenantId)).map((c) => c.action)).toEqual(['registered', 'activated']);
  });

  it("refuses a replaced registration's earlier token", async () => {
    const email = uniqueEmail('activate-old');
    const guest = { actor: 'guest:10.0.0.1', requestId: 'r' } as const;
    const input = {
      tenantEmail: email,
      tenantFirstName: 'Ada',
      tenantLastName: 'Again',
      password: 'a-good-password',
    };
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const first = await registerTenantAccount(
      input,
      { tokenHash: `old-${email}`, expiresAt },
      new Date(),
      guest,
    );
    await registerTenantAccount(input, { tokenHash: `new-${email}`, expiresAt }, new Date(), guest);
    expect(await activateAccount(`old-${email}`, first.record.tenantId, by, new Date())).toBe(false);
    expect((await getTenant(first.record.tenantId))?.isActive).toBe(0);
  });
});

describe('a fixture tenant (loaded without announcing)', () => {
  it("is inserted with its e-mail guard, and a reload never takes another tenant's address", async () => {
    const [mine, theirs] = [uniqueEmail('fixture-mine'), uniqueEmail('fixture-theirs')];
    const [myId, theirId] = [await nextId('tenant'), await nextId('tenant')];
    await loadFixtureTenant(account(mine), myId, new Date());
    await loadFixtureTenant(account(theirs), theirId, new Date());
    expect(await tenantIdByEmail(mine)).toBe(myId);

    await expect(loadFixtureTenant(account(theirs), myId, new Date())).rejects.toThrow(/already exists/);
    expect(await tenantIdByEmail(theirs)).toBe(theirId);
    expect((await getTenant(myId))?.tenantEmail).toBe(mine);
    expect(await changesOf('tenant', myId)).toEqual([]);
  });

  it('a reload with a new address moves the guard and ends the sessions', async () => {
    const [before, after] = [uniqueEmail('fixture-before'), uniqueEmail('fixture-after')];
    const tenantId = await nextId('tenant');
    await loadFixtureTenant(account(before), tenantId, new Date());
    await loadFixtureTenant(account(after), tenantId, new Date());
    expect(await tenantIdByEmail(after)).toBe(tenantId);
    expect(await tenantIdByEmail(before)).toBeUndefined();
    expect((await getTenant(tenantId))?.credentialsVersion).toBe(1);
  });
});
