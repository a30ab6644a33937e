import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostAllowed, hostName } from './host-check.js';

/** An address of this machine other than loopback, when it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('the Host names a local server answers to', () => {
  it('reads the name of a Host header: port, brackets, case and a final dot', () => {
    expect(hostName('LocalHost:3000')).toBe('localhost');
    expect(hostName('localhost.')).toBe('localhost');
    expect(hostName('[::1]:3000')).toBe('::1');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    expect(hostName('[not-ip]:80')).toBeUndefined();
    expect(hostName('a b')).toBeUndefined();
    expect(hostName('')).toBeUndefined();
  });

  it('takes loopback names and addresses, with any port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'app.localhost:8005',
      '127.0.0.1:3000',
      '127.9.8.7',
      '[::1]:3000',
    ])
      expect(hostAllowed(host, '127.0.0.1'), host).toBe(true);
  });

  it('refuses any other name, lookalikes of loopback included', () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'localhostx',
      '128.0.0.1',
      '[::2]',
      '',
      'evil.example, localhost',
    ])
      expect(hostAllowed(host, '127.0.0.1'), host).toBe(false);
  });

  it('takes a request without Host (no browser sends one)', () => {
    expect(hostAllowed(undefined, '127.0.0.1')).toBe(true);
  });

  it.skipIf(lanAddress === undefined)(
    "takes the machine's own address only when HOST opened the runtime, never a foreign name",
    () => {
      const lan = `${lanAddress}:3000`;
      expect(hostAllowed(lan, '127.0.0.1')).toBe(false);
      expect(hostAllowed(lan, '0.0.0.0')).toBe(true);
      expect(hostAllowed(lan, '::')).toBe(true);
      expect(hostAllowed('evil.example:3000', '0.0.0.0')).toBe(false);
    },
  );
});
