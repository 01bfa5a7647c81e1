import dns from 'node:dns';
import net from 'node:net';
import { isLoopbackHost } from './trustworthy-origin.ts';

/**
 * Addresses the server calls on a user's or an app's word (a push endpoint, an app's client
 * metadata document) must not let anyone aim it at its own network (docs/security.md, "Push
 * endpoints"). The rules are checked on the URL, and again on every address a name resolves to at
 * the moment of the call, so a name that resolves elsewhere later (DNS rebinding) reaches nothing.
 */

/** Addresses no public service has: this machine, private networks, link-local, shared, reserved, multicast. */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The error code of a connection refused because its name resolved to an address the server may not call. */
export const ADDRESS_REFUSED = 'EADDRESSREFUSED';

/** An IPv4 address written inside IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/** Whether the server may call this IP address. */
export function mayCall(ip: string, allowLoopback: boolean): boolean {
  const { address, family } = unmapped(ip);
  if (allowLoopback && LOOPBACK.check(address, family)) return true;
  return !NOT_PUBLIC.check(address, family);
}

/**
 * Whether a URL's host may be called, as far as the URL tells: an IP address the server may call,
 * or a dotted name other than a loopback one (a bare name, "router", is one a local resolver answers).
 */
export function hostMayBeCalled(url: URL, allowLoopback: boolean): boolean {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) !== 0) return mayCall(host, allowLoopback);
  if (isLoopbackHost(host) && !allowLoopback) return false;
  return host.includes('.');
}

/**
 * A resolver for outgoing connections that refuses any address the server may not call (the
 * connection then fails with `ADDRESS_REFUSED`). `lookup` is the system's resolver unless a test
 * gives another.
 */
export function guardedLookup(allowLoopback: boolean, lookup: typeof dns.lookup = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find(({ address }) => !mayCall(address, allowLoopback));
      if (refused || addresses.length === 0) {
        const denied = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not called`), { code: ADDRESS_REFUSED });
        return callback(denied, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
