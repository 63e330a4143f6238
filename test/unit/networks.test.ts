/** A team's networks (issue #63): CIDRs parsed by hand, and whether a check-in's address is in one. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { inNetworks, networksOverlap, NetworksSchema, overlapWithOthers, parseAddress } from '#shared/domain/networks';

describe('networks', () => {
  it('takes an address in any of its written forms: IPv4, IPv6 compressed or not, IPv4 mapped into IPv6, with a zone index', () => {
    expect(parseAddress('127.0.3.10')).toEqual({ family: 4, bits: 0x7f00030an });
    expect(parseAddress('::ffff:127.0.3.10')).toEqual({ family: 4, bits: 0x7f00030an });
    expect(parseAddress('2001:DB8::1')).toEqual(parseAddress('2001:0db8:0:0:0:0:0:0001'));
    expect(parseAddress('fe80::1%eth0')).toEqual(parseAddress('fe80::1'));
    expect(parseAddress('::')).toEqual({ family: 6, bits: 0n });
    expect(parseAddress('64:ff9b::192.0.2.33')?.family).toBe(6);
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.256',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7::8',
      'g::1',
      'example.com',
      '1.2.3.4/24',
    ])
      expect(parseAddress(bad), bad).toBeUndefined();
  });

  it('says whether an address is in a network, by family: a mapped IPv4 address is the IPv4 one', () => {
    const networks = ['127.0.3.0/24', '2001:db8:3::/48'];
    expect(inNetworks('127.0.3.10', networks)).toBe(true);
    expect(inNetworks('::ffff:127.0.3.255', networks)).toBe(true);
    expect(inNetworks('127.0.4.10', networks)).toBe(false);
    expect(inNetworks('2001:db8:3:ffff::1', networks)).toBe(true);
    expect(inNetworks('2001:db8:4::1', networks)).toBe(false);
    expect(inNetworks('not an address', networks)).toBe(false);
    expect(inNetworks('127.0.3.10', [])).toBe(false);
    expect(inNetworks('203.0.113.7', ['203.0.113.7/32'])).toBe(true);
    expect(inNetworks('203.0.113.8', ['203.0.113.7/32'])).toBe(false);
  });

  it('refuses what is not a network with its host bits zero, or one wider than /8 (IPv4) or /16 (IPv6), or more than 32', () => {
    const ok = (networks: string[]) => v.safeParse(NetworksSchema, networks).success;
    expect(ok(['10.0.0.0/8', '2001::/16', '192.0.2.1/32', '::1/128'])).toBe(true);
    for (const bad of [
      '10.0.0.0/7',
      '2001::/15',
      '10.0.0.1/8',
      // IPv4 spelled as IPv6, in any of its forms: it would mean another network than it seems to.
      '::ffff:10.0.0.0/104',
      '0::ffff:a00:0/8',
      '0:0:0:0:0:ffff:a00:0/8',
      'fe80::%eth0/64',
      '10.0.0.0/',
      '10.0.0.0/08',
      '10.0.0.0/8x',
      ' 10.0.0.0/8',
      '10.0.0.0 /8',
    ])
      expect(ok([bad]), bad).toBe(false);
    expect(ok(Array.from({ length: 33 }, (_, i) => `10.${i}.0.0/16`))).toBe(false);
  });

  it('tells when two networks share an address (one holds the other), and names the other team whose networks a team’s overlap', () => {
    expect(networksOverlap('10.1.0.0/16', '10.1.2.0/24')).toBe(true);
    expect(networksOverlap('10.1.2.0/24', '10.1.0.0/16')).toBe(true);
    expect(networksOverlap('10.1.2.0/24', '10.1.3.0/24')).toBe(false);
    expect(networksOverlap('2001:db8::/32', '2001:db8:5::/48')).toBe(true);
    expect(networksOverlap('10.0.0.0/8', '2001:db8::/32')).toBe(false);
    expect(overlapWithOthers(['192.0.2.0/24'], [{ number: 7, networks: ['198.51.100.0/24', '192.0.2.128/25'] }])).toBe(
      "192.0.2.0/24 overlaps team 7's 192.0.2.128/25: teams that share addresses cannot be told apart (give them none)",
    );
    expect(overlapWithOthers(['192.0.2.0/24'], [{ number: 7, networks: ['198.51.100.0/24'] }])).toBeUndefined();
  });

  it('reads a hostile address or network in linear time', () => {
    const long = `${'1:'.repeat(50_000)}1`;
    expect(parseAddress(long)).toBeUndefined();
    expect(v.safeParse(NetworksSchema, [`${'f'.repeat(100_000)}/8`]).success).toBe(false);
    expect(inNetworks(long, ['10.0.0.0/8'])).toBe(false);
  });
});
