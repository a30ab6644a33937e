import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import { DecryptionFailed, decryptText, encryptText } from './field-cipher.js';
import { envKeySource, KMS_CONTEXT, kmsKeySource, type WrappedKeyStore } from './key-source.js';
import { DUMMY_HASH, hashPassword, needsRehash, parseHash, verifyPassword } from './password.js';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$8192\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('keeps the parameters with the hash, so hashes made with other costs still verify and can be upgraded', async () => {
    const cheap = await hashPassword('upgrade me', { N: 1024, r: 8, p: 1 });
    expect(parseHash(cheap)?.params).toEqual({ N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('upgrade me', cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(await hashPassword('current'))).toBe(false);
  });

  it('never verifies against the dummy hash or a malformed stored value', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
    for (const bad of [
      '',
      'plain',
      'scrypt$3$8$1$c2FsdA$aGFzaA',
      'scrypt$1048577$8$1$c2FsdHNhbHQ$AAAA',
      'bcrypt$x',
    ]) {
      expect(parseHash(bad)).toBeUndefined();
      expect(await verifyPassword('plain', bad)).toBe(false);
    }
  });

  it('costs about the same for an unknown e-mail (dummy hash) as for a real one', async () => {
    const real = await hashPassword('timing');
    const time = async (stored: string) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await verifyPassword('wrong', stored);
      return performance.now() - start;
    };
    await time(real);
    const [a, b] = [await time(real), await time(DUMMY_HASH)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(3);
  });
});

describe('field encryption (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips with a versioned format and a fresh IV per value', () => {
    const a = encryptText(key, '+1 555 0100', 'tenant:1:tenantPhone');
    const b = encryptText(key, '+1 555 0100', 'tenant:1:tenantPhone');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('555');
    expect(decryptText(key, a, 'tenant:1:tenantPhone')).toBe('+1 555 0100');
    expect(decryptText(key, encryptText(key, 'Zürich ✓', 'x'), 'x')).toBe('Zürich ✓');
  });

  it('refuses a wrong key, another record or field (AAD), tampering and unknown formats', () => {
    const sealed = encryptText(key, '742 Evergreen Terrace', 'tenant:7:tenantAddress');
    expect(() => decryptText(randomBytes(32), sealed, 'tenant:7:tenantAddress')).toThrow(DecryptionFailed);
    expect(() => decryptText(key, sealed, 'tenant:8:tenantAddress')).toThrow(DecryptionFailed);
    expect(() => decryptText(key, sealed, 'tenant:7:tenantPhone')).toThrow(DecryptionFailed);
    const blob = Buffer.from(sealed.slice(3), 'base64url');
    blob[20] = (blob[20] ?? 0) ^ 1;
    expect(() => decryptText(key, `v1:${blob.toString('base64url')}`, 'tenant:7:tenantAddress')).toThrow(
      DecryptionFailed,
    );
    expect(() => decryptText(key, 'v2:abc', 'x')).toThrow(DecryptionFailed);
    expect(() => decryptText(key, 'v1:abc', 'x')).toThrow(DecryptionFailed);
    expect(() => encryptText(randomBytes(16), 'x', 'x')).toThrow(/32 bytes/);
  });
});

describe('data key sources', () => {
  it('reads a base64 env key of 32 bytes and refuses anything else', async () => {
    const raw = randomBytes(32);
    expect(await envKeySource(raw.toString('base64')).dataKey()).toEqual(raw);
    expect(() => envKeySource(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  /** A fake KMS: "wraps" by prefixing, and records the calls. */
  function fakeKms() {
    const calls: string[] = [];
    const send = async (command: unknown) => {
      if (command instanceof GenerateDataKeyCommand) {
        calls.push('generate');
        expect(command.input.EncryptionContext).toEqual(KMS_CONTEXT);
        const plaintext = randomBytes(32);
        return { Plaintext: plaintext, CiphertextBlob: Buffer.concat([Buffer.from('wrapped:'), plaintext]) };
      }
      if (command instanceof DecryptCommand) {
        calls.push('decrypt');
        expect(command.input.EncryptionContext).toEqual(KMS_CONTEXT);
        return { Plaintext: Buffer.from(command.input.CiphertextBlob ?? []).subarray(8) };
      }
      throw new Error('unexpected command');
    };
    return { calls, kms: { send } as never };
  }

  function memoryStore(): WrappedKeyStore & { blob?: Uint8Array } {
    const store: WrappedKeyStore & { blob?: Uint8Array } = {
      load: async () => store.blob,
      saveIfAbsent: async (blob) => {
        if (store.blob) return false;
        store.blob = blob;
        return true;
      },
    };
    return store;
  }

  it('generates the data key once, stores only its wrapped form, and unwraps it at the next cold start', async () => {
    const store = memoryStore();
    const first = fakeKms();
    const key = await kmsKeySource('alias/test', store, first.kms).dataKey();
    expect(first.calls).toEqual(['generate']);
    expect(Buffer.from(store.blob ?? []).includes(Buffer.from('wrapped:'))).toBe(true);

    const coldStart = fakeKms();
    const source = kmsKeySource('alias/test', store, coldStart.kms);
    expect(await source.dataKey()).toEqual(key);
    expect(await source.dataKey()).toEqual(key);
    expect(coldStart.calls).toEqual(['decrypt']);
  });

  it('uses the stored key when another instance created one first', async () => {
    const store = memoryStore();
    const winner = await kmsKeySource('k', store, fakeKms().kms).dataKey();
    const racing: WrappedKeyStore = {
      load: (() => {
        let calls = 0;
        return async () => (calls++ === 0 ? undefined : store.blob);
      })(),
      saveIfAbsent: store.saveIfAbsent,
    };
    expect(await kmsKeySource('k', racing, fakeKms().kms).dataKey()).toEqual(winner);
  });

  it('retries after a failed cold start instead of caching the failure', async () => {
    const store = memoryStore();
    let fail = true;
    const { kms } = fakeKms();
    const flaky = {
      send: async (c: unknown) => {
        if (fail) throw new Error('throttled');
        return (kms as { send: (c: unknown) => Promise<unknown> }).send(c);
      },
    } as never;
    const source = kmsKeySource('k', store, flaky);
    await expect(source.dataKey()).rejects.toThrow('throttled');
    fail = false;
    expect((await source.dataKey()).length).toBe(32);
  });
});
