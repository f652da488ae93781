import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may send a Web Push (domain/push/README.md "Push endpoints"). A subscription's
 * endpoint comes from the browser, i.e. from whoever holds a session: without these rules any
 * https URL (this machine, the private network, a cloud metadata address) would receive a POST
 * from the server, with retries, at every notification.
 *
 * 1. At subscription: only the browsers' own push services, by name, on port 443, with no user
 *    name or password in the URL and no IP literal (PUSH_SERVICE_HOSTS).
 * 2. At each send: the name is resolved by our own lookup, every address it resolves to must be a
 *    public unicast one (BLOCKED_RANGES), and the connection is made to exactly the addresses that
 *    were checked (the lookup is the socket's own, so nothing resolves the name again between the
 *    check and the connect: no DNS rebinding).
 *
 * Tests run a push service of their own on localhost: PUSH_ENDPOINT_TEST_HOSTS names it (host:port),
 * and the configuration refuses that variable outside NODE_ENV=test.
 */

/** The push services' names: exact, or any name under a suffix. */
export const PUSH_SERVICE_HOSTS = {
  exact: ['fcm.googleapis.com', 'updates.push.services.mozilla.com'],
  suffixes: ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'],
} as const;

const isPushServiceHost = (host: string) =>
  (PUSH_SERVICE_HOSTS.exact as readonly string[]).includes(host) ||
  PUSH_SERVICE_HOSTS.suffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);

/** `host:port` as the test allow-list writes it (lower case; the default port spelled out). */
const hostPort = (url: URL) => `${url.hostname}:${url.port || '443'}`;

/**
 * Whether the server may send to this endpoint: a push service's own host on 443, or one of the
 * test hosts (tests only). Anything unparsable is refused.
 */
export function isAllowedPushEndpoint(endpoint: string, testHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (testHosts.includes(hostPort(url))) return true;
  // The URL parser has already turned decimal, octal and hex forms of an IPv4 address into dotted ones.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  if (url.port !== '' && url.port !== '443') return false;
  return isPushServiceHost(host);
}

/** Every range a push must never reach: private, loopback, link-local, CGNAT, multicast, reserved, and their IPv6 kin. */
const BLOCKED_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", unspecified
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata services)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['::ffff:0:0', 96, 'ipv6'], // IPv4-mapped: whatever IPv4 address it hides
  ['64:ff9b::', 96, 'ipv6'], // NAT64: likewise
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

// One list per family: Node matches an IPv4 address against IPv4-mapped IPv6 rules too, so a
// single list holding ::ffff:0:0/96 would block every IPv4 address.
const blocked = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [network, prefix, type] of BLOCKED_RANGES) blocked[type].addSubnet(network, prefix, type);

/** Whether an address is one a push may go to (a public unicast address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return !blocked[type].check(address, type);
}

/** Raised (as a connection error) when a push host resolves to an address it must not reach. */
export class BlockedPushAddressError extends Error {
  readonly code = 'PUSH_ADDRESS_BLOCKED';
  constructor(host: string, address: string) {
    super(`push host ${host} resolved to ${address}, which is not a public address: not sent`);
    this.name = 'BlockedPushAddressError';
  }
}

type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** The shape net.connect's `lookup` option has (one address, or all of them when asked). */
export type GuardedLookup = (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => void;

/**
 * A `lookup` for the push agent's sockets: resolves the name once, refuses it if ANY of its
 * addresses is not public (a name that mixes public and private addresses is not a push service's),
 * and hands the socket exactly the checked addresses. Test hosts (bare names from
 * PUSH_ENDPOINT_TEST_HOSTS) may resolve to loopback.
 */
export function guardedLookup(testHosts: readonly string[] = [], resolver: Resolver = systemResolver): GuardedLookup {
  const testNames = new Set(testHosts.map((entry) => entry.replace(/:\d+$/, '')));
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        const family = typeof options === 'object' ? options.family : undefined;
        const wanted = addresses.filter((a) => !family || family === 0 || a.family === family);
        const bad = testNames.has(hostname) ? undefined : wanted.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new BlockedPushAddressError(hostname, bad.address), []);
        const first = wanted[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`push host ${hostname} has no address`);
          error.code = 'ENOTFOUND';
          return callback(error, []);
        }
        if (typeof options === 'object' && options.all) return callback(null, wanted);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
