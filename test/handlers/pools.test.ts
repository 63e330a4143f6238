/**
 * Pools (issue #45): organisers place services (the most specific assignment
 * wins: a service's, its team's, its subtype's, else `cloud`), and an agent
 * token bound to one pool reads, reports and takes jobs for that pool's
 * services only, and changes nothing else.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { loadCompetition } from '#shared/data/competition';
import type { Competition } from '#shared/domain/competition';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';

type Pool = { name: string; description: string; subtypes: number[]; teams: number[]; services: number[]; checks: number[] };
type Service = { id: number; subtype: string; subtype_id: number; team: { id: number; number: number } };

let admin: Record<string, string>;
let service: Record<string, string>;
let services: Service[];
let teamOf: (number: number) => number;
const idOf = (teamNumber: number, subtype: string) => services.find((s) => s.team.number === teamNumber && s.subtype === subtype)!.id;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const pools = async () => (await invoke('GET', '/api/v1/pools', { headers: admin })).json as Pool[];
const put = (name: string, body: Record<string, unknown>) => invoke('PUT', `/api/v1/pools/${name}`, { headers: admin, body });

async function agentOf(pool: string): Promise<Record<string, string>> {
  const minted = await invoke('POST', '/api/v1/tokens', { headers: admin, body: { role: 'agent', pool, name: `agent of ${pool}`, expires_at: inDays(1) } });
  expect(minted.status, minted.text).toBe(201);
  expect(minted.json).toMatchObject({ role: 'agent', pool });
  return bearer(minted.json.token);
}

// Every test places services its own way: each starts from the sample as loaded, every service in cloud.
beforeEach(async () => {
  await useFreshTable();
  const tokens = await mintTokens();
  [admin, service] = [bearer(tokens.admin), bearer(tokens.service)];
  services = (await invoke('GET', '/api/v1/services', { headers: admin })).json;
  const teams = (await invoke('GET', '/api/v1/teams', { headers: admin })).json as { id: number; number: number }[];
  teamOf = (number) => teams.find((t) => t.number === number)!.id;
});

/** The subtype HTTP to dc-east, team 12 to range-a (its HTTP too: the team's is more specific), one service of team 12 back to dc-east. */
async function placeSome() {
  expect((await put('dc-east', { description: 'East rack', subtypes: [1] })).status).toBe(200);
  const written = await put('range-a', { teams: [teamOf(12)] });
  expect(written.status, written.text).toBe(200);
  expect((await put('dc-east', { description: 'East rack', subtypes: [1], services: [idOf(12, 'SSH')] })).status).toBe(200);
}

describe('pools', () => {
  it('places every service in cloud until an organiser says otherwise; then a service, its team, its subtype, in that order', async () => {
    const [cloud, ...others] = await pools();
    expect(others).toEqual([]);
    expect(cloud).toMatchObject({ name: 'cloud', subtypes: [], teams: [], services: [] });
    expect(cloud!.checks).toEqual(services.map((s) => s.id).sort((a, b) => a - b));

    await placeSome();

    const byName = new Map((await pools()).map((p) => [p.name, p]));
    expect([...byName.keys()]).toEqual(['cloud', 'dc-east', 'range-a']);
    const team12 = services.filter((s) => s.team.number === 12).map((s) => s.id);
    const http = services.filter((s) => s.subtype === 'HTTP' && s.team.number !== 12).map((s) => s.id);
    expect(byName.get('range-a')!.checks).toEqual(team12.filter((id) => id !== idOf(12, 'SSH')));
    expect(byName.get('dc-east')!.checks).toEqual([...http, idOf(12, 'SSH')].sort((a, b) => a - b));
    expect(byName.get('cloud')!.checks).toEqual(services.map((s) => s.id).filter((id) => !team12.includes(id) && !http.includes(id)));
    // Each change is in the audit trail.
    const audit = (await invoke('GET', '/api/v1/audit?target=pools/dc-east', { headers: admin })).json as { items: { action: string }[] };
    expect(audit.items.map((e) => e.action)).toEqual(['pool.update', 'pool.create']);
  });

  it('refuses a thing in two pools, ids the competition lacks, a split mail pair, a pool still in use, and cloud deleted; each changes nothing', async () => {
    await placeSome();
    const before = await pools();
    const refused = async (name: string, body: Record<string, unknown>, code: string) => {
      const answer = await put(name, body);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json.code).toBe(code);
    };
    await refused('range-b', { teams: [teamOf(12)] }, 'pool_conflict');
    await refused('range-b', { services: [idOf(11, 'FTP'), idOf(11, 'FTP')] }, 'pool_conflict');
    await refused('range-b', { teams: [999_999] }, 'pool_unknown_ids');
    // Team 11's IMAP reads the mail its SMTP sends: the two go together or not at all.
    await refused('range-b', { services: [idOf(11, 'IMAP')] }, 'pool_splits_mail');
    expect((await put('range-b', { services: [idOf(11, 'IMAP'), idOf(11, 'SMTP')] })).status).toBe(200);

    const inUse = await invoke('DELETE', '/api/v1/pools/range-b', { headers: admin });
    expect([inUse.status, inUse.json.code]).toEqual([409, 'pool_in_use']);
    const builtin = await invoke('DELETE', '/api/v1/pools/cloud', { headers: admin });
    expect([builtin.status, builtin.json.code]).toEqual([409, 'pool_builtin']);
    expect((await put('range-b', {})).status).toBe(200);
    expect((await invoke('DELETE', '/api/v1/pools/range-b', { headers: admin })).status).toBe(204);
    expect((await invoke('DELETE', '/api/v1/pools/range-b', { headers: admin })).status).toBe(404);
    expect(await pools()).toEqual(before);
    // Names are a pattern; bodies are strict.
    expect((await put('Range_A', {})).status).toBe(404);
    expect((await put('range-c', { teams: [teamOf(11)], extra: 1 })).status).toBe(400);
  });

  it('mints an agent token only for a pool that exists, and only an agent token names one', async () => {
    const mint = (body: Record<string, unknown>) => invoke('POST', '/api/v1/tokens', { headers: admin, body: { name: 'x', expires_at: inDays(1), ...body } });
    expect((await mint({ role: 'agent', pool: 'nowhere' })).json.errors).toEqual([{ path: 'pool', message: expect.stringMatching(/names no pool/) }]);
    expect((await mint({ role: 'agent' })).status).toBe(400);
    expect((await mint({ role: 'service', pool: 'cloud' })).status).toBe(400);
    const listed = (await invoke('GET', '/api/v1/tokens', { headers: admin })).json as { role: string; pool: string | null }[];
    expect(listed.filter((t) => t.role !== 'agent').every((t) => t.pool === null)).toBe(true);
  });

  it("gives an agent its own pool's definitions, secrets, reports and jobs, 403 on another's, and no settings or DNS writes", async () => {
    await placeSome();
    forgetFreshCopies();
    const agent = await agentOf('range-a');
    const ours = (await pools()).find((p) => p.name === 'range-a')!.checks;
    const theirs = idOf(11, 'SSH');

    expect((await invoke('GET', '/api/v1/pools/range-a', { headers: agent })).json.checks).toEqual(ours);
    expect((await invoke('GET', '/api/v1/pools/cloud', { headers: agent })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/pools/cloud', { headers: service })).status).toBe(200);
    expect(((await invoke('GET', '/api/v1/pools', { headers: agent })).json as Pool[]).map((p) => p.name)).toEqual(['range-a']);

    // Secrets: its pool's services' only, and one of another pool's is 403.
    const secrets = await invoke('GET', '/api/v1/services/accounts', { headers: agent });
    expect(secrets.status).toBe(200);
    const everyones = Object.keys((await invoke('GET', '/api/v1/services/accounts', { headers: service })).json.services).map(Number);
    expect(Object.keys(secrets.json.services).map(Number)).toEqual(everyones.filter((id) => ours.includes(id)));
    expect(Object.keys(secrets.json.services).length).toBeGreaterThan(0);
    expect((await invoke('GET', `/api/v1/services/accounts?service_id=${theirs}`, { headers: agent })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/services/own-checks', { headers: agent })).status).toBe(200);

    // Reports: each of another pool's services refused on its own, the pool's recorded.
    const scan = (id: number) => ({ service_id: id, scan_id: `pool-test-${id}`, score: 5, error: null });
    const batch = await invoke('POST', '/api/v1/scans', { headers: agent, body: [scan(ours[0]!), scan(theirs)] });
    expect(batch.json.map((a: { status: number }) => a.status)).toEqual([201, 403]);
    expect((await invoke('POST', `/api/v1/services/${theirs}/scans`, { headers: agent, body: { scan_id: 'x-1', score: 0, error: 'down' } })).status).toBe(403);
    // A service just placed in its pool is its at once: the function's kept copy of the pools (seconds old) only allows,
    // a refusal reads the pools again.
    const rangeA = (await pools()).find((p) => p.name === 'range-a')!;
    const { name: _name, checks: _checks, agents: _agents, ...assignment } = rangeA as Pool & { agents: unknown };
    const moved = await put('range-a', { ...assignment, services: [...rangeA.services, theirs] });
    expect(moved.status, moved.text).toBe(200);
    expect((await invoke('POST', `/api/v1/services/${theirs}/scans`, { headers: agent, body: { scan_id: 'moved-1', score: 0, error: 'down' } })).status).toBe(
      201,
    );
    expect((await put('range-a', assignment)).status).toBe(200);

    // "Check now": its own pool's jobs listed and taken; another pool's neither.
    const ask = async (id: number) => (await invoke('POST', `/api/v1/services/${id}/checks`, { headers: admin })).json as { id: number };
    const [mine, other] = [await ask(ours[1]!), await ask(theirs)];
    const queued = (await invoke('GET', '/api/v1/checks', { headers: agent })).json as { id: number }[];
    expect(queued.map((j) => j.id)).toEqual([mine.id]);
    expect((await invoke('PATCH', `/api/v1/checks/${other.id}`, { headers: agent, body: { state: 'running' } })).status).toBe(403);
    expect((await invoke('PATCH', `/api/v1/checks/${mine.id}`, { headers: agent, body: { state: 'running' } })).status).toBe(200);

    // Mail tokens: its own services' scan ids, the same token whoever asks (no agent holds the key); another pool's, 403.
    const scanIds = [`r20261128T010000Z-30s-svc${ours[0]}`, `check7-svc${ours[0]}`];
    const tokens = await invoke('POST', '/api/v1/pools/range-a/mail-tokens', { headers: agent, body: { scan_ids: scanIds } });
    expect(tokens.status, tokens.text).toBe(200);
    expect(Object.keys(tokens.json.tokens)).toEqual(scanIds);
    expect(Object.values(tokens.json.tokens).every((t) => /^[A-Za-z0-9_-]{22}$/.test(t as string))).toBe(true);
    const again = await invoke('POST', '/api/v1/pools/cloud/mail-tokens', { headers: service, body: { scan_ids: scanIds } });
    expect(again.json.tokens).toEqual(tokens.json.tokens);
    const theirsToken = { scan_ids: [`r20261128T010000Z-30s-svc${theirs}`] };
    expect((await invoke('POST', '/api/v1/pools/range-a/mail-tokens', { headers: agent, body: theirsToken })).status).toBe(403);
    expect((await invoke('POST', '/api/v1/pools/cloud/mail-tokens', { headers: agent, body: theirsToken })).status).toBe(403);
    expect((await invoke('POST', '/api/v1/pools/range-a/mail-tokens', { headers: agent, body: { scan_ids: ['no-service-here'] } })).status).toBe(400);

    // Nothing else: no settings, no DNS records, no pools.
    expect((await invoke('GET', '/api/v1/settings/1', { headers: agent })).status).toBe(200);
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: agent, body: { round_seconds: 30 } })).status).toBe(403);
    expect((await invoke('POST', '/api/v1/dns', { headers: agent, body: { team: teamOf(12), name: 'x', type: 'A', value: '1' } })).status).toBe(403);
    expect((await put('range-a', {})).status).toBe(200);
    expect((await invoke('PUT', '/api/v1/pools/range-a', { headers: agent, body: {} })).status).toBe(403);
  });
});

describe('command checks and the cloud pool (issue #46)', () => {
  it('refuses a command check that would run from cloud: on the definition, on a placement, on a new service', async () => {
    const subtype = async () => invoke('GET', '/api/v1/subtypes/3', { headers: admin });
    const replace = async (body: Record<string, unknown>) =>
      invoke('PUT', '/api/v1/subtypes/3/check', { headers: { ...admin, 'if-match': (await subtype()).headers.etag! }, body });
    const command = { check: 'command', recipe: 'dig-www', args: { name: 'www' }, content: 'NOERROR', timeout_seconds: 5 };
    const refused = await replace(command);
    expect([refused.status, refused.json.code], refused.text).toEqual([409, 'command_in_cloud']);
    expect((await subtype()).json.check).toBe('dns');

    expect((await put('range-c', { description: 'DNS from the range', subtypes: [3] })).status).toBe(200);
    const replaced = await replace(command);
    expect(replaced.status, replaced.text).toBe(200);
    // Placing the subtype back in cloud, or a new service of it where no pool names its team or it: refused.
    const back = await put('range-c', {});
    expect([back.status, back.json.code]).toEqual([409, 'command_in_cloud']);
    const added = await invoke('POST', '/api/v1/services', {
      headers: admin,
      body: { team_id: teamOf(11), subtype_id: 3, url: 'ns2.team11.ccdc.example', port: 5353 },
    });
    expect(added.status, added.text).toBe(201);

    expect((await replace({ check: 'dns', query: 'www', timeout_seconds: 3 })).status).toBe(200);
    expect((await put('range-c', {})).status).toBe(200);
  });
});

describe('pools in the competition file', () => {
  it('are written by a load, each placement by the id the load gives its team or service; a file without them leaves cloud alone', async () => {
    const sample = sampleCompetition();
    const [first, second] = sample.teams;
    const file: Competition = {
      ...sample,
      pools: [{ name: 'range-a', description: 'Range A' }, { name: 'dc-east' }],
      subtypes: sample.subtypes.map((s) => (s.name === 'HTTP' ? { ...s, pool: 'dc-east' } : s)),
      teams: [
        { ...first!, pool: 'range-a' },
        { ...second!, services: second!.services.map((s, i) => (i === 0 ? { ...s, pool: 'range-a' } : s)) },
        ...sample.teams.slice(2),
      ],
    };
    await loadCompetition(file, { replace: true, loadedBy: 'test', audit: TEST_AUDIT });
    forgetFreshCopies();
    const loaded = (await invoke('GET', '/api/v1/services', { headers: admin })).json as Service[];
    const teams = (await invoke('GET', '/api/v1/teams', { headers: admin })).json as { id: number; number: number }[];
    const byName = new Map((await pools()).map((p) => [p.name, p]));
    expect([...byName.keys()]).toEqual(['cloud', 'range-a', 'dc-east']);
    const firstTeam = teams.find((t) => t.number === first!.number)!.id;
    const secondFirst = loaded.find((s) => s.team.number === second!.number && s.subtype_id === second!.services[0]!.subtype_id)!.id;
    expect(byName.get('range-a')).toMatchObject({ description: 'Range A', subtypes: [], teams: [firstTeam], services: [secondFirst] });
    expect(byName.get('dc-east')).toMatchObject({ description: '', subtypes: [sample.subtypes.find((s) => s.name === 'HTTP')!.id] });
    // The team's own pool over its HTTP's subtype's; every service in exactly one pool.
    expect(byName.get('range-a')!.checks).toEqual(
      loaded
        .filter((s) => s.team.id === firstTeam || s.id === secondFirst)
        .map((s) => s.id)
        .sort((a, b) => a - b),
    );
    expect([...byName.values()].flatMap((p) => p.checks).sort((a, b) => a - b)).toEqual(loaded.map((s) => s.id).sort((a, b) => a - b));
    // The subtype item does not carry its pool (the pools item does).
    expect(((await invoke('GET', '/api/v1/subtypes', { headers: admin })).json as { name: string }[]).find((s) => s.name === 'HTTP')).not.toHaveProperty(
      'pool',
    );

    await loadCompetition(sample, { replace: true, loadedBy: 'test', audit: TEST_AUDIT });
    forgetFreshCopies();
    expect((await pools()).map((p) => p.name)).toEqual(['cloud']);
  });
});
