import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRecordInZone,
  checkRemovalFromZone,
  DnsRecordBody,
  isAcceptedRecord,
  MAX_RECORDS_PER_ZONE,
  zoneContext,
  type DnsRecordData,
  type ZoneRecords,
} from '#shared/domain/dns';
import { parseWith } from '#shared/validation';

const parse = (body: unknown) => parseWith(DnsRecordBody, body);
const valid = { name: 'www', type: 'A', value: '5', team: 3 };

/** The first problem's path for a body that must be refused. */
function refusedAt(body: unknown): string {
  const result = parse(body);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(body)} as ${JSON.stringify(result.value)}`);
  return result.errors[0]!.path;
}

describe('DNS record body: accepted records', () => {
  it.each([
    [
      { name: 'www', type: 'A', value: 5, team: 3 },
      { name: 'www', type: 'A', value: '5', team: 3 },
    ],
    [
      { name: 'WWW', type: 'a', value: '254', team: 3 },
      { name: 'www', type: 'A', value: '254', team: 3 },
    ],
    [
      { name: '@', type: 'A', value: 1, team: 1 },
      { name: '@', type: 'A', value: '1', team: 1 },
    ],
    [
      { name: 'a.b-c.0', type: 'A', value: '7', team: 1 },
      { name: 'a.b-c.0', type: 'A', value: '7', team: 1 },
    ],
    [
      { name: 'web', type: 'CNAME', value: 'www', team: 1 },
      { name: 'web', type: 'CNAME', value: 'www', team: 1 },
    ],
    [
      { name: 'ext', type: 'cname', value: 'Web.Example.COM.', team: 1 },
      { name: 'ext', type: 'CNAME', value: 'web.example.com.', team: 1 },
    ],
    [
      { name: '@', type: 'MX', value: '010   Mail', team: 1 },
      { name: '@', type: 'MX', value: '10 mail', team: 1 },
    ],
    [
      { name: '@', type: 'MX', value: '0 mx.example.com.', team: 1 },
      { name: '@', type: 'MX', value: '0 mx.example.com.', team: 1 },
    ],
    [
      { name: '@', type: 'MX', value: '65535 mx', team: 1 },
      { name: '@', type: 'MX', value: '65535 mx', team: 1 },
    ],
    [
      { name: '@', type: 'TXT', value: 'v=spf1 a mx -all; "quoted" \\ (x) $INCLUDE', team: 1 },
      { name: '@', type: 'TXT', value: 'v=spf1 a mx -all; "quoted" \\ (x) $INCLUDE', team: 1 },
    ],
    [
      { name: 't', type: 'TXT', value: 'x'.repeat(255), team: 1 },
      { name: 't', type: 'TXT', value: 'x'.repeat(255), team: 1 },
    ],
    [
      { name: `${'a'.repeat(63)}.b`, type: 'A', value: 9, team: 1 },
      { name: `${'a'.repeat(63)}.b`, type: 'A', value: '9', team: 1 },
    ],
  ])('%j', (input, output) => {
    expect(parse(input)).toEqual({ ok: true, value: output });
  });

  it('keeps TXT text exactly, case included', () => {
    const result = parse({ name: 't', type: 'TXT', value: 'MiXeD Case', team: 1 });
    expect(result.ok && result.value.value).toBe('MiXeD Case');
  });
});

describe('DNS record body: refused records', () => {
  it('needs all four fields and nothing else', () => {
    for (const field of ['name', 'value', 'team']) {
      const { [field as keyof typeof valid]: _gone, ...rest } = valid;
      expect(refusedAt(rest), field).toBe(field);
      expect((parse(rest) as { errors: { message: string }[] }).errors[0]!.message).toBe('is required');
    }
    const { type: _type, ...noType } = valid;
    expect(refusedAt(noType)).toBe('type');
    expect(refusedAt({ ...valid, id: 4 })).toBe('id');
    expect(refusedAt({ ...valid, ttl: 60 })).toBe('ttl');
    expect((parse({ ...valid, ttl: 60 }) as { errors: { message: string }[] }).errors[0]!.message).toBe('is not a known field');
  });

  it('is not a JSON object', () => {
    for (const body of [null, [], 'www', 5, true]) expect(refusedAt(body), JSON.stringify(body)).toBe('');
  });

  it('names the allowed types', () => {
    for (const type of ['AAAA', 'NS', 'SOA', 'PTR', 'SRV', '', 'A ', 7, null]) {
      const result = parse({ ...valid, type });
      expect(result.ok, String(type)).toBe(false);
      if (!result.ok) expect(result.errors[0]).toEqual({ path: 'type', message: 'must be one of A, CNAME, MX, TXT' });
    }
  });

  it.each([0, 255, 256, -1, 1.5, '0', '255', '01', ' 1', '1 ', '1.5', '1e2', '0x10', '10.0.0.1', '', true, null, [], {}])('refuses A value %j', (value) =>
    expect(refusedAt({ ...valid, value })).toBe('value'),
  );

  it.each([0, -1, 1.5, '3', null, true, [3], {}])('refuses team %j', (team) => {
    expect(refusedAt({ ...valid, team })).toBe('team');
  });

  const hostileNames = [
    '',
    ' ',
    'www\n',
    'www\r\n@ IN NS evil.example.',
    'a b',
    'a\tb',
    '$INCLUDE',
    '$ORIGIN',
    'a;b',
    ';',
    '(',
    'a)',
    '"a"',
    'a\\b',
    'a\\046b',
    'é',
    'caf\u00e9',
    '\u212Aey', // KELVIN SIGN lower-cases to an ASCII k: must not sneak in
    'xn--\u0000',
    '\u0000',
    '\u007f',
    '-a',
    'a-',
    'a..b',
    '.a',
    'a.',
    'www.example.com.',
    '@.',
    '@@',
    'a.@',
    '*',
    '*.a',
    '_dmarc',
    'a'.repeat(64),
    `${'a'.repeat(63)}.`.repeat(4) + 'a', // 257 characters
    'a.'.repeat(127), // trailing dot, 254 characters
    123,
    null,
  ];
  it.each(hostileNames)('refuses name %j', (name) => {
    expect(refusedAt({ ...valid, name })).toBe('name');
  });

  const hostileHosts = [
    '',
    '.',
    '@',
    'www\n',
    'www.\n$INCLUDE /etc/passwd',
    'a b',
    'a;b',
    '(a)',
    '"a"',
    'a\\.b',
    'é.example.',
    '\u212Aey.example.',
    'a..b',
    '-a.example.',
    'a.example..',
    '_x.example.',
    `${'a'.repeat(64)}.example.`,
    `${'a.'.repeat(127)}a.`, // 255 characters
    5,
  ];
  it.each(hostileHosts)('refuses CNAME target %j', (value) => {
    expect(refusedAt({ ...valid, type: 'CNAME', value })).toBe('value');
  });

  it.each([
    ...hostileHosts.filter((h) => typeof h === 'string' && !h.includes(' ')).map((h) => `10 ${h}`),
    '10',
    'mail',
    '-1 mail',
    '65536 mail',
    '99999 mail',
    '1.5 mail',
    '10\tmail',
    ' 10 mail',
    '10 mail ',
    '10 mail\n',
    '10 mail extra',
    '10 (mail)',
    '10 mail; x',
    10,
  ])('refuses MX value %j', (value) => {
    expect(refusedAt({ ...valid, type: 'MX', value })).toBe('value');
  });

  it.each(['', 'x'.repeat(256), 'a\nb', 'a\rb', 'a\tb', '\u0000', '\u007f', 'caf\u00e9', '\u2028', 'emoji \u{1F600}', 5, null])(
    'refuses TXT value %j',
    (value) => {
      expect(refusedAt({ ...valid, type: 'TXT', value })).toBe('value');
    },
  );

  it('refuses a CNAME at the zone apex, which always holds the SOA and NS records', () => {
    const result = parse({ name: '@', type: 'CNAME', value: 'www.example.com.', team: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ path: 'name', message: expect.stringMatching(/apex/) });
  });

  it('accepts nothing that could leave its place in a zone file (property)', () => {
    const hostile = fc.constantFrom(...'aZ09-.@ \n\r\t;()"\\$*_é\u212A\u0000\u007f'.split(''), '$INCLUDE', '$ORIGIN ', 'IN NS ');
    const text = fc.string({ unit: hostile, maxLength: 40 });
    const body = fc.record({
      name: fc.oneof(text, fc.constantFrom('@', 'www')),
      type: fc.constantFrom('A', 'CNAME', 'MX', 'TXT', 'a', 'mx'),
      value: fc.oneof(
        text,
        fc.integer({ min: -5, max: 300 }),
        text.map((t) => `10 ${t}`),
      ),
      team: fc.constant(1),
    });
    fc.assert(
      fc.property(body, (input) => {
        const result = parse(input);
        if (!result.ok) return;
        const { name, type, value } = result.value;
        expect(name).toMatch(/^(@|[a-z0-9-]+(\.[a-z0-9-]+)*)$/);
        if (type === 'TXT') expect(value).toMatch(/^[\x20-\x7e]{1,255}$/);
        else expect(value).toMatch(/^(\d+ )?[a-z0-9.-]+$/);
        expect(isAcceptedRecord(result.value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isAcceptedRecord', () => {
  it('accepts exactly the canonical form the API stores', () => {
    expect(isAcceptedRecord({ name: 'www', type: 'A', value: '5' })).toBe(true);
    expect(isAcceptedRecord({ name: 'WWW', type: 'A', value: '5' })).toBe(false);
    expect(isAcceptedRecord({ name: '@', type: 'MX', value: '010 mail' })).toBe(false);
    expect(isAcceptedRecord({ name: 'x\n$INCLUDE /etc/passwd', type: 'A', value: '5' })).toBe(false);
    expect(isAcceptedRecord({ name: 'x', type: 'NS' as 'A', value: 'evil.example.' })).toBe(false);
  });
});

describe('records against their zone', () => {
  const context = zoneContext('team11.ccdc.example', ['ns1.ccdc.example', 'ns.team11.ccdc.example.']);
  const zone: ZoneRecords = {
    '1': { name: 'www', type: 'A', value: '5' },
    '2': { name: 'web', type: 'CNAME', value: 'www' },
    '3': { name: '@', type: 'MX', value: '10 mail' },
    '4': { name: 'mail', type: 'A', value: '6' },
  };
  const check = (record: DnsRecordData, except?: number) => checkRecordInZone(record, zone, context, except);

  it('lets records of different data share a name (round robin, several MX)', () => {
    expect(check({ name: 'www', type: 'A', value: '7' })).toBeUndefined();
    expect(check({ name: '@', type: 'MX', value: '20 mail' })).toBeUndefined();
    expect(check({ name: '@', type: 'TXT', value: 'v=spf1 mx -all' })).toBeUndefined();
    expect(check({ name: 'ns', type: 'A', value: '53' })).toBeUndefined();
  });

  it('refuses exact duplicates, comparing names as absolute', () => {
    expect(check({ name: 'www', type: 'A', value: '5' })).toMatchObject({ kind: 'conflict', code: 'duplicate_dns_record' });
    expect(check({ name: '@', type: 'MX', value: '10 mail.team11.ccdc.example.' })).toMatchObject({ code: 'duplicate_dns_record' });
    expect(check({ name: 'web', type: 'CNAME', value: 'www.team11.ccdc.example.' })).toMatchObject({ code: 'duplicate_dns_record' });
    expect(check({ name: 'www', type: 'A', value: '5' }, 1)).toBeUndefined();
  });

  it('refuses a CNAME beside any other record, and any record beside a CNAME', () => {
    expect(check({ name: 'www', type: 'CNAME', value: 'elsewhere.example.' })).toMatchObject({
      code: 'cname_conflict',
      detail: expect.stringMatching(/record 1/),
    });
    expect(check({ name: 'web', type: 'CNAME', value: 'mail' })).toMatchObject({ code: 'cname_conflict' });
    expect(check({ name: 'web', type: 'TXT', value: 'hello' })).toMatchObject({ code: 'cname_conflict', detail: expect.stringMatching(/record 2/) });
    expect(check({ name: 'web', type: 'A', value: '9' })).toMatchObject({ code: 'cname_conflict' });
    // A record replaced by a CNAME is no longer beside itself.
    expect(check({ name: 'www', type: 'CNAME', value: 'elsewhere.example.' }, 1)).toBeUndefined();
    expect(check({ name: 'web', type: 'A', value: '9' }, 2)).toBeUndefined();
  });

  it('refuses a CNAME at a name server of the zone (it must have an address)', () => {
    expect(check({ name: 'ns', type: 'CNAME', value: 'www' })).toMatchObject({ code: 'cname_conflict', detail: expect.stringMatching(/name server/) });
    // Out of zone name servers constrain nothing.
    expect(check({ name: 'ns1', type: 'CNAME', value: 'www' })).toBeUndefined();
  });

  it('refuses names that become too long under the origin (253 characters)', () => {
    // 'team11.ccdc.example' is 19 characters: a relative name may have 253 - 20 = 233.
    const fits = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(41)}`;
    expect(fits.length).toBe(233);
    expect(check({ name: fits, type: 'A', value: '1' })).toBeUndefined();
    expect(check({ name: `${fits}d`, type: 'A', value: '1' })).toMatchObject({ kind: 'invalid', errors: [{ path: 'name' }] });
    expect(check({ name: 'x', type: 'CNAME', value: `${fits}d` })).toMatchObject({ kind: 'invalid', errors: [{ path: 'value' }] });
    expect(check({ name: 'x', type: 'MX', value: `1 ${fits}d` })).toMatchObject({ kind: 'invalid', errors: [{ path: 'value' }] });
    // A fully qualified target is not under the origin.
    expect(check({ name: 'x', type: 'CNAME', value: `${fits}d.example.` })).toBeUndefined();
  });

  it('keeps an address for a name server inside the zone', () => {
    const withNs: ZoneRecords = { ...zone, '7': { name: 'ns', type: 'A', value: '53' } };
    expect(checkRemovalFromZone(7, withNs, context)).toMatchObject({ code: 'nameserver_needs_address' });
    // Renamed, retyped or moved away: gone as well.
    expect(checkRemovalFromZone(7, withNs, context, { name: 'ns2', type: 'A', value: '53' })).toMatchObject({ code: 'nameserver_needs_address' });
    expect(checkRemovalFromZone(7, withNs, context, { name: 'ns', type: 'TXT', value: 'x' })).toMatchObject({ code: 'nameserver_needs_address' });
    // A new address in its place, or a second one, is fine.
    expect(checkRemovalFromZone(7, withNs, context, { name: 'ns', type: 'A', value: '54' })).toBeUndefined();
    expect(checkRemovalFromZone(7, { ...withNs, '8': { name: 'ns', type: 'A', value: '54' } }, context)).toBeUndefined();
    // Records that are not a name server's address go freely.
    expect(checkRemovalFromZone(1, withNs, context)).toBeUndefined();
    expect(checkRemovalFromZone(99, withNs, context)).toBeUndefined();
  });

  it(`holds at most ${MAX_RECORDS_PER_ZONE} records per zone`, () => {
    const full = Object.fromEntries(Array.from({ length: MAX_RECORDS_PER_ZONE }, (_, i) => [String(i + 1), { name: `h${i}`, type: 'A' as const, value: '1' }]));
    expect(checkRecordInZone({ name: 'one-more', type: 'A', value: '1' }, full, context)).toMatchObject({ code: 'too_many_dns_records' });
    expect(checkRecordInZone({ name: 'h0', type: 'A', value: '2' }, full, context, 1)).toBeUndefined();
  });
});
