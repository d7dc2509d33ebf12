// What the contact form's limits count on (docs/decisions/025): one mailbox however its address is
// spelt, and one client however many addresses of its network it uses.

import { isIPv4, isIPv6 } from 'node:net';
import { ipv4Of, ipv6Groups, isIpv4Mapped } from '../../lib/ip.ts';

/** Providers that ignore dots in the local part and a `+tag`: one mailbox, whatever is added. */
const DOTS_AND_TAGS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** Big providers that deliver `name+tag@` to `name@` (sub-addressing) but keep dots as written. */
const TAGS = new Set([
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'fastmail.com',
  'yandex.ru',
  'yandex.com',
]);

/**
 * The mailbox an email address reaches, as the per-email limit and "the same person" count it:
 * lower-cased; for Gmail (gmail.com and googlemail.com, one mailbox) without dots and `+tag`; for
 * the other big providers that support sub-addressing without `+tag`. Other domains: lower-cased
 * only (their own rules are unknown).
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const gmail = DOTS_AND_TAGS[domain];
  if (gmail || TAGS.has(domain)) {
    const plus = local.indexOf('+');
    if (plus > 0) local = local.slice(0, plus);
  }
  if (gmail) {
    local = local.replaceAll('.', '');
    domain = gmail;
  }
  return `${local}@${domain}`;
}

/**
 * The client as the per-address limit counts it: an IPv4 address as itself, an IPv6 address by
 * its /64 (what one household, phone or server is usually given), an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`) as the IPv4 address it is. Anything else as written.
 */
export function clientKey(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare.toLowerCase();
  const groups = ipv6Groups(bare);
  if (isIpv4Mapped(groups)) return ipv4Of(groups[6]!, groups[7]!);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
