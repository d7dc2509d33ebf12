import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ipv4Of, ipv4ToNumber, ipv6Groups, isIpv4Mapped } from './ip.ts';

/**
 * Which push services we send to (decision 024): a browser's subscription names an endpoint URL,
 * and the server POSTs to it, so an endpoint is a request the server makes on someone's behalf.
 * Only the push services browsers use are accepted (`PUSH_SERVICE_HOSTS`), over https, at
 * addresses on the public internet, checked after DNS when subscribing and again when sending,
 * where the connection is made to the very addresses checked.
 */

/** Chrome, Edge, Firefox and Safari's push services (and the browsers built on them). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  // Chrome, Opera, Samsung Internet, Brave: Firebase Cloud Messaging.
  'fcm.googleapis.com',
  // Firefox: Mozilla's autopush (updates.push.services.mozilla.com).
  '*.push.services.mozilla.com',
  // Edge: Windows Push Notification Services (wns2-….notify.windows.com).
  '*.notify.windows.com',
  // Safari: Apple Push Notification service (web.push.apple.com).
  '*.push.apple.com',
].join(',');

/** One entry of PUSH_SERVICE_HOSTS. */
export interface PushServiceRule {
  protocol: 'https:' | 'http:';
  /** Lower case; an IPv6 address in brackets, as URL.hostname has it. */
  host: string;
  /** `*.host`: any name below `host` (not `host` itself). */
  anySubdomain: boolean;
  /** As URL.port has it: '' for the protocol's default. */
  port: string;
  /**
   * The operator named an address, not a name (a test's local push service): no DNS is asked and
   * the address is taken as it is, even a private or loopback one.
   */
  isAddress: boolean;
}

/**
 * Reads PUSH_SERVICE_HOSTS: comma-separated `host`, `*.domain` (any name below it), or an
 * explicit origin `http(s)://address:port`. https and port 443 unless written otherwise. Throws
 * with the entry's fault.
 */
export function parsePushServiceHosts(value: string): PushServiceRule[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('names no push service');
  return entries.map((entry) => {
    const [, scheme, rest = ''] = /^(https?:\/\/)?(.*)$/i.exec(entry)!;
    const protocol = scheme?.toLowerCase() === 'http://' ? 'http:' : 'https:';
    const anySubdomain = rest.startsWith('*.');
    const hostAndPort = anySubdomain ? rest.slice(2) : rest;
    if (!/^[a-z0-9.\-:[\]]+$/i.test(hostAndPort)) throw new Error(`"${entry}" is not a host, *.domain or origin`);
    let url: URL;
    try {
      url = new URL(`${protocol}//${hostAndPort}`);
    } catch {
      throw new Error(`"${entry}" is not a host, *.domain or origin`);
    }
    const isAddress = isIP(bare(url.hostname)) !== 0;
    if (anySubdomain && (isAddress || !url.hostname.includes('.'))) {
      throw new Error(`"${entry}": a wildcard needs a domain name`);
    }
    return { protocol, host: url.hostname, anySubdomain, port: url.port, isAddress };
  });
}

/** An IPv6 hostname without its URL brackets. */
function bare(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

// ------------------------------------------------------------------------------------------------
// Addresses on the public internet.

/** IPv4 ranges that are not the public internet (RFC 6890 and IANA's special-purpose registry). */
const IPV4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services: 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function isPublicIpv4(address: string): boolean {
  const value = ipv4ToNumber(address);
  return !IPV4_NOT_PUBLIC.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4ToNumber(base);
    return value >= start && value < start + size;
  });
}

function isPublicIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  const zeros = (count: number) => g.slice(0, count).every((group) => group === 0);
  // ::/128, ::1, and the deprecated IPv4-compatible ::a.b.c.d
  if (zeros(6)) return false;
  // IPv4-mapped ::ffff:a.b.c.d: what the IPv4 address is.
  if (isIpv4Mapped(g)) return isPublicIpv4(ipv4Of(g[6]!, g[7]!));
  // NAT64 64:ff9b::/96 carries an IPv4 address; 64:ff9b:1::/48 is for local use.
  if (g[0] === 0x64 && g[1] === 0xff9b)
    return g.slice(2, 6).every((group) => group === 0) && isPublicIpv4(ipv4Of(g[6]!, g[7]!));
  // 6to4 2002::/16 carries an IPv4 address in its next 32 bits.
  if (g[0] === 0x2002) return isPublicIpv4(ipv4Of(g[1]!, g[2]!));
  const first = g[0]!;
  if (first === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return false; // discard 100::/64
  if (first === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 protocol assignments (Teredo, benchmarking, ORCHID)
  if (first === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return false; // site-local (deprecated) fec0::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  // Global unicast is 2000::/3; anything else is unassigned.
  return (first & 0xe000) === 0x2000;
}

/** Whether an address (IPv4, or IPv6 with IPv4-mapped and other embedded forms) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicIpv4(address);
  if (family === 6) return isPublicIpv6(address);
  return false;
}

// ------------------------------------------------------------------------------------------------

/** The endpoint breaks the rules: not a push service of the list, or not at a public address. */
export class PushEndpointRefusedError extends Error {}

/** How a host name becomes addresses (dns.lookup, every address; tests pass a stand-in). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const RESOLVE_TIMEOUT_MS = 5000;

export const resolveWithDns: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`no DNS answer within ${RESOLVE_TIMEOUT_MS} ms`), { code: 'ETIMEOUT' })),
      RESOLVE_TIMEOUT_MS,
    );
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/** A `lookup` for http(s).request that answers only these addresses: the connection goes where was checked. */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, addresses);
      return;
    }
    const chosen = addresses.find((entry) => !options.family || entry.family === options.family) ?? addresses[0]!;
    callback(null, chosen.address, chosen.family);
  };
}

/** The rules of PUSH_SERVICE_HOSTS, applied to an endpoint. */
export class PushEndpointPolicy {
  constructor(
    private readonly rules: PushServiceRule[],
    private readonly resolve: ResolveHost = resolveWithDns,
  ) {}

  /** The rule an endpoint falls under, by its URL alone (no DNS); null when none. */
  ruleFor(endpoint: string): PushServiceRule | null {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return null;
    }
    if (url.username || url.password) return null;
    const host = url.hostname.toLowerCase();
    return (
      this.rules.find(
        (rule) =>
          rule.protocol === url.protocol &&
          rule.port === url.port &&
          (rule.anySubdomain ? host.endsWith(`.${rule.host}`) : host === rule.host),
      ) ?? null
    );
  }

  /**
   * The addresses to connect to for this endpoint, every one of them public (or the address the
   * operator named). Throws `PushEndpointRefusedError` when the endpoint breaks the rules; a DNS
   * failure (no such name, no answer) is thrown as it is.
   */
  async addressesFor(endpoint: string): Promise<LookupAddress[]> {
    const rule = this.ruleFor(endpoint);
    if (!rule) throw new PushEndpointRefusedError('not a push service this server sends to');
    const host = bare(new URL(endpoint).hostname);
    if (rule.isAddress) return [{ address: host, family: isIP(host) }];
    const addresses = await this.resolve(host);
    if (addresses.length === 0) throw Object.assign(new Error('no address'), { code: 'ENODATA' });
    if (!addresses.every((entry) => isPublicAddress(entry.address))) {
      throw new PushEndpointRefusedError('the push service resolves to an address off the public internet');
    }
    return addresses;
  }
}
