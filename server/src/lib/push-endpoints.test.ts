import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  isPublicAddress,
  parsePushServiceHosts,
  PushEndpointPolicy,
  PushEndpointRefusedError,
} from './push-endpoints.ts';

describe('addresses on the public internet', () => {
  it('refuses private, loopback, link-local and other special IPv4 ranges', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '142.250.74.42', '172.15.255.255', '172.32.0.1', '17.57.146.68']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses the IPv6 ones, IPv4-mapped and other embedded IPv4 forms by the address they carry', () => {
    for (const address of [
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      '2001:db8::1',
      '2001::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '100::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['2a00:1450:4001:82a::200a', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(isPublicAddress('localhost')).toBe(false);
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  const policy = new PushEndpointPolicy(parsePushServiceHosts(DEFAULT_PUSH_SERVICE_HOSTS));

  it('by default, the push services of Chrome, Firefox, Edge and Safari, over https on their own port', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGx0Y2g',
      'https://FCM.googleapis.com/fcm/send/x',
    ]) {
      expect(policy.ruleFor(endpoint), endpoint).not.toBeNull();
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://evil.example/?https://fcm.googleapis.com/',
      'https://user:secret@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'not a url',
    ]) {
      expect(policy.ruleFor(endpoint), endpoint).toBeNull();
    }
  });

  it('takes explicit origins (an address is taken as it is) and says what is wrong with an entry', () => {
    const rules = parsePushServiceHosts(' http://127.0.0.1:4567 , https://[::1]:8443,push.example ');
    expect(rules).toEqual([
      { protocol: 'http:', host: '127.0.0.1', anySubdomain: false, port: '4567', isAddress: true },
      { protocol: 'https:', host: '[::1]', anySubdomain: false, port: '8443', isAddress: true },
      { protocol: 'https:', host: 'push.example', anySubdomain: false, port: '', isAddress: false },
    ]);
    expect(() => parsePushServiceHosts('*.10.0.0.1')).toThrow(/wildcard/);
    expect(() => parsePushServiceHosts('https://push.example/path')).toThrow(/not a host/);
    expect(() => parsePushServiceHosts(' , ')).toThrow(/no push service/);
  });

  it('refuses a listed name that resolves to any address off the public internet', async () => {
    const answers: Record<string, string[]> = {
      'web.push.apple.com': ['17.57.146.68'],
      'inside.push.apple.com': ['10.0.0.5'],
      'mixed.push.apple.com': ['17.57.146.68', '169.254.169.254'],
      'mapped.push.apple.com': ['::ffff:127.0.0.1'],
    };
    const resolving = new PushEndpointPolicy(parsePushServiceHosts('*.push.apple.com'), async (host) =>
      (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
    expect(await resolving.addressesFor('https://web.push.apple.com/x')).toEqual([
      { address: '17.57.146.68', family: 4 },
    ]);
    for (const host of ['inside', 'mixed', 'mapped']) {
      await expect(resolving.addressesFor(`https://${host}.push.apple.com/x`)).rejects.toBeInstanceOf(
        PushEndpointRefusedError,
      );
    }
    await expect(resolving.addressesFor('https://nothing.push.apple.com/x')).rejects.toMatchObject({
      code: 'ENODATA',
    });
  });
});
