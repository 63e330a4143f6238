import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRecordInZone,
  checkRemovalFromZone,
  DnsRecordBody,
  mxParts,
  ownerName,
  targetName,
  zoneContext,
  type DnsRecord,
  type DnsRecordData,
} from '#shared/domain/dns';
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';
import { mailboxName, quoted, renderZone, zoneSerial } from '#shared/domain/zone';
import { parseWith } from '#shared/validation';
import { compiledRecords, decodeCharacterString, namedCheckzone } from '../support/named-checkzone';

const settings: SettingsFields = {
  ...DEFAULT_SETTINGS,
  dns_ttl: 300,
  dns_nameservers: ['ns1.ccdc.example', 'ns2.ccdc.example.'],
  dns_hostmaster: 'hostmaster@ccdc.example',
  dns_address_template: '10.0.{team_number}',
};
const team = { number: 11, team_url: 'team11.ccdc.example' };
const ORIGIN = 'team11.ccdc.example';

const record = (id: number, name: string, type: DnsRecord['type'], value: string): DnsRecord => ({ id, name, type, value, team: 3 });

describe('renderZone', () => {
  const records = [
    record(4, 'web', 'CNAME', 'www'),
    record(1, 'www', 'A', '5'),
    record(2, '@', 'MX', '10 mail'),
    record(3, 'mail', 'A', '6'),
    record(5, '@', 'TXT', 'v=spf1 mx -all; "quoted" \\ back'),
    record(6, 'ext', 'CNAME', 'elsewhere.example.'),
  ];

  it('writes $ORIGIN, $TTL, one SOA, the name servers, then the records in id order', () => {
    expect(renderZone({ team, records, serial: 42, settings })).toBe(
      [
        '$ORIGIN team11.ccdc.example.',
        '$TTL 300',
        '@\tIN\tSOA\tns1.ccdc.example. hostmaster.ccdc.example. 42 3600 600 604800 300',
        '@\tIN\tNS\tns1.ccdc.example.',
        '@\tIN\tNS\tns2.ccdc.example.',
        'www\tIN\tA\t10.0.11.5',
        '@\tIN\tMX\t10 mail',
        'mail\tIN\tA\t10.0.11.6',
        'web\tIN\tCNAME\twww',
        '@\tIN\tTXT\t"v=spf1 mx -all; \\"quoted\\" \\\\ back"',
        'ext\tIN\tCNAME\telsewhere.example.',
        '',
      ].join('\n'),
    );
  });

  it('resolves A records with the address template and the team number', () => {
    const zone = renderZone({
      team: { number: 7, team_url: 'blue7.example' },
      records: [record(1, 'www', 'A', '200')],
      serial: 1,
      settings: { ...settings, dns_address_template: '172.{team_number}.3' },
    });
    expect(zone).toContain('www\tIN\tA\t172.7.3.200\n');
  });

  it('passes named-checkzone, and BIND reads back exactly the intended records', () => {
    const zone = renderZone({ team, records, serial: 42, settings });
    const check = namedCheckzone(ORIGIN, zone);
    expect(check.ok, check.output).toBe(true);
    expect(check.output).toContain('loaded serial 42');
    expect(readBack(zone)).toEqual(expectedRecords(records));
  });

  it('passes named-checkzone with no records at all', () => {
    const check = namedCheckzone(ORIGIN, renderZone({ team, records: [], serial: 1, settings }));
    expect(check.ok, check.output).toBe(true);
  });

  it('is checked by a checker that does reject broken zones', () => {
    const broken = `${renderZone({ team, records: [record(1, 'www', 'A', '5')], serial: 1, settings })}www\tIN\tCNAME\telsewhere.example.\n`;
    expect(namedCheckzone(ORIGIN, broken).ok).toBe(false);
  });

  it('refuses to render a stored record the write rules would not accept', () => {
    for (const bad of [
      record(1, 'x\n$INCLUDE /etc/passwd', 'A', '5'),
      record(1, 'x', 'A', '5\n@ IN NS evil.example.'),
      record(1, 'x', 'TXT', 'a\nb'),
      record(1, 'X', 'A', '5'),
      record(1, 'x', 'NS' as 'A', 'evil.example.'),
    ]) {
      expect(() => renderZone({ team, records: [bad], serial: 1, settings }), JSON.stringify(bad)).toThrow(/not valid zone data/);
    }
  });
});

describe('zone helpers', () => {
  it('turns the hostmaster address into the SOA mailbox name', () => {
    expect(mailboxName('hostmaster@ccdc.example')).toBe('hostmaster.ccdc.example.');
    expect(mailboxName('dns-admin@a.b.c')).toBe('dns-admin.a.b.c.');
  });

  it('quotes TXT text, escaping only " and \\', () => {
    expect(quoted('plain; (x) $INCLUDE')).toBe('"plain; (x) $INCLUDE"');
    expect(quoted('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
  });

  it('makes the serial the sum of two growing numbers, within 32 bits', () => {
    expect(zoneSerial(0, 1)).toBe(1);
    expect(zoneSerial(5, 3)).toBeGreaterThan(zoneSerial(4, 3));
    expect(zoneSerial(5, 4)).toBeGreaterThan(zoneSerial(5, 3));
    expect(() => zoneSerial(2 ** 32, 1)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------
// Any accepted set of records makes a zone BIND loads, meaning what was written.

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
const shortLabel = fc.constantFrom('www', 'mail', 'ns', 'a', 'b', '0', 'x-1', 'sub');
const relativeName = fc.oneof(
  { weight: 4, arbitrary: fc.array(shortLabel, { minLength: 1, maxLength: 3 }).map((l) => l.join('.')) },
  { weight: 1, arbitrary: fc.array(label, { minLength: 1, maxLength: 5 }).map((l) => l.join('.')) },
  // Around the 253-character limit once the origin is appended (233 characters fit here).
  { weight: 1, arbitrary: fc.integer({ min: 225, max: 240 }).map(nameOfLength) },
);

/** A relative name of exactly `length` characters: labels of at most 63 letters. */
function nameOfLength(length: number): string {
  const labels: string[] = [];
  let left = length;
  for (; left > 63; left -= 63) labels.push('z'.repeat(62)); // 62 letters and a dot
  return [...labels, 'z'.repeat(left)].join('.');
}
const ownerArb = fc.oneof({ weight: 1, arbitrary: fc.constant('@') }, { weight: 5, arbitrary: relativeName });
const targetArb = fc.oneof(
  relativeName,
  relativeName.map((n) => `${n}.example.`),
  fc.constant(`www.${ORIGIN}.`),
);
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 255 });
const txtArb = fc.oneof(printable, fc.constantFrom('"', '\\', '\\"', '"\\', '; comment', '( x', '$INCLUDE /etc/passwd', '\\065'));

const bodyArb = fc.oneof(
  fc.record({ name: ownerArb, type: fc.constant('A'), value: fc.oneof(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 }).map(String)) }),
  fc.record({ name: ownerArb, type: fc.constant('CNAME'), value: targetArb }),
  fc.record({ name: ownerArb, type: fc.constant('MX'), value: fc.tuple(fc.integer({ min: 0, max: 65535 }), targetArb).map(([p, h]) => `${p} ${h}`) }),
  fc.record({ name: ownerArb, type: fc.constant('TXT'), value: txtArb }),
);

/** One write to a team's zone, as a client would send it. */
type Operation = { op: 'create'; body: unknown } | { op: 'update'; pick: number; body: unknown } | { op: 'delete'; pick: number };

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: bodyArb.map((body) => ({ op: 'create' as const, body })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), bodyArb).map(([pick, body]) => ({ op: 'update' as const, pick, body })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ op: 'delete' as const, pick })) },
);

/**
 * Applies the writes in order with the API's rules, as the data layer does
 * for one team: validate, then check against the zone as it stands. Refused
 * writes change nothing. Returns the records left.
 */
function applyWrites(operations: Operation[], nameservers: string[]): DnsRecord[] {
  const context = zoneContext(ORIGIN, nameservers);
  const zone: Record<string, DnsRecordData> = {};
  const validated = (body: unknown): DnsRecordData | undefined => {
    const parsed = parseWith(DnsRecordBody, { ...(body as object), team: 3 });
    return parsed.ok ? { name: parsed.value.name, type: parsed.value.type, value: parsed.value.value } : undefined;
  };
  let nextId = 1;
  for (const operation of operations) {
    const ids = Object.keys(zone).map(Number);
    if (operation.op === 'create') {
      const data = validated(operation.body);
      if (data && !checkRecordInZone(data, zone, context)) zone[String(nextId++)] = data;
    } else if (ids.length > 0) {
      const id = ids[operation.pick % ids.length]!;
      if (operation.op === 'delete') {
        if (!checkRemovalFromZone(id, zone, context)) delete zone[String(id)];
      } else {
        const data = validated(operation.body);
        if (data && !checkRemovalFromZone(id, zone, context, data) && !checkRecordInZone(data, zone, context, id)) zone[String(id)] = data;
      }
    }
  }
  return Object.entries(zone).map(([id, data]) => ({ id: Number(id), ...data, team: 3 }));
}

const creates = (bodies: unknown[]): Operation[] => bodies.map((body) => ({ op: 'create', body }));

/** What BIND should read: SOA, NS and every record, absolute and canonical. */
function expectedRecords(records: DnsRecord[], zoneSettings = settings) {
  const abs = (name: string) => `${name}.`;
  const rdataOf = (r: DnsRecord) => {
    switch (r.type) {
      case 'A':
        return `10.0.11.${r.value}`;
      case 'CNAME':
        return abs(targetName(r.value, ORIGIN));
      case 'MX': {
        const { preference, host } = mxParts(r.value);
        return `${preference} ${abs(targetName(host, ORIGIN))}`;
      }
      case 'TXT':
        return r.value;
    }
  };
  const key = (x: { owner: string; type: string; rdata: string }) => `${x.owner} ${x.type} ${x.rdata}`;
  return [
    { owner: abs(ORIGIN), type: 'SOA', rdata: expect.stringMatching(/^ns1\.ccdc\.example\. hostmaster\.ccdc\.example\. \d+ /) },
    ...zoneSettings.dns_nameservers.map((ns) => ({ owner: abs(ORIGIN), type: 'NS', rdata: ns.endsWith('.') ? ns : `${ns}.` })),
    ...records.map((r) => ({ owner: abs(ownerName(r.name, ORIGIN)), type: r.type, rdata: rdataOf(r) })).sort((a, b) => key(a).localeCompare(key(b))),
  ];
}

/** BIND's records with TXT decoded, SOA and NS first, the rest sorted like `expectedRecords`. */
function readBack(zone: string) {
  const parsed = compiledRecords(ORIGIN, zone).map((r) => (r.type === 'TXT' ? { ...r, rdata: decodeCharacterString(r.rdata) } : r));
  const head = parsed.filter((r) => r.type === 'SOA' || (r.type === 'NS' && r.owner === `${ORIGIN}.`));
  const rest = parsed.filter((r) => !head.includes(r));
  const key = (x: { owner: string; type: string; rdata: string }) => `${x.owner} ${x.type} ${x.rdata}`;
  return [...head, ...rest.sort((a, b) => key(a).localeCompare(key(b)))];
}

describe('any accepted set of records (property, real named-checkzone)', () => {
  it('renders a zone that passes named-checkzone and that BIND reads back as exactly those records', () => {
    fc.assert(
      fc.property(fc.array(operationArb, { minLength: 0, maxLength: 30 }), fc.integer({ min: 1, max: 100000 }), (operations, serial) => {
        const records = applyWrites(operations, settings.dns_nameservers);
        const zone = renderZone({ team, records, serial, settings });

        const lines = zone.trimEnd().split('\n');
        expect(lines.length).toBe(3 + settings.dns_nameservers.length + records.length);
        expect(lines.filter((l) => l.startsWith('$'))).toEqual([`$ORIGIN ${ORIGIN}.`, '$TTL 300']);

        const check = namedCheckzone(ORIGIN, zone);
        expect(check.ok, `${check.output}\n--- zone ---\n${zone}`).toBe(true);
        expect(readBack(zone)).toEqual(expectedRecords(records));
      }),
      { numRuns: 60 },
    );
  });

  it('stays valid when a name server lies inside the zone and was given its address first', () => {
    const inZone = { ...settings, dns_nameservers: ['ns.team11.ccdc.example', 'ns1.ccdc.example'] };
    fc.assert(
      fc.property(fc.array(operationArb, { maxLength: 30 }), (operations) => {
        // Deletes and updates may aim at the name server's address: they must be refused.
        const records = applyWrites([...creates([{ name: 'ns', type: 'A', value: 53 }]), ...operations], inZone.dns_nameservers);
        expect(records.some((r) => r.name === 'ns' && r.type === 'A')).toBe(true);
        const zone = renderZone({ team, records, serial: 1, settings: { ...inZone } });
        const check = namedCheckzone(ORIGIN, zone);
        expect(check.ok, `${check.output}\n--- zone ---\n${zone}`).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
