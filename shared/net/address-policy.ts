/**
 * Which network addresses an outbound request (iCal feed, webhook target) may reach: global unicast only
 * (docs/ical.md "Outbound fetches" has the table). Loopback is allowed only when the runtime is local
 * (LOCAL_RUNTIME=1, set by infra/local/stand-ins.ts setLocalEnv), so a developer can point a feed or a webhook
 * at a server on the laptop.
 *
 * ipaddr.js names the special ranges (private, loopback, link-local — cloud metadata 169.254.169.254 is
 * link-local —, carrier-grade NAT, multicast, reserved, documentation, benchmarking, unique local, 6to4,
 * Teredo …); its `unicast` is "none of those", which is not the same as global: for IPv6 it includes the
 * IPv4-compatible ::/96 (`::a9fe:a9fe` is 169.254.169.254 written the deprecated way) and unassigned space.
 * So the checks beyond its range names:
 * - IPv6 is public only inside 2000::/3 (the global unicast space IANA allocates from);
 * - IPv4-mapped (::ffff:0:0/96) is judged as the IPv4 it carries (a dual-stack socket connects to that IPv4);
 * - NAT64 with the well-known prefix (64:ff9b::/96) is judged as the IPv4 it carries, so a public address
 *   behind a DNS64 resolver still works and 64:ff9b::10.0.0.1 (the NAT64 would connect to our 10.0.0.1) does
 *   not; loopback behind it is refused even locally (it is the translator's loopback, not ours);
 * - the local-use NAT64 prefix 64:ff9b:1::/48, 6to4 (2002::/16) and Teredo (2001::/32) are refused whatever
 *   they carry: the local-use prefix's IPv4 position is chosen by each network, and 6to4 and Teredo are
 *   deprecated transition tunnels whose relays may deliver to any IPv4 (no calendar or webhook receiver needs
 *   them; judging their embedded IPv4 would only add ways to be wrong).
 * An IPv4 address is judged by its value whatever its spelling (`2852039166`, `0xa9.0xfe.0xa9.0xfe`,
 * `0251.0376.0251.0376` are 169.254.169.254 to ipaddr.js as to getaddrinfo and WHATWG URL).
 */
import ipaddr from 'ipaddr.js';

export function runtimeIsLocal(): boolean {
  return process.env.LOCAL_RUNTIME === '1';
}

/** 'public' may be reached; 'loopback' only locally; anything else never. */
export type AddressClass = 'public' | 'loopback' | 'blocked';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

export function classifyAddress(address: string): AddressClass {
  const parsed = parseAddress(address);
  if (!parsed) return 'blocked';
  return parsed.kind() === 'ipv4' ? classifyV4(parsed as ipaddr.IPv4) : classifyV6(parsed as ipaddr.IPv6);
}

const DOTTED_TAIL = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(%.*)?$/;

/**
 * ipaddr.js reads "::a.b.c.d" (IPv4-compatible, as Node prints such an address from DNS) as the IPv4-mapped
 * "::ffff:a.b.c.d": an IPv6 address's dotted tail is rewritten as two hex groups before it is parsed.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!address.includes(':')) return ipaddr.IPv4.isValid(address) ? ipaddr.IPv4.parse(address) : undefined;
  let v6 = address;
  const dotted = DOTTED_TAIL.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2, 6).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((octet) => octet > 255)) return undefined;
    const group = (high: number, low: number) => ((high << 8) | low).toString(16);
    v6 = `${dotted[1]}${group(a, b)}:${group(c, d)}${dotted[6] ?? ''}`;
  }
  return ipaddr.IPv6.isValid(v6) ? ipaddr.IPv6.parse(v6) : undefined;
}

function classifyV4(ip: ipaddr.IPv4): AddressClass {
  const range = ip.range();
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  return 'blocked';
}

function classifyV6(ip: ipaddr.IPv6): AddressClass {
  const range = ip.range();
  if (range === 'ipv4Mapped') return classifyV4(ip.toIPv4Address());
  if (range === 'loopback') return 'loopback';
  if (ip.match(NAT64_WELL_KNOWN)) return classifyV4(embeddedV4(ip)) === 'public' ? 'public' : 'blocked';
  if (range === 'unicast' && ip.match(GLOBAL_UNICAST_V6)) return 'public';
  return 'blocked';
}

/** The IPv4 address in the last 32 bits. */
function embeddedV4(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = ip.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

export function addressAllowed(address: string, allowLoopback = runtimeIsLocal()): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}

/** A URL host as an IP literal (IPv6 without brackets), or undefined when it is a name. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  // ipaddr.isValid accepts odd IPv4 forms ("0x7f.1"); WHATWG URL already normalizes those to dotted quads.
  return ipaddr.isValid(bare) ? bare : undefined;
}
