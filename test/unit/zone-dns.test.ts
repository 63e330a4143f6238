import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';
import { renderZone } from '#shared/domain/zone';
import type { DnsRecord } from '#shared/domain/dns';
import { Authority } from '../../functions/agent/local/dns/authority';
import { encodeAnswer, MalformedMessage, parseQuery, readName, UDP_ANSWER_LIMIT } from '../../functions/agent/local/dns/message';
import { parseZone, ZoneFileError } from '../../functions/agent/local/dns/zone-file';
import { decode, query } from '../support/dns-wire';

/**
 * The zone server's answers, without sockets: what it reads of a zone file
 * (exactly what renderZone writes), what it answers to each question, and
 * that no packet, however made, gets anything but an answer or silence.
 */
const settings: SettingsFields = {
  ...DEFAULT_SETTINGS,
  dns_ttl: 300,
  dns_nameservers: ['ns1.ccdc.example', 'ns2.ccdc.example.'],
  dns_hostmaster: 'hostmaster@ccdc.example',
  dns_address_template: '127.0.{team_number}',
};
const record = (id: number, name: string, type: DnsRecord['type'], value: string): DnsRecord => ({ id, name, type, value, team: 3 });
const exported = renderZone({
  team: { number: 11, team_url: 'team11.ccdc.example' },
  serial: 42,
  settings,
  records: [
    record(1, 'www', 'A', '10'),
    record(2, 'www', 'A', '11'),
    record(3, 'web', 'CNAME', 'www'),
    record(4, '@', 'MX', '10 mail'),
    record(5, 'mail', 'A', '25'),
    record(6, '@', 'TXT', 'v=spf1 mx -all; "quoted" \\ back'),
    record(7, 'ext', 'CNAME', 'elsewhere.example.'),
    record(8, 'a.deep', 'A', '40'),
    record(9, 'loop1', 'CNAME', 'loop2'),
    record(10, 'loop2', 'CNAME', 'loop1'),
    record(11, 'gone', 'CNAME', 'nothing-here'),
    record(12, 'other', 'CNAME', 'www.team12.ccdc.example.'),
  ],
});
const team12 =
  '$ORIGIN team12.ccdc.example.\n$TTL 60\n@ IN SOA ns1 hostmaster 7 60 60 60 30\n@ IN NS ns1\nwww IN A 127.0.12.10\nwww IN AAAA 2001:db8::10\nv6 IN AAAA ::ffff:127.0.0.1\n';
const authority = Authority.fromTexts(
  new Map([
    ['team11.ccdc.example', exported],
    ['team12.ccdc.example', team12],
  ]),
);

const T = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, SRV: 33, AXFR: 252, IXFR: 251, ANY: 255 };
const R = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 };

/** Asks the authority, through the wire format both ways. */
function ask(name: string, type: number, extra: { klass?: number; opcode?: number } = {}) {
  const parsed = parseQuery(query({ name, type, ...extra }));
  const answer = authority.answer(parsed)!;
  return decode(encodeAnswer(parsed, answer, UDP_ANSWER_LIMIT));
}
const data = (records: { data: string }[]) => records.map((r) => r.data);

describe('the zone file the export writes', () => {
  it('is read whole: every record the renderer wrote, under its absolute name', () => {
    const zone = parseZone('team11.ccdc.example', exported);
    expect(zone.origin).toBe('team11.ccdc.example');
    expect([...zone.records.keys()].sort()).toEqual(
      [
        'team11.ccdc.example',
        'www.team11.ccdc.example',
        'web.team11.ccdc.example',
        'mail.team11.ccdc.example',
        'ext.team11.ccdc.example',
        'a.deep.team11.ccdc.example',
        'loop1.team11.ccdc.example',
        'loop2.team11.ccdc.example',
        'gone.team11.ccdc.example',
        'other.team11.ccdc.example',
      ].sort(),
    );
    // The empty non-terminal between a.deep and the origin is a name of the zone.
    expect(zone.names.has('deep.team11.ccdc.example')).toBe(true);
    // The negative TTL is the lower of the SOA's own and its minimum.
    expect(zone.negative.ttl).toBe(300);
    expect(parseZone('team12.ccdc.example', team12).negative.ttl).toBe(30);
  });

  it.each([
    ['a record over several lines', '$TTL 60\n@ IN SOA ns h ( 1 60 60 60 60 )\n', /several lines/],
    ['$INCLUDE', '$INCLUDE /etc/passwd\n', /\$INCLUDE is not a directive/],
    ['a type it does not hold', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\n@ IN SRV 0 0 80 www\n', /type SRV/],
    ['a CNAME beside other data', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\nwww IN A 127.0.0.1\nwww IN CNAME web\n', /CNAME and other data/],
    ['a name outside the zone', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\nwww.example.org. IN A 127.0.0.1\n', /outside the zone/],
    ['no SOA', '$TTL 60\nwww IN A 127.0.0.1\n', /no SOA/],
    ['two SOAs', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\n@ IN SOA ns h 2 60 60 60 60\n', /second SOA/],
    ['a bad address', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\nwww IN A 127.0.0.256\n', /not an IPv4 address/],
    ['no TTL', '@ IN SOA ns h 1 60 60 60 60\n', /no TTL/],
    ['a name that is no host name', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\nw\\.w IN A 127.0.0.1\n', /not a host name/],
    ['a string that does not end', '$TTL 60\n@ IN SOA ns h 1 60 60 60 60\n@ IN TXT "open\n', /does not end/],
  ])('refuses %s, saying where', (_what, text, message) => {
    expect(() => parseZone('one.example', text)).toThrow(ZoneFileError);
    expect(() => parseZone('one.example', text)).toThrow(message);
  });
});

describe('what it answers', () => {
  it('the records of the type asked, authoritatively, whatever the case of the question (echoed as asked)', () => {
    const www = ask('WWW.Team11.ccdc.example', T.A);
    expect(www).toMatchObject({ rcode: R.NOERROR, aa: true, tc: false, rd: true, question: 'WWW.Team11.ccdc.example', authority: [] });
    expect(data(www.answers)).toEqual(['127.0.11.10', '127.0.11.11']);
    expect(www.answers[0]).toMatchObject({ name: 'www.team11.ccdc.example', type: T.A, ttl: 300 });
    expect(data(ask('team11.ccdc.example', T.MX).answers)).toEqual(['10 mail.team11.ccdc.example']);
    expect(data(ask('team11.ccdc.example', T.TXT).answers)).toEqual([JSON.stringify(['v=spf1 mx -all; "quoted" \\ back'])]);
    expect(data(ask('team11.ccdc.example', T.NS).answers)).toEqual(['ns1.ccdc.example', 'ns2.ccdc.example']);
    expect(data(ask('team11.ccdc.example', T.SOA).answers)).toEqual(['ns1.ccdc.example hostmaster.ccdc.example 42 3600 600 604800 300']);
    expect(data(ask('www.team12.ccdc.example', T.AAAA).answers)).toEqual(['20010db8000000000000000000000010']);
    expect(data(ask('v6.team12.ccdc.example', T.AAAA).answers)).toEqual(['00000000000000000000ffff7f000001']);
  });

  it('follows a CNAME within its zone, and stops at one that leaves it (for another zone it holds too, as BIND does), loops or leads nowhere', () => {
    expect(data(ask('web.team11.ccdc.example', T.A).answers)).toEqual(['www.team11.ccdc.example', '127.0.11.10', '127.0.11.11']);
    expect(data(ask('web.team11.ccdc.example', T.CNAME).answers)).toEqual(['www.team11.ccdc.example']);
    expect(ask('other.team11.ccdc.example', T.A)).toMatchObject({ rcode: R.NOERROR, answers: [{ data: 'www.team12.ccdc.example' }], authority: [] });
    expect(ask('ext.team11.ccdc.example', T.A)).toMatchObject({ rcode: R.NOERROR, aa: true, answers: [{ data: 'elsewhere.example' }] });
    expect(ask('loop1.team11.ccdc.example', T.A)).toMatchObject({
      rcode: R.NOERROR,
      answers: [{ data: 'loop2.team11.ccdc.example' }, { data: 'loop1.team11.ccdc.example' }],
    });
    // RFC 6604: the code is the last name's.
    const gone = ask('gone.team11.ccdc.example', T.A);
    expect(gone).toMatchObject({ rcode: R.NXDOMAIN, aa: true, answers: [{ data: 'nothing-here.team11.ccdc.example' }] });
    expect(gone.authority.map((r) => r.type)).toEqual([T.SOA]);
  });

  it('NXDOMAIN for a name the zone lacks, NODATA for a type a name lacks (an empty non-terminal too), each with the SOA', () => {
    const missing = ask('ftp.team11.ccdc.example', T.A);
    expect(missing).toMatchObject({ rcode: R.NXDOMAIN, aa: true, answers: [] });
    expect(missing.authority).toEqual([
      { name: 'team11.ccdc.example', type: T.SOA, ttl: 300, data: 'ns1.ccdc.example hostmaster.ccdc.example 42 3600 600 604800 300' },
    ]);
    for (const [name, type] of [
      ['www.team11.ccdc.example', T.AAAA],
      ['www.team11.ccdc.example', T.SRV],
      ['deep.team11.ccdc.example', T.A],
    ] as const) {
      const nodata = ask(name, type);
      expect(nodata, `${name} ${type}`).toMatchObject({ rcode: R.NOERROR, aa: true, answers: [] });
      expect(nodata.authority.map((r) => r.type)).toEqual([T.SOA]);
    }
  });

  it('refuses what is not its zones, a transfer, another class; declines ANY and other opcodes; FORMERR for no single question, a meta type asked, records in a query; says nothing to a response', () => {
    expect(ask('www.example.org', T.A)).toMatchObject({ rcode: R.REFUSED, aa: false, answers: [] });
    expect(ask('ccdc.example', T.A)).toMatchObject({ rcode: R.REFUSED });
    expect(ask('team11.ccdc.example', T.AXFR)).toMatchObject({ rcode: R.REFUSED, answers: [] });
    expect(ask('team11.ccdc.example', T.IXFR)).toMatchObject({ rcode: R.REFUSED });
    expect(ask('team11.ccdc.example', T.ANY)).toMatchObject({ rcode: R.NOTIMP, answers: [] });
    expect(ask('www.team11.ccdc.example', T.A, { klass: 3 })).toMatchObject({ rcode: R.REFUSED });
    expect(ask('www.team11.ccdc.example', T.A, { opcode: 2 })).toMatchObject({ rcode: R.NOTIMP, opcode: 2 });
    for (const meta of [41, 249, 250]) expect(ask('team11.ccdc.example', meta), `type ${meta}`).toMatchObject({ rcode: R.FORMERR, answers: [] });
    const carrying = query({ name: 'www.team11.ccdc.example', type: T.A });
    carrying.writeUInt16BE(1, 6);
    expect(authority.answer(parseQuery(carrying))).toMatchObject({ rcode: R.FORMERR });
    const none = query({ name: 'www.team11.ccdc.example', type: T.A });
    none.writeUInt16BE(0, 4);
    expect(decode(encodeAnswer(parseQuery(none), authority.answer(parseQuery(none))!))).toMatchObject({ rcode: R.FORMERR, answers: [] });
    const response = query({ name: 'www.team11.ccdc.example', type: T.A });
    response.writeUInt16BE(0x8000, 2);
    expect(authority.answer(parseQuery(response))).toBeUndefined();
  });

  it('over UDP, an answer past 512 bytes comes without its records and with TC set, so the client asks over TCP', () => {
    const texts = Array.from({ length: 8 }, (_, i) => `big IN TXT "${String(i).repeat(100)}"`).join('\n');
    const big = Authority.fromTexts(new Map([['one.example', `$TTL 60\n@ IN SOA ns h 1 60 60 60 60\n${texts}\n`]]));
    const parsed = parseQuery(query({ name: 'big.one.example', type: T.TXT }));
    const udp = encodeAnswer(parsed, big.answer(parsed)!, UDP_ANSWER_LIMIT);
    expect(udp.length).toBeLessThanOrEqual(UDP_ANSWER_LIMIT);
    expect(decode(udp)).toMatchObject({ tc: true, answers: [], question: 'big.one.example' });
    expect(decode(encodeAnswer(parsed, big.answer(parsed)!, 0xffff)).answers).toHaveLength(8);
  });
});

describe('hostile packets', () => {
  it('a name that lies is malformed: a pointer forwards or to itself, a label past the end, a name over 255 bytes, a label over 63 (a reserved label type)', () => {
    const header = Buffer.alloc(12);
    const withName = (name: number[]) => Buffer.concat([header, Buffer.from(name)]);
    expect(() => readName(withName([0xc0, 12]), 12)).toThrow(/does not point backwards/);
    expect(() => readName(withName([0xc0, 20]), 12)).toThrow(/does not point backwards/);
    expect(() => readName(withName([5, 0x61]), 12)).toThrow(/past the end/);
    expect(() => readName(withName([0x40, 1, 0]), 12)).toThrow(/label type/);
    expect(() => readName(withName([64, ...Array<number>(64).fill(0x61), 0]), 12)).toThrow(/label type/);
    const long = Array.from({ length: 5 }, () => [63, ...Array<number>(63).fill(0x61)]).flat();
    expect(() => readName(withName([...long, 0]), 12)).toThrow(/longer than 255/);
    // Pointers that go back, each one: a chain, never a loop, and each label counted towards the 255.
    const chain = Buffer.concat([header, Buffer.from([1, 0x61, 0]), Buffer.from([1, 0x62, 0xc0, 12])]);
    expect(readName(chain, 15).labels.map(String)).toEqual(['b', 'a']);
    // A dot inside a label is not the same name as two labels.
    const dotted = parseQuery(query({ name: 'x', type: T.A }));
    expect(dotted.question!.key).toBe('x');
    const inside = Buffer.concat([header, Buffer.from([3, 0x77, 0x2e, 0x77, 0]), Buffer.from([0, 1, 0, 1])]);
    inside.writeUInt16BE(1, 4);
    expect(parseQuery(inside).question!.key).toBe('w\\046w');
  });

  it('any bytes at all: an answer of at most 512 bytes, silence, or (under a header) malformed, never another error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 300 }), fc.boolean(), (bytes, asQuery) => {
        const packet = Buffer.from(bytes);
        // Half the cases start like a real query, so the parser goes deep.
        if (asQuery && packet.length >= 12) {
          packet.writeUInt16BE(packet.readUInt16BE(2) & 0x7fff, 2);
          packet.writeUInt16BE(1, 4);
        }
        let parsed;
        try {
          parsed = parseQuery(packet);
        } catch (error) {
          expect(error).toBeInstanceOf(MalformedMessage);
          expect(packet.length).toBeLessThan(12);
          return;
        }
        const answer = authority.answer(parsed);
        if (answer) expect(encodeAnswer(parsed, answer, UDP_ANSWER_LIMIT).length).toBeLessThanOrEqual(UDP_ANSWER_LIMIT);
      }),
      { numRuns: 3000 },
    );
  });
});
