/**
 * The recent settings of the public booking reads (this file's own table): answered from this instance for at
 * most RECENT_SETTINGS_MAX_AGE_MS, read again after that, and dropped by a write through the repository.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from '../../test/support/in-process.js';

useLocalTable();
let repo: typeof import('./settings-repo.js');
let client: typeof import('../db/client.js');
let keys: typeof import('../db/keys.js');

beforeAll(async () => {
  repo = await import('./settings-repo.js');
  client = await import('../db/client.js');
  keys = await import('../db/keys.js');
});

/** A change made elsewhere (another Lambda): straight to the table, not through this instance's repository. */
const changeElsewhere = (currency: string) =>
  client.ddb.send(
    new UpdateCommand({
      TableName: client.TABLE_NAME,
      Key: keys.keys.settings(),
      UpdateExpression: 'SET paymentCurrency = :c',
      ExpressionAttributeValues: { ':c': currency },
    }),
  );

describe('recent settings', () => {
  it('are read once per max age; a change elsewhere shows after it, a write through the repo at once', async () => {
    await repo.updateSettings({ paymentCurrency: 'USD' });
    const t0 = 1_000_000;
    expect((await repo.getRecentSettings(t0)).paymentCurrency).toBe('USD');
    await changeElsewhere('EUR');
    expect((await repo.getRecentSettings(t0 + repo.RECENT_SETTINGS_MAX_AGE_MS - 1)).paymentCurrency).toBe(
      'USD',
    );
    expect((await repo.getRecentSettings(t0 + repo.RECENT_SETTINGS_MAX_AGE_MS)).paymentCurrency).toBe('EUR');
    await repo.updateSettings({ paymentCurrency: 'GBP' });
    expect((await repo.getRecentSettings(t0 + repo.RECENT_SETTINGS_MAX_AGE_MS + 1)).paymentCurrency).toBe(
      'GBP',
    );
    expect((await repo.getSettings()).paymentCurrency).toBe('GBP');
  });
});
