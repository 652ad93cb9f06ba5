import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyIpAddress, isIpLiteral, parseIPv6, webhookAddressClass } from './ip-address';

const refusedAs = (address: string) => {
  const c = classifyIpAddress(address);
  return c.allowed ? 'allowed' : c.reason;
};

describe('classifyIpAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['127.0.0.1', 'loopback'],
    ['127.53.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:169.254.169.254', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['not-an-ip', 'invalid'],
    ['127.1', 'invalid'],
    ['1.2.3.04', 'invalid'],
    ['1::2::3', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(refusedAs(address)).toBe(reason);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(classifyIpAddress(address)).toEqual({ allowed: true });
  });

  const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
  const dotted = (b: number[]) => b.join('.');
  const hex = (b: number[]) =>
    `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;

  it('classes an IPv4-mapped IPv6 address, in either notation, as the IPv4 address it carries', () => {
    fc.assert(
      fc.property(v4, (b) => {
        const plain = classifyIpAddress(dotted(b));
        expect(classifyIpAddress(`::ffff:${dotted(b)}`)).toEqual(plain);
        expect(classifyIpAddress(`::ffff:${hex(b)}`)).toEqual(plain);
        expect(classifyIpAddress(`0:0:0:0:0:ffff:${hex(b)}`)).toEqual(plain);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every address of each refused IPv4 block', () => {
    const blocks: [number, number, number][] = [
      [10, 8, 0],
      [127, 8, 0],
      [0, 8, 0],
      [172, 12, 16],
      [192, 16, 168],
      [169, 16, 254],
      [100, 10, 64],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...blocks), v4, ([first, bits, second], b) => {
        const bytes = [...b];
        bytes[0] = first;
        if (bits > 8) {
          const keep = 16 - bits;
          bytes[1] = second | (b[1] & ((1 << keep) - 1));
        }
        expect(classifyIpAddress(dotted(bytes)).allowed).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the :: shorthand as the zeros it stands for', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }),
        fc.nat(7),
        fc.nat(8),
        (groups, at, len) => {
          const g = [...groups];
          const n = Math.min(len, 8 - at);
          for (let i = at; i < at + n; i++) g[i] = 0;
          const full = g.map((x) => x.toString(16)).join(':');
          const short =
            n >= 2
              ? `${g
                  .slice(0, at)
                  .map((x) => x.toString(16))
                  .join(':')}::${g
                  .slice(at + n)
                  .map((x) => x.toString(16))
                  .join(':')}`
              : full;
          expect(parseIPv6(short)).toEqual(parseIPv6(full));
          expect(parseIPv6(full)).toHaveLength(16);
        },
      ),
    );
  });
});

describe('isIpLiteral', () => {
  it('tells literals from host names', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('::ffff:127.0.0.1')).toBe(true);
    expect(isIpLiteral('localhost')).toBe(false);
    expect(isIpLiteral('hooks.example.com')).toBe(false);
  });
});

describe('webhookAddressClass', () => {
  it('opens loopback and private networks only when private addresses are allowed', () => {
    for (const a of ['127.0.0.1', '::1', '10.0.0.2', '192.168.0.3', 'fd00::1', '100.64.1.1']) {
      expect(webhookAddressClass(a, false).allowed).toBe(false);
      expect(webhookAddressClass(a, true).allowed).toBe(true);
    }
  });

  it('keeps the metadata service, multicast and reserved ranges refused even then', () => {
    for (const a of [
      '169.254.169.254',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
    ]) {
      expect(webhookAddressClass(a, true).allowed).toBe(false);
    }
  });
});
