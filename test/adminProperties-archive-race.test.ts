/**
 * The archive rule under a race: a booking that lands between the archive's reservation check and its write
 * must make the write fail (the booking bumps the property's reservationSeq), so the property is never left
 * archived with a future reservation.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '../shared/auth/session-types.js';
import { StaleRecord } from '../shared/db/optimistic.js';
import { adminActor } from '../shared/domain/change.js';
import { Conflict } from '../shared/errors.js';
import { createVrProperty } from './support/builders.js';
import { unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { rawTable, TABLE } from './support/table.js';

/**
 * The service's reservation check, with a hook that runs once right after the check answered: a booking that
 * lands between the archive's check and its write.
 */
const afterCheck = vi.hoisted(() => ({ once: undefined as (() => Promise<void>) | undefined }));
vi.mock('../shared/data/reservations-repo.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../shared/data/reservations-repo.js')>();
  return {
    ...actual,
    hasActiveFutureReservation: async (propertyId: number, today: string) => {
      const found = await actual.hasActiveFutureReservation(propertyId, today);
      const hook = afterCheck.once;
      afterCheck.once = undefined;
      await hook?.();
      return found;
    },
  };
});

useLocalTable();
let repo: typeof import('../shared/data/properties-repo.js');
let service: typeof import('../functions/adminProperties/service.js');

beforeAll(async () => {
  repo = await import('../shared/data/properties-repo.js');
  service = await import('../functions/adminProperties/service.js');
});

const SUPER: AdminSession = {
  kind: 'admin',
  adminId: 1,
  role: 'super_admin',
  roleCode: 0,
  username: 'test-super',
  firstName: 'Sue',
  lastName: 'Super',
  expiresAt: Number.MAX_SAFE_INTEGER,
};
const BY = adminActor(1, 'race-test');

/** A booking as the reservation slice will write it: the reservation item and the property's reservationSeq. */
async function book(propertyId: number, reservationId: number): Promise<void> {
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `RESERVATION#${reservationId}`,
        SK: 'RESERVATION',
        entity: 'reservation',
        reservationId,
        propertyId,
        dateFrom: '2099-06-01',
        dateTo: '2099-06-05',
        status: '1',
        GSI1PK: `PROPRES#${propertyId}`,
        GSI1SK: `2099-06-05#${String(reservationId).padStart(10, '0')}`,
      },
    }),
  );
  await rawTable.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { PK: `PROPERTY#${propertyId}`, SK: 'PROPERTY' },
      UpdateExpression: 'ADD reservationSeq :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

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

describe('archive by PUT isArchived=1 vs booking race', () => {
  it('a booking that lands after the check makes the PUT retry, see it and answer 409', async () => {
    const id = await createVrProperty({ propertyName: unique('Race PUT'), propertyRate: 1 });
    afterCheck.once = () => book(id, 910001);
    await expect(service.updateProperty(SUPER, id, { isArchived: 1 }, BY, new Date())).rejects.toBeInstanceOf(
      Conflict,
    );
    expect(afterCheck.once).toBeUndefined();
    expect((await repo.getProperty(id))?.record.isArchived).toBe(0);
  });

  it('the same race on DELETE answers 409 too', async () => {
    const id = await createVrProperty({ propertyName: unique('Race DELETE'), propertyRate: 1 });
    afterCheck.once = () => book(id, 910002);
    await expect(service.archiveProperty(SUPER, id, BY, new Date())).rejects.toBeInstanceOf(Conflict);
    expect((await repo.getProperty(id))?.record.isArchived).toBe(0);
  });

  it('without a booking in between the PUT archives', async () => {
    const id = await createVrProperty({ propertyName: unique('Race PUT'), propertyRate: 1 });
    const archived = await service.updateProperty(SUPER, id, { isArchived: 1 }, BY, new Date());
    expect(archived.isArchived).toBe(1);
    expect((await repo.getProperty(id))?.record.isArchived).toBe(1);
  });
});
