/**
 * Live editing of teams (issue #28): a team renamed, hidden and shown again,
 * its DNS zone moved, a name or a zone another team has refused; then teams
 * and services added while the event runs, each name and number once, and
 * nothing added once the competition is finalised.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readTeamProfile, writeTeamProfile } from '#shared/data/teams';
import { TEST_AUDIT } from '../support/database';
import { bearer, invoke } from '../support/invoke';
import { useCompetition } from './competition';

const { freshCompetition, fold: currentFold, admin, tokens } = useCompetition();

describe('editing a team', () => {
  // Each test starts from the sample competition: they run in any order (test/handlers/competition.ts).
  beforeEach(freshCompetition);
  const teamId = 2;
  const profileOf = () => invoke('GET', `/api/v1/teams/${teamId}/profile`, { headers: admin() });
  const edit = (body: unknown, etag?: string) =>
    invoke('PATCH', `/api/v1/teams/${teamId}`, { headers: { ...admin(), ...(etag ? { 'if-match': etag } : {}) }, body });
  const scoreboardRow = async (headers: Record<string, string> = {}) =>
    ((await invoke('GET', '/api/v1/teams/scoreboard', { headers })).json.scoreboard as { team: { id: number; name: string }; total_score: number }[]).find(
      (row) => row.team.id === teamId,
    );
  const statusHas = async () => teamId in (await invoke('GET', '/api/v1/services/status')).json.teams;

  it('renames it everywhere at once, hides it from the public (its results stay), shows it again; If-Match and the audit trail as for a service', async () => {
    const before = await profileOf();
    expect(before.json).toMatchObject({ id: teamId, hidden: false, version: 1 });
    const total = (await scoreboardRow())!.total_score;

    const renamed = await edit({ name: 'Renamed Rangers', guest_division: true }, before.headers.etag);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ ...before.json, name: 'Renamed Rangers', guest_division: true, version: 2 });
    expect((await invoke('GET', `/api/v1/teams/${teamId}`)).json).toMatchObject({ name: 'Renamed Rangers', guest_division: true });
    const services = (await invoke('GET', `/api/v1/services?team=${before.json.number}`)).json as { team: { name: string } }[];
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.team.name === 'Renamed Rangers')).toBe(true);
    expect((await scoreboardRow())!.team.name).toBe('Renamed Rangers');
    expect((await edit({ name: 'Lost update' }, before.headers.etag)).status).toBe(412);

    // Hidden: gone from every public read, still there for organisers, its points kept.
    expect((await edit({ hidden: true }, renamed.headers.etag)).status).toBe(200);
    expect((await invoke('GET', `/api/v1/teams/${teamId}`)).status).toBe(404);
    expect(await scoreboardRow()).toBeUndefined();
    expect(await statusHas()).toBe(false);
    expect((await invoke('GET', `/api/v1/services?team=${before.json.number}`)).json).toEqual([]);
    expect((await scoreboardRow(admin()))!.total_score).toBe(total);
    // Shown again: as it was.
    expect((await edit({ hidden: false })).json).toMatchObject({ hidden: false, version: 4 });
    expect((await scoreboardRow())!.total_score).toBe(total);
    expect(await statusHas()).toBe(true);

    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as { action: string; target: string }[];
    expect(audit.filter((e) => e.action === 'team.update' && e.target === `teams/${teamId}`)).toHaveLength(3);
  });

  it('gives it networks (public egress ranges), IPv4 and IPv6, kept as given and replaced whole; a CIDR that is not one, has host bits set or is too wide is 400 naming it', async () => {
    const before = await profileOf();
    expect(before.json.networks).toEqual([]);
    const networks = ['127.0.2.0/24', '2001:db8:2::/48'];
    const given = await edit({ networks }, before.headers.etag);
    expect(given.status, given.text).toBe(200);
    expect(given.json).toEqual({ ...before.json, networks, version: 2 });
    expect((await profileOf()).json.networks).toEqual(networks);
    // Never on the public team.
    expect((await invoke('GET', `/api/v1/teams/${teamId}`)).json).not.toHaveProperty('networks');
    for (const [bad, says] of [
      ['127.0.2.10/24', 'has host bits set: the network is 127.0.2.0/24'],
      ['10.0.0.0/4', 'is wider than /8'],
      ['300.0.0.0/8', 'does not start with an IPv4 or IPv6 address'],
      ['2001:db8::1::/64', 'does not start with an IPv4 or IPv6 address'],
      ['127.0.2.0', 'is not a CIDR'],
      ['127.0.2.0/33', 'has no prefix length between 0 and 32'],
    ]) {
      const refused = await edit({ networks: [bad] });
      expect(refused.status, bad).toBe(400);
      expect(refused.text).toContain(says);
    }
    expect((await edit({ networks: Array.from({ length: 33 }, (_, i) => `10.${i}.0.0/16`) })).status).toBe(400);
    // Another team's range, or one inside it: 400 naming that team.
    const other = await invoke('PATCH', '/api/v1/teams/3', { headers: admin(), body: { networks: ['198.51.100.0/24'] } });
    expect(other.status, other.text).toBe(200);
    const overlapping = await edit({ networks: ['198.51.100.128/25'] });
    expect([overlapping.status, overlapping.json.errors[0].path]).toEqual([400, 'networks']);
    expect(overlapping.json.errors[0].message).toContain(`team ${other.json.number}'s 198.51.100.0/24`);
    expect((await profileOf()).json).toMatchObject({ networks, version: 2 });
  });

  it("moves its DNS zone: its records follow (the zone file's origin and names), another team's zone is 400, a zone a name server of the settings lies in is 409", async () => {
    const before = (await profileOf()).json as { team_url: string; number: number };
    const record = await invoke('POST', '/api/v1/dns', { headers: admin(), body: { name: 'ns', type: 'A', value: '53', team: teamId } });
    expect(record.status, record.text).toBe(201);
    const settings = await invoke('GET', '/api/v1/settings/1', { headers: admin() });
    const nameservers = settings.json.dns_nameservers as string[];
    const inside = `ns.${before.team_url}`;
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { dns_nameservers: [...nameservers, inside] } })).status).toBe(200);
    expect((await edit({ team_url: 'moved.ccdc.example' })).json.code).toBe('zone_in_use');
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { dns_nameservers: nameservers } })).status).toBe(200);
    const other = ((await invoke('GET', '/api/v1/teams', { headers: admin() })).json as { id: number; team_url: string }[]).find((t) => t.id !== teamId)!;
    expect((await edit({ team_url: other.team_url.toUpperCase() })).json.errors[0].path).toBe('team_url');

    const moved = await edit({ team_url: 'moved.ccdc.example' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.team_url).toBe('moved.ccdc.example');
    const zone = (await invoke('GET', `/api/v1/teams/${teamId}/dns.zone`, { headers: admin() })).text;
    expect(zone).toContain('$ORIGIN moved.ccdc.example.');
    expect(zone).toMatch(/^ns\s+(\d+\s+)?IN\s+A\s+/m);
    // Its old zone is free: another team may take it; moved back, it is its own again.
    expect((await edit({ team_url: before.team_url })).json.team_url).toBe(before.team_url);
  });

  it("refuses another team's name, in any case and spacing (400), and changes nothing", async () => {
    const before = await profileOf();
    const other = ((await invoke('GET', '/api/v1/teams', { headers: admin() })).json as { id: number; name: string }[]).find((t) => t.id !== teamId)!;
    const taken = await edit({ name: `  ${other.name.toUpperCase()} `, logo: '' }, before.headers.etag);
    expect([taken.status, taken.json.errors?.map((e: { path: string }) => e.path)]).toEqual([400, ['name']]);
    expect((await profileOf()).json).toEqual(before.json);
    // Its own name in another case is its own.
    const recased = await edit({ name: before.json.name.toUpperCase() }, before.headers.etag);
    expect(recased.status, recased.text).toBe(200);
    expect((await edit({ name: before.json.name }, recased.headers.etag)).status).toBe(200);
  });

  it('refuses an empty or hostile edit (400) and an unknown team (404)', async () => {
    const before = (await profileOf()).json;
    expect((await edit({})).status).toBe(400);
    expect((await edit({ logo: 'javascript:alert(1)' })).status).toBe(400);
    expect((await edit({ name: 'line\nbreak' })).status).toBe(400);
    expect((await edit({ team_url: 'not a zone' })).status).toBe(400);
    expect((await profileOf()).json).toEqual(before);
    expect((await invoke('PATCH', '/api/v1/teams/99999', { headers: admin(), body: { hidden: true } })).status).toBe(404);
  });
});

describe('adding a team and a service', () => {
  // Each test starts from the sample competition: they run in any order (test/handlers/competition.ts).
  beforeEach(freshCompetition);
  const create = (path: string, body: unknown, key?: string) =>
    invoke('POST', `/api/v1/${path}`, { headers: { ...admin(), ...(key ? { 'idempotency-key': key } : {}) }, body });
  const newTeam = { number: 51, name: 'Late Arrivals', team_url: 'team51.ccdc.example' };
  const scoreboard = async () => (await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as Record<string, any>[];
  /** Team 51, added as the first test adds it. */
  const addTeam = async () => {
    const added = await create('teams', newTeam);
    expect(added.status, added.text).toBe(201);
    return added.json as { id: number };
  };

  it('adds a team, shown at once with no services and no points; a retry with its Idempotency-Key adds nothing; taken numbers, names and zones are refused', async () => {
    const before = await scoreboard();
    const added = await create('teams', newTeam, 'late-team-1');
    expect(added.status, added.text).toBe(201);
    expect(added.json).toEqual({ id: expect.any(Number), ...newTeam, logo: '', guest_division: false, hidden: false, networks: [], version: 1 });
    expect(added.headers.location).toBe(`/api/v1/teams/${added.json.id}/profile`);
    expect(added.headers.etag).toBe((await invoke('GET', `/api/v1/teams/${added.json.id}/profile`, { headers: admin() })).headers.etag);
    expect((await create('teams', newTeam, 'late-team-1')).json).toEqual(added.json);

    const after = await scoreboard();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.team.id === added.json.id)).toMatchObject({ total_score: 0, services_total: 0 });
    expect((await invoke('GET', `/api/v1/teams/${added.json.id}`)).json.name).toBe('Late Arrivals');
    // The status view shows cells: a team without services has none yet.

    // Taken: each field its own reason, and nothing is added.
    const taken = await create('teams', { number: 11, name: 'late arrivals', team_url: 'TEAM12.ccdc.example' });
    expect(taken.status).toBe(400);
    expect(taken.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['name', 'number', 'team_url']);
    expect(await scoreboard()).toHaveLength(after.length);
    expect((await create('teams', { ...newTeam, number: 52, team_url: 'bad zone' })).status).toBe(400);
    expect((await create('teams', { ...newTeam, number: 52, name: 'x', team_url: 'team52.ccdc.example', extra: 1 })).status).toBe(400);

    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin() })).json.items as { action: string; target: string }[];
    expect(audit.filter((e) => e.action === 'team.create' && e.target === `teams/${added.json.id}`)).toHaveLength(1);
  });

  it('gives one of two teams created at once with the same number the number, and the other a 400', async () => {
    const answers = await Promise.all(['Twin One', 'Twin Two'].map((name, i) => create('teams', { number: 31, name, team_url: `twin${i}.ccdc.example` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await scoreboard()).filter((row) => row.team.number === 31)).toHaveLength(1);
  });

  it('gives one name to one team, whether two teams are created or renamed to it at once; a name left is free again', async () => {
    const named = (name: string) => async () => (await scoreboard()).filter((row) => row.team.name.toLowerCase() === name.toLowerCase());
    const created = await Promise.all(
      [32, 33].map((number) => create('teams', { number, name: number === 32 ? 'Same Name' : 'same name ', team_url: `same${number}.ccdc.example` })),
    );
    expect(created.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(created.find((a) => a.status === 400)!.json.errors.map((e: { path: string }) => e.path)).toEqual(['name']);
    expect(await named('Same Name')()).toHaveLength(1);

    // Two teams renamed to one new name at once: the claims settle it.
    const winner = created.find((a) => a.status === 201)!.json as { id: number };
    const second = (await create('teams', { number: 34, name: 'Second Team', team_url: 'same34.ccdc.example' })).json as { id: number };
    const renamed = await Promise.all(
      [winner.id, second.id].map((id) => invoke('PATCH', `/api/v1/teams/${id}`, { headers: admin(), body: { name: 'Renamed At Once' } })),
    );
    expect(renamed.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await named('Renamed At Once')()).toHaveLength(1);
    // (What settles it when both have read the teams before either wrote: the name's claim, whatever the list said.)
    const loser = renamed[0]!.status === 200 ? second.id : winner.id;
    const loserProfile = (await readTeamProfile(loser))!;
    expect(await writeTeamProfile(loserProfile, { ...loserProfile, name: 'RENAMED at once', version: loserProfile.version + 1 }, [], TEST_AUDIT)).toBe(
      'name-taken',
    );

    // The name the winner left (claimed when it was created) is another team's to take.
    const leftBy = renamed[0]!.status === 200 ? 'Same Name' : 'Second Team';
    const taker = await create('teams', { number: 35, name: leftBy, team_url: 'same35.ccdc.example' });
    expect(taker.status, taker.text).toBe(201);
  });

  it('adds a service to the new team: listed, unscanned, earning from its first result; the team edit then reaches it too', async () => {
    const team = await addTeam();
    const profile = await invoke('GET', `/api/v1/teams/${team.id}/profile`, { headers: admin() });
    const otherScores = (await scoreboard()).find((row) => row.team.number === 11)!.scores;
    const body = { team_id: team.id, subtype_id: 2, url: 'shell.team51.ccdc.example', port: 2222, accounts: [{ username: 'blue', password: 'Late-Pa55word' }] };

    const added = await create('services', body, 'late-ssh');
    expect(added.status, added.text).toBe(201);
    expect(added.json).toEqual({
      id: expect.any(Number),
      team_id: team.id,
      subtype_id: 2,
      subtype: 'SSH',
      url: body.url,
      port: 2222,
      max_score: 10,
      enabled: true,
      version: 1,
    });
    expect(added.text).not.toContain('Late-Pa55word');
    expect((await create('services', body, 'late-ssh')).json).toEqual(added.json);
    const serviceId = added.json.id as number;

    const listed = (await invoke('GET', '/api/v1/services?team=51')).json as { id: number; last_scan_time: string | null }[];
    expect(listed).toEqual([expect.objectContaining({ id: serviceId, last_scan_time: null })]);
    expect((await scoreboard()).find((row) => row.team.id === team.id)).toMatchObject({ services_total: 1, services_up: 0 });
    expect((await invoke('GET', '/api/v1/services/status')).json.teams[team.id]).toEqual([[2, 'unscanned']]);
    // Its accounts were sealed with it: organisers see the names, the agent's read the secret.
    expect((await invoke('GET', `/api/v1/services/${serviceId}/accounts`, { headers: admin() })).json.accounts).toEqual([
      expect.objectContaining({ username: 'blue' }),
    ]);
    const secrets = await invoke('GET', `/api/v1/services/accounts?service_id=${serviceId}`, { headers: bearer(tokens().service) });
    expect(secrets.json.services[serviceId]).toEqual([expect.objectContaining({ username: 'blue', password: 'Late-Pa55word' })]);
    // Adding a service moved the team's version: an edit opened before it is stale.
    expect((await invoke('GET', `/api/v1/teams/${team.id}/profile`, { headers: admin() })).json.version).toBe(2);
    expect(
      (await invoke('PATCH', `/api/v1/teams/${team.id}`, { headers: { ...admin(), 'if-match': profile.headers.etag! }, body: { name: 'Stale' } })).status,
    ).toBe(412);

    // Its first result earns; the other teams' maximum so far is as it was.
    const scan = await invoke('POST', `/api/v1/services/${serviceId}/scans`, {
      headers: bearer(tokens().service),
      body: { scan_id: 'late-1', score: 10, error: null },
    });
    expect(scan.status, scan.text).toBe(201);
    await currentFold().caughtUp();
    const rows = await scoreboard();
    expect(rows.find((row) => row.team.id === team.id)).toMatchObject({ total_score: 10, services_up: 1 });
    expect(rows.find((row) => row.team.number === 11)!.scores).toEqual(otherScores);

    // A team edit now writes its new service too.
    expect((await invoke('PATCH', `/api/v1/teams/${team.id}`, { headers: admin(), body: { name: 'Late But Here' } })).status).toBe(200);
    expect((await invoke('GET', `/api/v1/services/${serviceId}`)).json.team.name).toBe('Late But Here');
  });

  it('refuses a service already there (409), of an unknown team or subtype (400), and anything once finalised (409)', async () => {
    const team = await addTeam();
    const there = await create('services', { team_id: team.id, subtype_id: 2, url: 'shell.team51.ccdc.example', port: 2222 });
    expect(there.status, there.text).toBe(201);
    const place = { team_id: team.id, subtype_id: 2, url: 'SHELL.team51.ccdc.example', port: 2222 };
    expect((await create('services', place)).json.code).toBe('service_exists');
    expect((await create('services', { ...place, team_id: 99999 })).json.errors[0].path).toBe('team_id');
    expect((await create('services', { ...place, subtype_id: 99 })).json.errors[0].path).toBe('subtype_id');
    expect((await create('services', { ...place, port: 0 })).status).toBe(400);

    expect((await invoke('POST', '/api/v1/competition/finalise', { headers: admin(), body: { force: true } })).status).toBe(200);
    expect((await create('teams', { number: 41, name: 'Too Late', team_url: 'team41.ccdc.example' })).json.code).toBe('competition_final');
    expect((await create('services', { ...place, port: 2223 })).json.code).toBe('competition_final');
  });
});
