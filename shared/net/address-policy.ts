/**
 * Which network addresses an outbound request (iCal feed, webhook target) may reach: public unicast only.
 * Private, loopback, link-local (cloud metadata 169.254.169.254 is link-local), carrier-grade NAT,
 * multicast, reserved and the IPv6 equivalents are refused; an IPv4-mapped IPv6 address is judged as its IPv4.
 * Loopback is allowed only when the runtime is local (LOCAL_RUNTIME=1, set by infra/local/stand-ins.ts
 * setLocalEnv), so a developer can point a feed or a webhook at a server on the laptop.
 */
import ipaddr from 'ipaddr.js';

export function runtimeIsLocal(): boolean {
  return process.env.LOCAL_RUNTIME === '1';
}

/** 'public' may be reached; 'loopback' only locally; anything else never. */
export type AddressClass = 'public' | 'loopback' | 'blocked';

export function classifyAddress(address: string): AddressClass {
  if (!ipaddr.isValid(address)) return 'blocked';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  return 'blocked';
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
