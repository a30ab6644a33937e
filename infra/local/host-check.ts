/**
 * The local servers answer only to the names a developer's own browser and tools use for them
 * (docs/local-runtime.md "Who can reach it", "DNS rebinding"). A web page on another site can point its own
 * name at 127.0.0.1 once the browser has loaded it (DNS rebinding): its scripts then call this machine as
 * their own origin, with no CORS in the way, and could run jobs, read the mail store or pay invoices through
 * the Stripe stand-in. What gives them away is the `Host` header, which names the page's site, not this
 * machine. So every local server refuses a `Host` other than a loopback name or address (`localhost`,
 * `*.localhost`, 127.0.0.0/8, `[::1]`, any port) with 421 Misdirected Request (RFC 9110 section 15.5.20: this
 * server does not answer for that name) as problem+json; opened with HOST (not a loopback address), also
 * the machine's own addresses and its host name, which the network's callers use. A request without `Host`
 * (HTTP/1.0) comes from no browser and passes.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { AppError } from '../../shared/errors.js';
import { toProblem } from '../../shared/http/problem.js';

/** Where the runtime listens unless HOST opens it (docs/local-runtime.md "Who can reach it"). */
export const LOOPBACK = '127.0.0.1';

export class MisdirectedRequest extends AppError {
  constructor(host: string) {
    super(
      421,
      'Misdirected Request',
      `This local server answers to localhost, 127.0.0.1 and [::1] (and, opened with HOST, to the machine's own addresses), not to ${JSON.stringify(host.slice(0, 100))}: a page of another site that points its name at this machine cannot drive it`,
    );
  }
}

/** The name in a Host header, lower-cased, without its port or a final dot; undefined when it is malformed. */
export function hostName(host: string): string | undefined {
  const value = host.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6 ? bracketed[1] : undefined;
  const named = /^([a-z0-9.-]+?)\.?(?::\d{1,5})?$/.exec(value);
  return named?.[1] || undefined;
}

/** localhost and its subdomains (RFC 6761 section 6.3), 127.0.0.0/8 and ::1. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.split('.')[0] === '127';
  return name === '::1';
}

/** Whether the runtime listens on more than the loopback address (HOST=0.0.0.0, ::, or a LAN address). */
const opened = (listenHost: string) => !isLoopbackName(listenHost);

/** The machine's own addresses and host name: what a caller on the network opens an opened runtime at. */
function ownNames(listenHost: string): Set<string> {
  const names = new Set([listenHost, hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) names.add(address.address.toLowerCase());
  return names;
}

/** Whether a server listening on `listenHost` answers a request with this Host header. */
export function hostAllowed(host: string | undefined, listenHost: string): boolean {
  if (host === undefined) return true;
  const name = hostName(host);
  if (name === undefined) return false;
  if (isLoopbackName(name)) return true;
  // The machine's interfaces are read when asked: an address the network gave since the start counts too.
  return opened(listenHost) && ownNames(listenHost).has(name);
}

/** Throws the 421 for a Host the server does not answer to (a server that renders its own errors). */
export function checkHost(req: IncomingMessage, listenHost: string): void {
  const host = req.headers.host;
  if (!hostAllowed(host, listenHost)) throw new MisdirectedRequest(host ?? '');
}

/** Answers the 421 problem and returns true for a Host the server does not answer to; else false. */
export function refusedHost(req: IncomingMessage, res: ServerResponse, listenHost: string): boolean {
  const host = req.headers.host;
  if (hostAllowed(host, listenHost)) return false;
  const problem = toProblem(new MisdirectedRequest(host ?? ''), randomUUID(), (req.url ?? '/').split('?')[0]);
  req.resume();
  res.writeHead(problem.statusCode, problem.headers as Record<string, string>);
  res.end(problem.body);
  return true;
}
