/**
 * A handler's answer is typed from its contract (route.ts ReplyOf). Most of these checks are the compiler's:
 * `tsc --noEmit` fails when a `@ts-expect-error` line compiles (the answer it marks was accepted) or an
 * `expectTypeOf` does not hold; vitest then runs what compiled.
 */
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as auth from '../../functions/auth/routes.js';
import { bind, defineRoute, type ReplyOf } from './route.js';

const base = {
  group: 'example',
  method: 'GET',
  path: '/API/example/V1/thing.json',
  summary: 'An example',
  auth: { kind: 'public' },
} as const;

const thing = defineRoute({
  ...base,
  id: 'example.thing',
  response: v.object({
    id: v.number(),
    name: v.string(),
    tags: v.array(v.string()),
    note: v.optional(v.string()),
    // What is sent is the schema's input: a string here, whatever a client's transform makes of it.
    amount: v.pipe(v.string(), v.transform(Number)),
  }),
});
const feed = defineRoute({
  ...base,
  id: 'example.feed',
  textResponse: 'text/calendar; charset=utf-8',
  response: v.string(),
});
const pdf = defineRoute({ ...base, id: 'example.pdf', binaryResponse: 'application/pdf' });
const open = defineRoute({ ...base, id: 'example.open' });

const answer = { id: 1, name: 'A', tags: ['x'], amount: '2.50' };
const input = {} as never;

describe('a handler answers what its contract documents', () => {
  it('types a JSON route’s body from the response schema’s input', async () => {
    expectTypeOf<ReplyOf<typeof thing>['body']>().toEqualTypeOf<{
      readonly id: number;
      readonly name: string;
      readonly tags: readonly string[];
      readonly note?: string | undefined;
      readonly amount: string;
    }>();
    const bound = bind(thing, async () => ({ body: answer, status: 201, cookies: ['a=b'] }));
    expect(await bound.handle(input)).toEqual({ body: answer, status: 201, cookies: ['a=b'] });
  });

  it('does not compile a handler that forgets a required field or mistypes one', () => {
    const { name: _forgotten, ...withoutName } = answer;
    // @ts-expect-error `name` is required by the response schema
    bind(thing, async () => ({ body: withoutName }));
    // @ts-expect-error `id` is a number
    bind(thing, async () => ({ body: { ...answer, id: '1' } }));
    // @ts-expect-error `amount` is sent as the string the schema reads, not the number it makes of it
    bind(thing, async () => ({ body: { ...answer, amount: 2.5 } }));
    // @ts-expect-error a JSON route answers a body
    bind(thing, async () => ({ status: 200 }));
    // @ts-expect-error a JSON route does not answer text
    bind(thing, async () => ({ body: answer, text: 'x' }));
  });

  it('holds for the real contracts: an admin identity without adminId does not compile', () => {
    const session = { adminAPIKey: 'k', role: 'landlord', expiresAt: '2027-01-01T00:00:00.000Z' };
    const identity = { adminFirstName: 'A', adminLastName: 'B', adminRole: '1', superuser: '0' };
    // @ts-expect-error adminId is a required field of auth.currentUser's response
    bind(auth.currentUser, async () => ({ body: { ...identity, ...session } }));
    bind(auth.currentUser, async () => ({ body: { adminId: 7, ...identity, ...session } }));
  });

  it('types a text route’s answer as its text, without a body', async () => {
    expectTypeOf<ReplyOf<typeof feed>['text']>().toEqualTypeOf<string>();
    const bound = bind(feed, async () => ({
      text: 'BEGIN:VCALENDAR',
      headers: { 'Cache-Control': 'no-store' },
    }));
    expect(await bound.handle(input)).toMatchObject({ text: 'BEGIN:VCALENDAR' });
    // @ts-expect-error a text route answers text
    bind(feed, async () => ({ body: 'BEGIN:VCALENDAR' }));
  });

  it('types a binary route’s answer as its bytes, without a body or text', async () => {
    expectTypeOf<ReplyOf<typeof pdf>['bytes']>().toEqualTypeOf<Uint8Array>();
    const bytes = new Uint8Array([37, 80, 68, 70]);
    const bound = bind(pdf, async () => ({ bytes, headers: { 'Content-Disposition': 'inline' } }));
    expect(await bound.handle(input)).toMatchObject({ bytes });
    // @ts-expect-error a binary route answers bytes
    bind(pdf, async () => ({ body: { a: 1 } }));
    // @ts-expect-error a binary route answers bytes, not text
    bind(pdf, async () => ({ text: '%PDF' }));
  });

  it('leaves a route without a response schema open', () => {
    expectTypeOf<ReplyOf<typeof open>['body']>().toEqualTypeOf<unknown>();
    bind(open, async () => ({ body: { anything: [1, 'two'] } }));
    bind(open, async () => ({}));
  });
});
