/**
 * The archive rule under a race: a booking that lands between the archive's reservation check and its write
 * must make the write fail (the booking bumps the property's reservationSeq), so the property is never left
 * archived with a future reservation.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { StaleRecord } from '../shared/db/optimistic.js';
import { createVrProperty } from './support/builders.js';
import { unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
let repo: typeof import('../shared/data/properties-repo.js');

beforeAll(async () => {
  repo = await import('../shared/data/properties-repo.js');
});

describe('archive vs booking race', () => {
  it('an archive write conditioned on the reservationSeq it read fails when a booking bumped it in between', async () => {
    const id = await createVrProperty({ propertyName: unique('Race'), propertyRate: 1 });
    const read = await repo.getProperty(id);
    if (!read) throw new Error('property missing');

    // A booking transaction lands now: it bumps reservationSeq on the property item.
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `PROPERTY#${id}`, SK: 'PROPERTY' },
        UpdateExpression: 'ADD reservationSeq :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );

    await expect(
      repo.replaceProperty(
        read,
        { ...read.record, isArchived: 1 },
        { expectReservationSeq: read.reservationSeq },
      ),
    ).rejects.toBeInstanceOf(StaleRecord);
    expect((await repo.getProperty(id))?.record.isArchived).toBe(0);
  });

  it('without a booking in between the same write archives', async () => {
    const id = await createVrProperty({ propertyName: unique('Race'), propertyRate: 1 });
    const read = await repo.getProperty(id);
    if (!read) throw new Error('property missing');
    await repo.replaceProperty(
      read,
      { ...read.record, isArchived: 1 },
      { expectReservationSeq: read.reservationSeq },
    );
    expect((await repo.getProperty(id))?.record.isArchived).toBe(1);
  });
});
