import { describe, expect, it } from 'vitest';
import { appended, ifAbsent, updateParts } from './update-expression.js';

describe('updateParts', () => {
  it('builds SET, REMOVE and ADD with every name and value behind a placeholder', () => {
    expect(
      updateParts({ set: { status: 'sent', n: 1 }, remove: ['lastError'], add: { version: 1 } }),
    ).toEqual({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 REMOVE #u2 ADD #u3 :u2',
      ExpressionAttributeNames: { '#u0': 'status', '#u1': 'n', '#u2': 'lastError', '#u3': 'version' },
      ExpressionAttributeValues: { ':u0': 'sent', ':u1': 1, ':u2': 1 },
    });
  });

  it('leaves an undefined value out (the attribute stays as it is) and keeps null as a value', () => {
    expect(updateParts({ set: { a: undefined, b: null } })).toEqual({
      UpdateExpression: 'SET #u0 = :u0',
      ExpressionAttributeNames: { '#u0': 'b' },
      ExpressionAttributeValues: { ':u0': null },
    });
  });

  it('writes if_not_exists and list_append operands on the attribute itself', () => {
    expect(updateParts({ set: { createdAt: ifAbsent('t'), attempts: appended([{ ok: true }]) } })).toEqual({
      UpdateExpression: 'SET #u0 = if_not_exists(#u0, :u0), #u1 = list_append(#u1, :u1)',
      ExpressionAttributeNames: { '#u0': 'createdAt', '#u1': 'attempts' },
      ExpressionAttributeValues: { ':u0': 't', ':u1': [{ ok: true }] },
    });
  });

  it('puts a condition’s own placeholders beside the update’s, and refuses one that collides', () => {
    expect(
      updateParts(
        { add: { uses: 1 } },
        { expression: '#s = :pending', names: { '#s': 'status' }, values: { ':pending': 'pending' } },
      ),
    ).toEqual({
      UpdateExpression: 'ADD #u0 :u0',
      ConditionExpression: '#s = :pending',
      ExpressionAttributeNames: { '#u0': 'uses', '#s': 'status' },
      ExpressionAttributeValues: { ':u0': 1, ':pending': 'pending' },
    });
    expect(() => updateParts({ set: { a: 1 } }, { expression: 'b = :u0', values: { ':u0': 2 } })).toThrow(
      /placeholder :u0/,
    );
  });

  it('refuses an update that writes nothing (DynamoDB refuses an empty expression)', () => {
    expect(() => updateParts({ set: { a: undefined } })).toThrow(/set, remove or add/);
  });
});
