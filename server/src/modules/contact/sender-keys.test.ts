import { describe, expect, it } from 'vitest';
import { clientKey, mailboxKey } from './sender-keys.ts';

/** What the contact form's limits count on (docs/decisions/025); the limits themselves are in contact.test.ts. */
describe('sender keys', () => {
  it('reads an email address as the mailbox it reaches', () => {
    expect(mailboxKey(' Tsetseg.Bold+trip@GoogleMail.com ')).toBe('tsetsegbold@gmail.com');
    expect(mailboxKey('t.s.e.t.s.e.g.bold@gmail.com')).toBe('tsetsegbold@gmail.com');
    expect(mailboxKey('dorj.bat+news@outlook.com')).toBe('dorj.bat@outlook.com');
    expect(mailboxKey('saraa+x@icloud.com')).toBe('saraa@icloud.com');
    expect(mailboxKey('Name.Surname+tag@example.mn')).toBe('name.surname+tag@example.mn');
    // A local part that is only a tag stays as it is.
    expect(mailboxKey('+tag@gmail.com')).toBe('+tag@gmail.com');
    expect(mailboxKey('odd"@"name@gmail.com')).toBe('odd"@"name@gmail.com');
  });

  it('reads a client address as IPv4, an IPv6 /64, or the IPv4 inside an IPv4-mapped address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::')).toBe('0:0:0:0::/64');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
