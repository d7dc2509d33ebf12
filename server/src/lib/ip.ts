// Reading IP addresses as numbers, for the push endpoints' public-address check
// (lib/push-endpoints.ts) and the contact form's per-address limit (modules/contact/sender-keys.ts).

/** A dotted IPv4 address as one unsigned 32-bit number. */
export function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail and a zone included). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const value = ipv4ToNumber(tail[1]!);
    text = text.slice(0, -tail[1]!.length) + `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

/** The IPv4 address two 16-bit groups carry (the last two of `::ffff:a.b.c.d`). */
export function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether the groups are an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`). */
export function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}
