import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { getSettings, saveSettings } from '#shared/data/settings';
import type { SettingsFields } from '#shared/domain/settings';
import { logSink } from '#shared/log';
import { mintTokens, TEST_AUDIT, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';
import { namedCheckzone } from '../support/named-checkzone';

let tokens: { admin: string; service: string };
/** Team ids by team number (ids differ from numbers). */
const teamId: Record<number, number> = {};

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  const teams = (await invoke('GET', '/api/v1/teams', { headers: bearer(tokens.admin) })).json as { id: number; number: number }[];
  for (const team of teams) teamId[team.number] = team.id;
});

const RECORD_FIELDS = ['id', 'name', 'type', 'value', 'team'];
const admin = () => bearer(tokens.admin);
const service = () => bearer(tokens.service);

const post = (body: unknown, headers = admin()) => invoke('POST', '/api/v1/dns', { headers, body });
const put = (id: number | string, body: unknown, headers = admin()) => invoke('PUT', `/api/v1/dns/${id}`, { headers, body });
const del = (id: number | string, headers = admin()) => invoke('DELETE', `/api/v1/dns/${id}`, { headers });
const zoneOf = (team: number) => invoke('GET', `/api/v1/teams/${teamId[team]}/dns.zone`, { headers: admin() });
const recordsOf = async (team: number) => (await invoke('GET', `/api/v1/teams/${teamId[team]}/dns`, { headers: admin() })).json as { id: number }[];

async function serialOf(team: number): Promise<number> {
  const zone = await zoneOf(team);
  const match = /\tSOA\t\S+ \S+ (\d+) /.exec(zone.text);
  if (!match) throw new Error(`No SOA serial in:\n${zone.text}`);
  return Number(match[1]);
}

async function created(body: Record<string, unknown>) {
  const response = await post(body);
  expect(response.status, response.text).toBe(201);
  return response.json as { id: number; name: string; type: string; value: string; team: number };
}

describe('DNS records: create, read, update, delete', () => {
  it('creates a record (201, Location) and returns exactly id, name, type, value, team', async () => {
    const response = await post({ name: 'WWW', type: 'a', value: 10, team: teamId[11] });
    expect(response.status).toBe(201);
    expect(Object.keys(response.json)).toEqual(RECORD_FIELDS);
    expect(response.json).toMatchObject({ name: 'www', type: 'A', value: '10', team: teamId[11] });
    expect(response.headers.location).toBe(`/api/v1/dns/${response.json.id}`);

    const read = await invoke('GET', response.headers.location!, { headers: service() });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(response.json);
    expect(Object.keys(read.json)).toEqual(RECORD_FIELDS);
  });

  it('accepts every type, in canonical form', async () => {
    const team = teamId[11]!;
    expect(await created({ name: 'web', type: 'CNAME', value: 'WWW', team })).toMatchObject({ type: 'CNAME', value: 'www' });
    expect(await created({ name: '@', type: 'MX', value: '010 Mail', team })).toMatchObject({ type: 'MX', value: '10 mail' });
    expect(await created({ name: 'mail', type: 'A', value: '25', team })).toMatchObject({ value: '25' });
    expect(await created({ name: '@', type: 'TXT', value: 'v=spf1 mx -all; "q" \\', team })).toMatchObject({ value: 'v=spf1 mx -all; "q" \\' });
    expect(await created({ name: 'ext', type: 'CNAME', value: 'scoring.example.com.', team })).toMatchObject({ value: 'scoring.example.com.' });
  });

  it('lists every record in id order, for services too', async () => {
    const mine = [
      await created({ name: 'listed', type: 'A', value: 11, team: teamId[13] }),
      await created({ name: 'listed', type: 'A', value: 11, team: teamId[11] }),
    ];
    const response = await invoke('GET', '/api/v1/dns', { headers: service() });
    expect(response.status).toBe(200);
    const records = response.json as { id: number }[];
    for (const record of records) expect(Object.keys(record)).toEqual(RECORD_FIELDS);
    const ids = records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(mine.map((r) => r.id)));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('replaces a record with PUT (200) and deletes it (204, then 404)', async () => {
    const record = await created({ name: 'tmp', type: 'A', value: 1, team: teamId[11] });
    const updated = await put(record.id, { name: 'tmp2', type: 'TXT', value: 'now text', team: teamId[11] }, service());
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ id: record.id, name: 'tmp2', type: 'TXT', value: 'now text', team: teamId[11] });
    expect((await invoke('GET', `/api/v1/dns/${record.id}`, { headers: admin() })).json).toEqual(updated.json);

    const deleted = await del(record.id, service());
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await invoke('GET', `/api/v1/dns/${record.id}`, { headers: admin() })).status).toBe(404);
    expect((await del(record.id)).status).toBe(404);
    expect((await put(record.id, { name: 'x', type: 'A', value: 1, team: teamId[11] })).status).toBe(404);
  });

  it('accepts a PUT that changes nothing', async () => {
    const record = await created({ name: 'same', type: 'A', value: 3, team: teamId[11] });
    const { id: _id, ...body } = record;
    const response = await put(record.id, body);
    expect(response.status).toBe(200);
    expect(response.json).toEqual(record);
  });

  it('moves a record to another team: both zones change in the same write', async () => {
    const record = await created({ name: 'mover', type: 'A', value: 40, team: teamId[13] });
    const [from, to] = [await serialOf(13), await serialOf(14)];
    const moved = await put(record.id, { name: 'mover', type: 'A', value: 40, team: teamId[14] });
    expect(moved.status).toBe(200);
    expect(moved.json.team).toBe(teamId[14]);
    expect((await recordsOf(13)).some((r) => r.id === record.id)).toBe(false);
    expect((await recordsOf(14)).map((r) => r.id)).toContain(record.id);
    expect(await serialOf(13)).toBe(from + 1);
    expect(await serialOf(14)).toBe(to + 1);
    expect((await zoneOf(14)).text).toContain('mover\tIN\tA\t127.0.14.40\n');
    expect((await zoneOf(13)).text).not.toContain('mover');
  });

  it('allows records for the hidden team (admins and services see it)', async () => {
    const record = await created({ name: 'test', type: 'A', value: 9, team: teamId[99] });
    expect((await recordsOf(99)).map((r) => r.id)).toEqual([record.id]);
  });
});

describe('DNS records: refused writes (400, 415)', () => {
  const good = () => ({ name: 'ok', type: 'A', value: 5, team: teamId[12] });

  async function expectRefused(body: unknown, path: string) {
    const response = await post(body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.json.code).toBe('validation_failed');
    expect(response.json.errors[0].path, JSON.stringify(body)).toBe(path);
    // Nothing leaks: no stack, no internal message.
    expect(response.text).not.toMatch(/at \w+ \(|node_modules|Error:/);
  }

  it.each([
    ['name', 'www\n@ IN NS evil.example.'],
    ['name', '$INCLUDE /etc/passwd'],
    ['name', 'a;b'],
    ['name', '(a)'],
    ['name', '"a"'],
    ['name', 'a b'],
    ['name', 'caf\u00e9'],
    ['name', '\u212Aey'],
    ['name', 'a\u0000'],
    ['name', 'a'.repeat(64)],
    ['name', `${'a'.repeat(63)}.`.repeat(4) + 'a'],
    ['name', '-a'],
    ['name', 'www.example.com.'],
    ['name', ''],
  ])('refuses %s %j', async (field, hostile) => {
    await expectRefused({ ...good(), [field]: hostile }, field);
  });

  it.each([
    ['A', 0],
    ['A', 255],
    ['A', '10.0.0.1'],
    ['A', '1\n'],
    ['CNAME', 'x.\n$INCLUDE /etc/passwd'],
    ['CNAME', 'a;b'],
    ['CNAME', '(x)'],
    ['CNAME', 'caf\u00e9.example.'],
    ['MX', '10'],
    ['MX', '70000 mail'],
    ['MX', '10 mail\n@ IN NS evil.example.'],
    ['MX', '10 (mail)'],
    ['TXT', 'line\nbreak'],
    ['TXT', 'tab\there'],
    ['TXT', '\u0007bell'],
    ['TXT', 'caf\u00e9'],
    ['TXT', 'x'.repeat(256)],
    ['TXT', ''],
  ])('refuses a %s value %j', async (type, value) => {
    await expectRefused({ ...good(), type, value }, 'value');
  });

  it('refuses unknown, missing and wrongly typed fields, and unknown types', async () => {
    await expectRefused({ ...good(), ttl: 60 }, 'ttl');
    await expectRefused({ ...good(), id: 5 }, 'id');
    const { value: _value, ...noValue } = good();
    await expectRefused(noValue, 'value');
    await expectRefused({ ...good(), team: String(teamId[12]) }, 'team');
    await expectRefused({ ...good(), name: 7 }, 'name');
    await expectRefused({ ...good(), type: 'AAAA' }, 'type');
    await expectRefused({ ...good(), type: 'NS', value: 'evil.example.' }, 'type');
    await expectRefused([good()], '');
    const type = await post({ ...good(), type: 'SRV' });
    expect(type.json.errors[0].message).toBe('must be one of A, CNAME, MX, TXT');
  });

  it('refuses a CNAME at the zone apex', async () => {
    await expectRefused({ name: '@', type: 'CNAME', value: 'elsewhere.example.', team: teamId[12] }, 'name');
  });

  it('refuses a name that is too long once the team domain is appended', async () => {
    // team12.ccdc.example is 19 characters; 234 + 1 + 19 = 254 > 253.
    const name = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(42)}`;
    await expectRefused({ ...good(), name }, 'name');
  });

  it('refuses malformed JSON, an empty body, and a body that is not JSON', async () => {
    const malformed = await invoke('POST', '/api/v1/dns', { headers: admin(), rawBody: '{"name": "www", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('malformed_json');
    const empty = await invoke('POST', '/api/v1/dns', { headers: { ...admin(), 'content-type': 'application/json' }, rawBody: '' });
    expect(empty.status).toBe(400);
    const text = await invoke('POST', '/api/v1/dns', { headers: { ...admin(), 'content-type': 'text/plain' }, rawBody: 'name=www' });
    expect(text.status).toBe(415);
    const nullBody = await invoke('POST', '/api/v1/dns', { headers: admin(), rawBody: 'null' });
    expect(nullBody.status).toBe(400);
  });

  it('refuses a team number where the team id belongs, and says so', async () => {
    expect(teamId[12]).not.toBe(12);
    const response = await post({ ...good(), team: 12 });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('unknown_team');
    expect(response.json.detail).toMatch(/team id, not its number|team's id, not its number/);
    expect(response.json.detail).toContain(`Team number 12 has id ${teamId[12]}`);
    expect(response.json.errors).toEqual([{ path: 'team', message: expect.stringMatching(/id, not its number/) }]);

    const record = await created({ ...good(), name: 'renumbered' });
    const unknown = await put(record.id, { ...good(), team: 987654 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('unknown_team');
  });

  it('writes nothing for a refused request', async () => {
    const before = (await invoke('GET', '/api/v1/dns', { headers: admin() })).json;
    const serial = await serialOf(12);
    await expectRefused({ ...good(), value: 256 }, 'value');
    await expectRefused({ ...good(), ttl: 60 }, 'ttl');
    await expectRefused({ name: '@', type: 'CNAME', value: 'elsewhere.example.', team: teamId[12] }, 'name');
    expect((await invoke('POST', '/api/v1/dns', { headers: admin(), rawBody: '{"name": "www", ' })).status).toBe(400);
    expect((await post({ ...good(), team: 12 })).status).toBe(400);
    expect((await invoke('GET', '/api/v1/dns', { headers: admin() })).json).toEqual(before);
    expect(await serialOf(12)).toBe(serial);
  });
});

describe('DNS records: conflicts (409)', () => {
  it('refuses exact duplicates, also written differently', async () => {
    const team = teamId[21]!;
    await created({ name: 'www', type: 'A', value: 5, team });
    await created({ name: '@', type: 'MX', value: '10 mail', team });
    for (const body of [
      { name: 'www', type: 'A', value: '5', team },
      { name: 'WWW', type: 'a', value: 5, team },
      { name: '@', type: 'MX', value: '10 mail.team21.ccdc.example.', team },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect(response.json.code).toBe('duplicate_dns_record');
    }
    // Same name, other data: round robin is fine.
    await created({ name: 'www', type: 'A', value: 6, team });
  });

  it('refuses a CNAME beside other records, records beside a CNAME, and two CNAMEs', async () => {
    const team = teamId[21]!;
    await created({ name: 'host', type: 'A', value: 9, team });
    const alias = await created({ name: 'web', type: 'CNAME', value: 'host', team });
    for (const body of [
      { name: 'host', type: 'CNAME', value: 'elsewhere.example.', team },
      { name: 'web', type: 'A', value: 7, team },
      { name: 'web', type: 'TXT', value: 'hello', team },
      { name: 'web', type: 'CNAME', value: 'mail', team },
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect(response.json.code).toBe('cname_conflict');
    }
    // A PUT that would make a conflict is refused too; the record itself is not a conflict.
    const other = await created({ name: 'other', type: 'A', value: 8, team });
    expect((await put(other.id, { name: 'web', type: 'A', value: 8, team })).status).toBe(409);
    expect((await put(alias.id, { name: 'web', type: 'CNAME', value: 'other', team })).status).toBe(200);
    // The same name in another team's zone is another name.
    await created({ name: 'web', type: 'A', value: 7, team: teamId[13] });
  });
});

describe('DNS records: access and unknown ids', () => {
  it('needs credentials on every DNS route (401 with WWW-Authenticate)', async () => {
    const id = teamId[11];
    for (const [method, path] of [
      ['GET', '/api/v1/dns'],
      ['POST', '/api/v1/dns'],
      ['GET', '/api/v1/dns/1'],
      ['PUT', '/api/v1/dns/1'],
      ['DELETE', '/api/v1/dns/1'],
      ['GET', `/api/v1/teams/${id}/dns`],
      ['GET', `/api/v1/teams/${id}/dns.zone`],
    ] as const) {
      const response = await invoke(method, path, method === 'POST' || method === 'PUT' ? { body: { name: 'x', type: 'A', value: 1, team: id } } : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    expect((await invoke('GET', '/api/v1/dns', { headers: bearer('ccdc_00000000_' + 'a'.repeat(43)) })).status).toBe(401);
  });

  it('keeps the team exports for admins (403 for a service account)', async () => {
    for (const path of [`/api/v1/teams/${teamId[11]}/dns`, `/api/v1/teams/${teamId[11]}/dns.zone`]) {
      const response = await invoke('GET', path, { headers: service() });
      expect(response.status, path).toBe(403);
      expect(response.json.code).toBe('forbidden');
    }
  });

  it('is 404 for unknown and malformed record ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      expect((await invoke('GET', `/api/v1/dns/${id}`, { headers: admin() })).status, id).toBe(404);
      expect((await del(id)).status, id).toBe(404);
      expect((await put(id, { name: 'x', type: 'A', value: 1, team: teamId[11] })).status, id).toBe(404);
    }
  });

  it('is 404 for the exports of unknown and malformed team ids; admins see the hidden team', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect((await invoke('GET', `/api/v1/teams/${id}/dns`, { headers: admin() })).status, id).toBe(404);
      expect((await invoke('GET', `/api/v1/teams/${id}/dns.zone`, { headers: admin() })).status, id).toBe(404);
    }
    expect((await zoneOf(99)).status).toBe(200);
  });
});

describe('team DNS exports', () => {
  beforeAll(async () => {
    await created({ name: 'export', type: 'A', value: 10, team: teamId[11] });
    await created({ name: 'export', type: 'TXT', value: 'v=spf1 mx -all; "q" \\', team: teamId[11] });
  });

  it("lists a team's records as JSON in id order", async () => {
    const records = await recordsOf(11);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(Object.keys(record)).toEqual(RECORD_FIELDS);
    expect(records.every((r) => (r as unknown as { team: number }).team === teamId[11])).toBe(true);
    const ids = records.map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('serves the zone as text/dns that passes named-checkzone', async () => {
    const response = await zoneOf(11);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/dns');
    expect(response.headers['cache-control']).toBe('no-store');
    const zone = response.text;
    expect(zone.startsWith('$ORIGIN team11.ccdc.example.\n$TTL 300\n')).toBe(true);
    expect(zone).toContain('\tSOA\tns1.ccdc.example. hostmaster.ccdc.example. ');
    expect(zone).toContain('@\tIN\tNS\tns1.ccdc.example.\n@\tIN\tNS\tns2.ccdc.example.\n');
    expect(zone).toContain('export\tIN\tA\t127.0.11.10\n');
    expect(zone).toContain('export\tIN\tTXT\t"v=spf1 mx -all; \\"q\\" \\\\"\n');
    const check = namedCheckzone('team11.ccdc.example', zone);
    expect(check.ok, `${check.output}\n${zone}`).toBe(true);
  });

  it('answers If-None-Match with 304 while the zone is unchanged', async () => {
    const first = await zoneOf(11);
    const again = await invoke('GET', `/api/v1/teams/${teamId[11]}/dns.zone`, { headers: { ...admin(), 'if-none-match': first.headers.etag! } });
    expect(again.status).toBe(304);
  });

  it('renders an empty zone for a team without records', async () => {
    // Team 22: no other test writes its records.
    expect(await recordsOf(22)).toEqual([]);
    const response = await zoneOf(22);
    expect(namedCheckzone('team22.ccdc.example', response.text).ok).toBe(true);
  });
});

describe('the zone serial', () => {
  it('grows with every create, update and delete, and not with a PUT that changes nothing', async () => {
    const s0 = await serialOf(13);
    const record = await created({ name: 'serial', type: 'A', value: 1, team: teamId[13] });
    const s1 = await serialOf(13);
    expect(s1).toBe(s0 + 1);
    expect((await put(record.id, { name: 'serial', type: 'A', value: 2, team: teamId[13] })).status).toBe(200);
    const s2 = await serialOf(13);
    expect(s2).toBe(s1 + 1);
    expect((await put(record.id, { name: 'serial', type: 'A', value: '2', team: teamId[13] })).status).toBe(200);
    expect(await serialOf(13)).toBe(s2);
    expect((await del(record.id)).status).toBe(204);
    expect(await serialOf(13)).toBe(s2 + 1);
  });

  it('does not change for refused writes', async () => {
    const before = await serialOf(13);
    await created({ name: 'dup', type: 'A', value: 1, team: teamId[13] });
    expect((await post({ name: 'dup', type: 'A', value: 1, team: teamId[13] })).status).toBe(409);
    expect((await post({ name: 'dup', type: 'A', value: 300, team: teamId[13] })).status).toBe(400);
    expect(await serialOf(13)).toBe(before + 1);
  });

  it('grows when the settings change (TTL, name servers, address template)', async () => {
    const before = await serialOf(13);
    await changeSettings({ dns_ttl: 600 });
    onTestFinished(() => changeSettings({ dns_ttl: 300 }));
    const zone = (await zoneOf(13)).text;
    expect(zone).toContain('$TTL 600\n');
    expect(await serialOf(13)).toBe(before + 1);
  });
});

describe('name servers inside a team zone', () => {
  it('keep their address: no CNAME there, and their last A record cannot go', async () => {
    const team = teamId[14]!;
    await changeSettings({ dns_nameservers: ['ns1.ccdc.example', 'ns.team14.ccdc.example'] });
    onTestFinished(() => changeSettings({ dns_nameservers: ['ns1.ccdc.example', 'ns2.ccdc.example'] }));
    const cname = await post({ name: 'ns', type: 'CNAME', value: 'elsewhere.example.', team });
    expect(cname.status).toBe(409);
    expect(cname.json.code).toBe('cname_conflict');

    const address = await created({ name: 'ns', type: 'A', value: 53, team });
    expect(namedCheckzone('team14.ccdc.example', (await zoneOf(14)).text).ok).toBe(true);
    const gone = await del(address.id);
    expect(gone.status).toBe(409);
    expect(gone.json.code).toBe('nameserver_needs_address');
    expect((await put(address.id, { name: 'ns-old', type: 'A', value: 53, team })).json.code).toBe('nameserver_needs_address');
    expect((await put(address.id, { name: 'ns', type: 'A', value: 54, team })).status).toBe(200);

    await changeSettings({ dns_nameservers: ['ns1.ccdc.example', 'ns2.ccdc.example'] });
    expect((await del(address.id)).status).toBe(204);
  });
});

describe('concurrent writes', () => {
  it('loses nothing when 40 records are created for one team at once', async () => {
    const team = teamId[12]!;
    const before = await serialOf(12);
    const earlier = (await recordsOf(12)).map((r) => r.id);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post({ name: `host-${i}`, type: 'A', value: i + 1, team }, i % 2 ? admin() : service())),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    const ids = responses.map((r) => r.json.id as number);
    expect(new Set(ids).size).toBe(40);

    const listed = new Set(((await invoke('GET', '/api/v1/dns', { headers: admin() })).json as { id: number }[]).map((r) => r.id));
    expect(ids.every((id) => listed.has(id))).toBe(true);
    expect((await recordsOf(12)).map((r) => r.id).sort((a, b) => a - b)).toEqual([...earlier, ...ids].sort((a, b) => a - b));
    const zone = (await zoneOf(12)).text;
    for (let i = 0; i < 40; i++) expect(zone).toContain(`host-${i}\tIN\tA\t127.0.12.${i + 1}\n`);
    expect(await serialOf(12)).toBe(before + 40);
    expect(namedCheckzone('team12.ccdc.example', zone).ok).toBe(true);
  });

  it('lets exactly one of several identical concurrent creates win', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => post({ name: 'race', type: 'A', value: 99, team: teamId[12] })));
    expect(responses.filter((r) => r.status === 201).length).toBe(1);
    expect(responses.filter((r) => r.status === 409).length).toBe(7);
  });
});

describe('accountability', () => {
  const lines: Record<string, unknown>[] = [];
  const write = logSink.write;
  const level = process.env.LOG_LEVEL;
  afterEach(() => {
    logSink.write = write;
    process.env.LOG_LEVEL = level;
  });

  it('logs who created, changed and deleted each record, and keeps it on the record item (never in responses)', async () => {
    process.env.LOG_LEVEL = 'info';
    logSink.write = (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    };
    const record = await created({ name: 'audit', type: 'A', value: 1, team: teamId[11] });
    const item = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.dnsRecord(record.id) }))).Item!;
    expect(item.created_by).toMatch(/^test admin \(token /);
    expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    await put(record.id, { name: 'audit', type: 'A', value: 2, team: teamId[11] }, service());
    const updated = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.dnsRecord(record.id) }))).Item!;
    expect(updated.created_by).toBe(item.created_by);
    expect(updated.updated_by).toMatch(/^test agent \(token /);
    expect(Object.keys((await invoke('GET', `/api/v1/dns/${record.id}`, { headers: admin() })).json)).toEqual(RECORD_FIELDS);
    await del(record.id);

    const events = lines.filter((l) => typeof l.message === 'string' && (l.message as string).startsWith('dns record '));
    expect(events.map((e) => e.message)).toEqual(['dns record created', 'dns record updated', 'dns record deleted']);
    for (const event of events) {
      expect(event).toMatchObject({ id: record.id, team: teamId[11], requestId: expect.any(String) });
      expect(event.by).toMatch(/^test (admin|agent) \(token /);
    }
    expect(events[1]!.by).toMatch(/^test agent/);
  });
});

async function changeSettings(change: Partial<SettingsFields>) {
  const current = (await getSettings({ consistent: true }))!;
  const { id: _id, ...fields } = current.settings;
  const saved = await saveSettings({ ...fields, ...change }, current, { ...TEST_AUDIT, action: 'settings.update' });
  if (saved === 'stale') throw new Error('settings changed concurrently');
}
