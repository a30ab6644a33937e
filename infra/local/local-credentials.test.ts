import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptSharedDatabase, newStoreDatabase } from './local-credentials.js';

describe('the store’s DynamoDB Local database', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rental-pm-keys-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is a random key of letters and digits (what DynamoDB Local takes), new for each store', () => {
    const key = newStoreDatabase();
    expect(key).toMatch(/^store[0-9a-f]{32}$/);
    expect(newStoreDatabase()).not.toBe(key);
  });

  it('adopts the shared database of a store kept before, once, and never overwrites its own', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'shared-local-instance.db'), 'old tables');
    adoptSharedDatabase(dir, 'storeabc');
    expect(readFileSync(join(dir, 'storeabc_us-east-1.db'), 'utf8')).toBe('old tables');
    expect(existsSync(join(dir, 'shared-local-instance.db'))).toBe(false);

    writeFileSync(join(dir, 'shared-local-instance.db'), 'a stray copy');
    adoptSharedDatabase(dir, 'storeabc');
    expect(readFileSync(join(dir, 'storeabc_us-east-1.db'), 'utf8')).toBe('old tables');
  });

  it('does nothing for a new store', () => {
    const dir = newDir();
    adoptSharedDatabase(dir, 'storeabc');
    expect(existsSync(join(dir, 'storeabc_us-east-1.db'))).toBe(false);
  });
});
