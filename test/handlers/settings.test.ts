import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, invoke } from '../support/invoke';
import { forgetFreshCopies, freshSettings } from '#shared/data/fresh';
import { mintTokens, sampleCompetition, useFreshTable } from '../support/database';
import { namedCheckzone } from '../support/named-checkzone';

let admin: Record<string, string>;
let service: Record<string, string>;
/** The settings as the sample loads them. */
let loaded: Record<string, unknown>;

beforeAll(async () => {
  await useFreshTable();
  const tokens = await mintTokens();
  admin = bearer(tokens.admin);
  service = bearer(tokens.service);
  const { id: _id, ...fields } = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).json;
  loaded = fields;
});

const FULL = {
  competition_name: 'Finals',
  guest_division_enabled: true,
  scoring_enabled: true,
  start_time: '2026-11-22T08:00:00Z',
  end_time: '2026-11-22T18:00:00.000Z',
  dns_ttl: 600,
  dns_nameservers: ['ns1.finals.example', 'NS2.finals.example'],
  dns_hostmaster: 'noc@finals.example',
  dns_address_template: '172.16.{team_number}',
};

describe('settings', () => {
  // Each test starts from the settings as loaded, whatever the one before it wrote.
  beforeEach(async () => {
    expect((await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: loaded })).status).toBe(200);
  });

  it('lists the one settings object, with id 1 first', async () => {
    const response = await invoke('GET', '/api/v1/settings', { headers: service });
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(1);
    expect(Object.keys(response.json[0])[0]).toBe('id');
    expect(response.json[0]).toMatchObject({ id: 1, competition_name: 'Regional CCDC Practice Round', dns_ttl: 300 });
  });

  it('is 404 for any id but 1', async () => {
    for (const id of ['2', '0', 'one']) expect((await invoke('GET', `/api/v1/settings/${id}`, { headers: admin })).status).toBe(404);
  });

  it('replaces every field with PUT, normalising times and host names', async () => {
    const response = await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: FULL });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: 1,
      ...FULL,
      end_time: '2026-11-22T18:00:00Z',
      dns_nameservers: ['ns1.finals.example', 'ns2.finals.example'],
      // Not in the PUT (a client older than the field): its default.
      late_result_grace_seconds: 300,
      round_seconds: 60,
      scoreboard_freeze_time: null,
      sla_threshold: 0,
      sla_penalty: 0,
      teams_see_check_details: true,
      password_changes: 'immediate',
      password_change_delay_seconds: 300,
      password_changes_may_add_users: false,
      incident_reports_super_type_id: null,
      incident_report_max_points: 100,
      red_team_findings_super_type_id: null,
      red_team_repeat_window_minutes: 60,
      red_team_findings_shown: 'after_event',
      red_team_findings_described: false,
      debriefs_shown: 'after_finalise',
      beacon_points_per_round: 10,
      beacon_max_points_per_round: 30,
      beacon_expiry_rounds: 3,
      beacons_shown: 'after_event',
    });
    expect((await invoke('GET', '/api/v1/settings/1', { headers: service })).json).toEqual(response.json);
  });

  it("sets the agents' round length, at least 10 s", async () => {
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { round_seconds: 120 } })).json).toMatchObject({ round_seconds: 120 });
    const tooShort = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { round_seconds: 5 } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.json.errors.map((e: { path: string }) => e.path)).toEqual(['round_seconds']);
  });

  it('accepts the unchanged id back but never a new one', async () => {
    expect((await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: { id: 1, ...FULL } })).status).toBe(200);
    const changed = await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: { ...FULL, id: 2 } });
    expect(changed.status).toBe(400);
    expect(changed.json.errors).toEqual([{ path: 'id', message: 'is read-only (always 1)' }]);
  });

  it('needs every field for PUT and names each missing or wrong one', async () => {
    const { dns_ttl: _, ...missing } = FULL;
    const response = await invoke('PUT', '/api/v1/settings/1', {
      headers: admin,
      body: { ...missing, scoring_enabled: 'yes', dns_nameservers: ['bad name!'], colour: 'blue' },
    });
    expect(response.status).toBe(400);
    const paths = response.json.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['colour', 'dns_nameservers.0', 'dns_ttl', 'scoring_enabled']);
  });

  it('patches a subset and keeps the rest', async () => {
    await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: FULL });
    const response = await invoke('PATCH', '/api/v1/settings/1', { headers: service, body: { scoring_enabled: false, dns_ttl: 60 } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ competition_name: 'Finals', scoring_enabled: false, dns_ttl: 60, end_time: '2026-11-22T18:00:00Z' });
  });

  it('rejects out-of-range values, unknown fields and a window that ends before it starts', async () => {
    // A window to end before: 08:00 to 18:00.
    await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: FULL });
    const cases: [Record<string, unknown>, string][] = [
      [{ dns_ttl: 59 }, 'dns_ttl'],
      [{ dns_ttl: 86401 }, 'dns_ttl'],
      [{ dns_ttl: 300.5 }, 'dns_ttl'],
      [{ start_time: 'tomorrow' }, 'start_time'],
      [{ start_time: '2026-11-22T19:00:00Z' }, 'end_time'],
      [{ dns_address_template: '10.0.0' }, 'dns_address_template'],
      [{ dns_address_template: '300.0.{team_number}' }, 'dns_address_template'],
      // BIND refuses leading zeros in an address ("bad dotted quad").
      [{ dns_address_template: '10.00.{team_number}' }, 'dns_address_template'],
      [{ dns_hostmaster: 'host.master@example.com' }, 'dns_hostmaster'],
      [{ dns_nameservers: [] }, 'dns_nameservers'],
      // The Kelvin sign lower-cases to an ASCII k: it must be refused, not normalised into a valid name.
      [{ dns_nameservers: ['ns.\u212Aelvin.example'] }, 'dns_nameservers.0'],
      [{ competition_name: 'line\nbreak' }, 'competition_name'],
      [{ guest_division: true }, 'guest_division'],
    ];
    const before = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).json;
    for (const [patch, path] of cases) {
      const response = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: patch });
      expect(response.status, JSON.stringify(patch)).toBe(400);
      expect(
        response.json.errors.map((e: { path: string }) => e.path),
        JSON.stringify(patch),
      ).toContain(path);
    }
    expect((await invoke('GET', '/api/v1/settings/1', { headers: admin })).json).toEqual(before);
  });

  it('answers a stale If-Match with 412 and a current one with the change', async () => {
    const read = await invoke('GET', '/api/v1/settings/1', { headers: admin });
    const etag = read.headers.etag!;
    expect(etag).toMatch(/^"settings-v\d+"$/);
    const first = await invoke('PATCH', '/api/v1/settings/1', { headers: { ...admin, 'if-match': etag }, body: { dns_ttl: 120 } });
    expect(first.status).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    const stale = await invoke('PATCH', '/api/v1/settings/1', { headers: { ...admin, 'if-match': etag }, body: { dns_ttl: 180 } });
    expect(stale.status).toBe(412);
    expect(stale.json.code).toBe('precondition_failed');
    const stalePut = await invoke('PUT', '/api/v1/settings/1', { headers: { ...admin, 'if-match': etag }, body: FULL });
    expect(stalePut.status).toBe(412);
    expect((await invoke('GET', '/api/v1/settings/1', { headers: admin })).json.dns_ttl).toBe(120);
  });

  it('reads If-Match as a list, and any ETag that names no current version as stale', async () => {
    const etag = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).headers.etag!;
    const listed = await invoke('PATCH', '/api/v1/settings/1', { headers: { ...admin, 'if-match': `"other", ${etag}` }, body: { dns_ttl: 240 } });
    expect(listed.status).toBe(200);
    const foreign = await invoke('PATCH', '/api/v1/settings/1', { headers: { ...admin, 'if-match': '"abc"' }, body: { dns_ttl: 250 } });
    expect(foreign.status).toBe(412);
  });

  it('answers 404 for another id before looking at the body', async () => {
    expect((await invoke('PUT', '/api/v1/settings/2', { headers: admin, body: { dns_ttl: 'nope' } })).status).toBe(404);
    expect((await invoke('PATCH', '/api/v1/settings/7', { headers: admin, rawBody: '{' })).status).toBe(404);
  });

  it('takes the media type in any case', async () => {
    const response = await invoke('PATCH', '/api/v1/settings/1', {
      headers: { ...admin, 'content-type': 'Application/JSON; Charset=UTF-8' },
      rawBody: '{"dns_ttl": 300}',
    });
    expect(response.status).toBe(200);
  });

  it('accepts a name server inside a team zone only once that zone has its A record', async () => {
    const team = (await invoke('GET', '/api/v1/teams', { headers: admin })).json.find((t: { number: number }) => t.number === 13);
    const nameservers = ['ns1.ccdc.example', 'ns.team13.ccdc.example'];
    const early = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { dns_nameservers: nameservers } });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('nameserver_needs_address');
    expect(early.json.errors[0].path).toBe('dns_nameservers.1');

    const record = await invoke('POST', '/api/v1/dns', { headers: admin, body: { name: 'ns', type: 'A', value: 53, team: team.id } });
    expect(record.status).toBe(201);
    const later = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { dns_nameservers: nameservers } });
    expect(later.status).toBe(200);
    const zone = await invoke('GET', `/api/v1/teams/${team.id}/dns.zone`, { headers: admin });
    expect(namedCheckzone('team13.ccdc.example', zone.text).ok).toBe(true);
    await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { dns_nameservers: ['ns1.ccdc.example'] } });
  });

  it('loses no concurrent patches made without If-Match', async () => {
    await invoke('PUT', '/api/v1/settings/1', { headers: admin, body: FULL });
    const results = await Promise.all([
      invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { dns_ttl: 999 } }),
      invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { competition_name: 'Renamed' } }),
      invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { scoring_enabled: false } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).json;
    expect(after).toMatchObject({ dns_ttl: 999, competition_name: 'Renamed', scoring_enabled: false });
  });

  it('is closed to anonymous callers', async () => {
    expect((await invoke('GET', '/api/v1/settings')).status).toBe(401);
    expect((await invoke('PATCH', '/api/v1/settings/1', { body: { dns_ttl: 60 } })).status).toBe(401);
  });

  it('rejects a body that is not JSON, not an object, or missing', async () => {
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, rawBody: '{"dns_ttl": ' })).json.code).toBe('malformed_json');
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, rawBody: '[1,2]' })).status).toBe(400);
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin })).status).toBe(400);
    const wrongType = await invoke('PATCH', '/api/v1/settings/1', {
      headers: { ...admin, 'content-type': 'text/plain' },
      rawBody: '{"dns_ttl": 60}',
    });
    expect(wrongType.status).toBe(415);
  });
});

describe("a function's kept copies", () => {
  it('belong to the table they were read from: a process that switches tables (the local server under test, the bench) reads the new one at once', async () => {
    const first = process.env.TABLE_NAME!;
    // What the first table holds now (a copy kept from before an earlier test's change would not be).
    forgetFreshCopies();
    const before = await freshSettings();
    const other = await useFreshTable({ ...sampleCompetition(), settings: { ...sampleCompetition().settings, round_seconds: 97 } });
    try {
      expect(before.settings.round_seconds).not.toBe(97);
      expect((await freshSettings()).settings.round_seconds).toBe(97);
    } finally {
      process.env.TABLE_NAME = first;
    }
    expect(other).not.toBe(first);
    expect((await freshSettings()).settings.round_seconds).toBe(before.settings.round_seconds);
  });
});
