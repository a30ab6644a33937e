/**
 * The conflicts' owner against DynamoDB Local (this file's own table): a conflict is written and announced once
 * per stay (the same open one again writes nothing, another stay of the same reference starts it again), what
 * must hold with it commits with it, and only an open conflict is resolved, once.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../../test/support/changes.js';
import { unique } from '../../../test/support/client.js';
import { useLocalTable } from '../../../test/support/in-process.js';
import { rawTable, TABLE } from '../../../test/support/table.js';

useLocalTable();
const {
  conflictIdOf,
  conflictResolvedMeanwhile,
  overbookingConflictParts,
  recordConflict,
  resolveConflicts,
} = await import('./index.js');
const { getConflict } = await import('../../data/conflicts-repo.js');
const { commit, part } = await import('../../db/transaction.js');

const by = { actor: 'system:channel', requestId: 'conflicts-owner-test' } as const;
const stay = (reference: string, dateFrom = '2030-03-01', dateTo = '2030-03-04') => ({
  source: 'channel' as const,
  reference,
  propertyId: 12,
  dateFrom,
  dateTo,
  detail: 'a night is fully booked',
});
const of = { event: 'channel.conflict', by, now: new Date() };

describe('recordConflict', () => {
  it('writes and announces a conflict once per stay; another stay of the same reference is recorded again', async () => {
    const reference = unique('airbnb#HM').replace(' ', '');
    const id = conflictIdOf('channel', reference);
    expect(await recordConflict(stay(reference), of)).toBe('recorded');
    expect(await recordConflict(stay(reference), of)).toBe('alreadyOpen');
    expect((await changesOf('conflict', id)).length).toBe(1);
    expect(await recordConflict(stay(reference, '2030-03-02'), of)).toBe('recorded');
    expect(await getConflict(id)).toMatchObject({ status: 'open', dateFrom: '2030-03-02' });
    expect((await changesOf('conflict', id)).length).toBe(2);
  });

  it('commits what must hold with it, and writes only the given parts when the same one is open', async () => {
    const reference = unique('feed#uid').replace(' ', '');
    const id = conflictIdOf('channel', reference);
    const failing = part.check(
      'check:missing',
      { PK: 'NOTHING#here', SK: 'NOTHING' },
      'attribute_exists(PK)',
    );
    await expect(recordConflict(stay(reference), { ...of, with: [failing] })).rejects.toThrow();
    expect(await getConflict(id)).toBeUndefined();

    await recordConflict(stay(reference), of);
    const marker = { PK: `MARKER#${reference}`, SK: 'MARKER', entity: 'marker' };
    expect(
      await recordConflict(stay(reference), { ...of, whenAlreadyOpen: [part.put('put:marker', marker)] }),
    ).toBe('alreadyOpen');
    const written = await rawTable.send(
      new GetCommand({ TableName: TABLE, Key: { PK: marker.PK, SK: marker.SK } }),
    );
    expect(written.Item?.entity).toBe('marker');
    expect((await changesOf('conflict', id)).length).toBe(1);
  });
});

describe('resolveConflicts', () => {
  it('resolves only open conflicts, once: a second resolution of the same read fails as resolved meanwhile', async () => {
    const reference = unique('airbnb#HM').replace(' ', '');
    const id = conflictIdOf('channel', reference);
    expect(await resolveConflicts([id], by, new Date())).toEqual([]);
    await recordConflict(stay(reference), of);
    const [first, second] = await Promise.all([
      resolveConflicts([id], by, new Date()),
      resolveConflicts([id], by, new Date()),
    ]);
    await commit(first ?? []);
    const failed = await commit(second ?? []).catch((error: unknown) => error);
    expect(conflictResolvedMeanwhile(failed)).toBe(true);
    expect(await getConflict(id)).toMatchObject({ status: 'resolved' });
    expect(await resolveConflicts([id], by, new Date())).toEqual([]);
  });

  it("records an overbooking's conflict as parts of its reservation's transaction, without an event", async () => {
    const reference = String(Math.floor(Math.random() * 1e9));
    const input = { ...stay(reference), source: 'overbooking' as const };
    await commit(overbookingConflictParts(input, by, new Date()));
    const [change] = await changesOf('conflict', conflictIdOf('overbooking', reference));
    expect(change).toMatchObject({ action: 'created' });
    expect((change as unknown as { event?: string }).event).toBeUndefined();
  });
});
