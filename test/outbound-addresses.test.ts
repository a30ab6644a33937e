/**
 * The outbound address rule (shared/net/address-policy.ts) over one table of address forms, each refused or
 * allowed (public; loopback, which only the local runtime allows — this runtime is local, LOCAL_RUNTIME=1):
 * - directly: the URL check with and without loopback, the safe fetch of each refused form, a webhook
 *   subscription (POST adminWebhooks subscriptions.json → 400 on `url`) and an iCal feed (POST adminIcal
 *   feeds.json → 400) with each form as its host;
 * - through a redirect: a server on 127.0.0.1 answers 302 to each form; the safe fetch and an iCal feed's sync
 *   must refuse at the redirect (the feed says so in `lastError`), and follow the loopback forms. Public forms
 *   are left out of the redirect runs: following them would leave the machine. Webhook sends follow no
 *   redirect at all (test/webhook-delivery.test.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, SafeFetchError, safeFetch } from '../shared/net/safe-fetch.js';
import { createVrProperty } from './support/builders.js';
import { type Client, problem, signedIn } from './support/client.js';

type Expected = 'refused' | 'public' | 'loopback';

/** URL host → what the rule must say. Each form's comment says what it is. */
const FORMS: [string, Expected][] = [
  // IPv4, dotted and the other spellings WHATWG URL (and getaddrinfo) read as numbers.
  ['169.254.169.254', 'refused'], // link-local: cloud metadata
  ['2852039166', 'refused'], // 169.254.169.254 in decimal
  ['0251.0376.0251.0376', 'refused'], // … in octal
  ['0xa9.0xfe.0xa9.0xfe', 'refused'], // … in hex
  ['0xa9fea9fe', 'refused'], // … one hex number
  ['169.254.43518', 'refused'], // … two parts
  ['10.0.0.1', 'refused'], // private
  ['172.16.0.1', 'refused'],
  ['192.168.1.1', 'refused'],
  ['100.64.0.1', 'refused'], // carrier-grade NAT
  ['0.0.0.0', 'refused'], // unspecified (connects to this host)
  ['0', 'refused'], // 0.0.0.0
  ['255.255.255.255', 'refused'], // broadcast
  ['224.0.0.1', 'refused'], // multicast
  ['192.0.0.1', 'refused'], // IETF protocol assignments
  ['192.0.2.1', 'refused'], // documentation (TEST-NET-1)
  ['198.51.100.1', 'refused'], // documentation (TEST-NET-2)
  ['203.0.113.1', 'refused'], // documentation (TEST-NET-3)
  ['198.18.0.1', 'refused'], // benchmarking
  ['240.0.0.1', 'refused'], // reserved
  ['93.184.216.34', 'public'],
  ['8.8.8.8', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.1', 'loopback'],
  ['2130706433', 'loopback'], // 127.0.0.1 in decimal
  ['0x7f.0.0.1', 'loopback'],
  ['localhost', 'loopback'], // a name: resolved, every address checked
  // IPv6.
  ['[::]', 'refused'], // unspecified
  ['[::a9fe:a9fe]', 'refused'], // IPv4-compatible (deprecated) 169.254.169.254
  ['[::169.254.169.254]', 'refused'],
  ['[::10.0.0.1]', 'refused'],
  ['[::8.8.8.8]', 'refused'], // IPv4-compatible, even of a public address
  ['[::ffff:169.254.169.254]', 'refused'], // IPv4-mapped: judged as its IPv4
  ['[::ffff:10.0.0.1]', 'refused'],
  ['[::ffff:0.0.0.0]', 'refused'],
  ['[::ffff:0:a9fe:a9fe]', 'refused'], // IPv4-translated (RFC 6145)
  ['[64:ff9b::a9fe:a9fe]', 'refused'], // NAT64 well-known prefix: judged as its IPv4
  ['[64:ff9b::10.0.0.1]', 'refused'],
  ['[64:ff9b::127.0.0.1]', 'refused'], // the translator's loopback, not ours
  ['[64:ff9b:1::a9fe:a9fe]', 'refused'], // NAT64 local-use prefix: refused whatever it carries
  ['[64:ff9b:1::5db8:d822]', 'refused'],
  ['[2002:a9fe:a9fe::1]', 'refused'], // 6to4: refused whatever it carries
  ['[2002:5db8:d822::1]', 'refused'],
  ['[2001:0:a9fe:a9fe::1]', 'refused'], // Teredo: refused whatever it carries
  ['[2001:0:5db8:d822::1]', 'refused'],
  ['[fe80::1]', 'refused'], // link-local
  ['[fd00::1]', 'refused'], // unique local
  ['[fec0::1]', 'refused'], // site-local (deprecated)
  ['[ff02::1]', 'refused'], // multicast
  ['[100::1]', 'refused'], // discard
  ['[2001:db8::1]', 'refused'], // documentation
  ['[3fff::1]', 'refused'], // documentation
  ['[2001:2::1]', 'refused'], // benchmarking
  ['[5f00::1]', 'refused'], // segment routing
  ['[4000::1]', 'refused'], // outside 2000::/3 (unassigned)
  ['[::1:2:3:4]', 'refused'], // reserved ::/8
  ['[2606:4700::1111]', 'public'],
  ['[::ffff:93.184.216.34]', 'public'], // IPv4-mapped public: the same connection as the IPv4
  ['[64:ff9b::93.184.216.34]', 'public'], // a public IPv4 behind a DNS64/NAT64 network
  ['[::1]', 'loopback'],
  ['[::ffff:127.0.0.1]', 'loopback'],
];

const refused = FORMS.filter(([, expected]) => expected === 'refused').map(([host]) => host);
const loopback = FORMS.filter(([, expected]) => expected === 'loopback').map(([host]) => host);

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no failure';
  } catch (error) {
    if (error instanceof SafeFetchError) return error.failure;
    throw error;
  }
}

let server: Server;
let server6: Server;
let port: number;
let origin: string;
const emptyCalendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n';

/** `/to/<url-encoded target>` redirects there; `/feed.ics` answers a calendar without events. */
function route(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  if (path.startsWith('/to/'))
    return void response.writeHead(302, { location: decodeURIComponent(path.slice(4)) }).end();
  if (path === '/feed.ics')
    return void response.writeHead(200, { 'content-type': 'text/calendar' }).end(emptyCalendar);
  response.writeHead(404).end();
}
const redirectTo = (host: string) => `${origin}/to/${encodeURIComponent(`http://${host}:${port}/feed.ics`)}`;

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  // The same port on ::1, so the IPv6 loopback forms reach a server too.
  server6 = createServer(route);
  await new Promise<void>((resolve) => server6.listen(port, '::1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => server6.close(() => resolve()));
});

describe('the rule, without the API', () => {
  it.each(FORMS)('%s is %s (URL check; loopback only when allowed)', async (host, expected) => {
    const url = `https://${host}/x`;
    const cloud = await checkOutboundUrl(url, { allowLoopback: false });
    const local = await checkOutboundUrl(url, { allowLoopback: true });
    expect(cloud.ok, url).toBe(expected === 'public');
    expect(local.ok, url).toBe(expected !== 'refused');
  });

  it('the safe fetch refuses every refused form before connecting', async () => {
    for (const host of refused) {
      expect(
        await failureOf(safeFetch(`http://${host}:${port}/feed.ics`, { allowLoopback: true })),
        host,
      ).toBe('blocked_address');
    }
  });

  it('the safe fetch refuses a redirect to every refused form, and follows the loopback ones', async () => {
    for (const host of refused) {
      expect(await failureOf(safeFetch(redirectTo(host), { allowLoopback: true })), host).toBe(
        'blocked_address',
      );
    }
    for (const host of loopback) {
      const answer = await safeFetch(redirectTo(host), { allowLoopback: true });
      expect(answer.status, host).toBe(200);
      expect(await failureOf(safeFetch(redirectTo(host), { allowLoopback: false })), host).toBe(
        'blocked_address',
      );
    }
  });
});

describe('over the API', () => {
  let admin: Client;
  let propertyId: number;
  beforeAll(async () => {
    admin = await signedIn('super');
    propertyId = await createVrProperty({ units: 1 });
  });

  it('webhook subscriptions: each refused form is a 400 on url, the others are subscribed', async () => {
    for (const [host, expected] of FORMS) {
      const url = `https://${host}/hook`;
      // An event type nothing in this file announces: a subscription made here is never sent to.
      const res = await admin.post('/API/adminWebhooks/V1/subscriptions.json', {
        url,
        events: ['invoice.disputed'],
      });
      if (expected === 'refused') {
        expect(res.status, url).toBe(400);
        expect(problem(res).errors?.[0]?.field, url).toBe('url');
      } else {
        expect(res.status, `${url}: ${res.text}`).toBe(201);
        const id = (res.body as { subscriptionId: number }).subscriptionId;
        expect((await admin.delete(`/API/adminWebhooks/V1/subscriptions/${id}.json`)).status).toBe(200);
      }
    }
  });

  it('iCal feeds: each refused form is a 400 on url, the others are registered', async () => {
    for (const [host, expected] of FORMS) {
      const url = `https://${host}/feed.ics`;
      const res = await admin.post('/API/adminIcal/V1/feeds.json', { propertyId, url, name: 'forms' });
      if (expected === 'refused') {
        expect(res.status, url).toBe(400);
        expect(problem(res).errors?.[0]?.field, url).toBe('url');
      } else {
        expect(res.status, `${url}: ${res.text}`).toBe(201);
        const id = res.body.feedId as number;
        expect((await admin.delete(`/API/adminIcal/V1/feeds/${id}.json`)).status).toBe(200);
      }
    }
  });

  it('iCal feeds: a feed that redirects to a refused form is refused at the redirect', async () => {
    for (const host of [...refused, ...loopback]) {
      const url = redirectTo(host);
      const created = await admin.post('/API/adminIcal/V1/feeds.json', { propertyId, url, name: 'redirect' });
      expect(created.status, created.text).toBe(201);
      const feedId = created.body.feedId as number;
      const synced = await admin.post(`/API/adminIcal/V1/feeds/${feedId}/sync.json`);
      expect(synced.status, synced.text).toBe(200);
      expect(synced.body.health, host).toBe('unhealthy');
      // Refused at the redirect; a loopback form is followed and reads the (empty) calendar.
      expect(synced.body.lastError, host).toBe(
        refused.includes(host)
          ? 'refused: the address is not allowed (private or reserved)'
          : 'no events: the feed has no events, nothing was changed',
      );
      const read = await admin.get(`/API/adminIcal/V1/feeds/${feedId}.json`);
      expect(read.body.lastError).toBe(synced.body.lastError);
      expect((await admin.delete(`/API/adminIcal/V1/feeds/${feedId}.json`)).status).toBe(200);
    }
  });
});
