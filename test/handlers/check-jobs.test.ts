/**
 * "Check now" (issue #27): a team member (for its own services, once every
 * 20 s) or an organiser (for any, not counted) asks for a dry run; the answer
 * is 202 and a job. In AWS the route invokes the agent's function with the
 * job's id (here, a Lambda endpoint on loopback that records what it gets);
 * an agent takes the job, then reports how it went. The team reads its jobs,
 * with full reasons as the settings allow. The agent's own part, against a
 * real target, is in test/agent/agent.test.ts.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { startCheckJob } from '#shared/data/check-jobs';
import { CHECK_JOB_LOST_AFTER_SECONDS, CHECK_NOW_INTERVAL_SECONDS } from '#shared/domain/check-jobs';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let team: { id: number };
let other: { id: number };
let services: { id: number; subtype: string; team: { id: number } }[];
/** A session per team account, made fresh where a test needs the team's limit untouched (team 11's: only the first test asks as its member). */
let accounts = 0;

const admin = () => bearer(tokens.admin);
const agent = () => bearer(tokens.service);
const serviceOf = (subtype: string, teamId = team.id) => services.find((s) => s.subtype === subtype && s.team.id === teamId)!.id;

async function member(teamId = team.id, name = `checker${++accounts}`): Promise<Record<string, string>> {
  const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin(), body: { team_id: teamId, name } });
  const session = await invoke('POST', '/api/v1/team/sessions', { body: { name, password: account.json.password } });
  return bearer(session.json.token);
}

const ask = (headers: Record<string, string>, serviceId: number, teamId = team.id) =>
  invoke('POST', `/api/v1/team/${teamId}/checks`, { headers, body: { service_id: serviceId } });

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  const teams = (await invoke('GET', '/api/v1/teams')).json as { id: number; number: number }[];
  team = teams.find((t) => t.number === 11)!;
  other = teams.find((t) => t.number === 12)!;
  services = (await invoke('GET', '/api/v1/services', { headers: admin() })).json;
});

describe('check now', () => {
  it('queues a job for a member (202, Location), once every 20 s per team, whoever of the team asks; an organiser is not counted', async () => {
    const [kim, lee] = [await member(team.id, 'kim'), await member(team.id, 'lee')];
    const asked = await ask(kim, serviceOf('FTP'));
    expect(asked.status).toBe(202);
    expect(asked.headers.location).toBe(`/api/v1/team/${team.id}/checks`);
    expect(asked.json).toMatchObject({
      team_id: team.id,
      service_id: serviceOf('FTP'),
      requested_by: 'kim',
      state: 'queued',
      started_at: null,
      outcome: null,
    });
    // Another member of the same team, at once: the team's limit.
    const again = await ask(lee, serviceOf('SSH'));
    expect(again.status).toBe(429);
    expect(again.json.code).toBe('check_limited');
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CHECK_NOW_INTERVAL_SECONDS);
    // An organiser, on the team's route or the service's: not limited, and not counted.
    expect((await ask(admin(), serviceOf('SSH'))).status).toBe(202);
    const byService = await invoke('POST', `/api/v1/services/${serviceOf('SSH')}/checks`, { headers: admin() });
    expect(byService.status).toBe(202);
    expect(byService.headers.location).toBe(`/api/v1/team/${team.id}/checks`);
    // The team's list: newest first, every job it has (the organisers' too; those of the other tests are older).
    const listed = await invoke('GET', `/api/v1/team/${team.id}/checks`, { headers: kim });
    expect(listed.status).toBe(200);
    const ids: number[] = listed.json.map((j: { id: number }) => j.id);
    expect(ids.filter((id) => id >= asked.json.id)).toEqual([byService.json.id, byService.json.id - 1, asked.json.id]);
  });

  it('lets exactly one of 10 simultaneous requests of a team through', async () => {
    const sessions = await Promise.all(Array.from({ length: 5 }, () => member(other.id)));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(sessions[i % 5]!, serviceOf('FTP', other.id), other.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(9).fill(429)]);
  });

  it("refuses a service that is not the team's (400, nothing queued), and an unknown one on the organisers' route (404)", async () => {
    const teams = (await invoke('GET', '/api/v1/teams')).json as { id: number; number: number }[];
    const third = teams.find((t) => t.number === 13)!;
    const kim = await member(third.id);
    const before = (await invoke('GET', `/api/v1/team/${third.id}/checks`, { headers: kim })).json;
    const refused = await ask(kim, serviceOf('FTP', team.id), third.id);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ path: 'service_id', message: "is not one of the team's services" }]);
    expect((await invoke('GET', `/api/v1/team/${third.id}/checks`, { headers: kim })).json).toEqual(before);
    // Refused requests do not count against the limit.
    expect((await ask(kim, serviceOf('FTP', third.id), third.id)).status).toBe(202);
    expect((await invoke('POST', '/api/v1/services/99999/checks', { headers: admin() })).status).toBe(404);
  });

  it('is taken by one agent (running, out of the queue), then done with its outcome; each move only once', async () => {
    const job = (await invoke('POST', `/api/v1/services/${serviceOf('DNS')}/checks`, { headers: admin() })).json;
    const queue = await invoke('GET', '/api/v1/checks', { headers: agent() });
    expect(queue.status).toBe(200);
    expect(queue.json.map((j: { id: number }) => j.id)).toContain(job.id);
    const taken = await Promise.all(
      Array.from({ length: 4 }, () => invoke('PATCH', `/api/v1/checks/${job.id}`, { headers: agent(), body: { state: 'running' } })),
    );
    expect(taken.map((t) => t.status).sort()).toEqual([200, 409, 409, 409]);
    expect(taken.find((t) => t.status === 409)!.json.code).toBe('check_job_state');
    const running = taken.find((t) => t.status === 200)!.json;
    expect(running).toMatchObject({ id: job.id, service_id: serviceOf('DNS'), state: 'running' });
    expect((await invoke('GET', '/api/v1/checks', { headers: agent() })).json.map((j: { id: number }) => j.id)).not.toContain(job.id);
    const outcome = {
      passed: false,
      reason: 'the answer for www.team11.ccdc.local was 10.0.0.9, expected 10.11.0.5',
      category: 'content mismatch',
      checked_at: '2026-11-26T10:00:00Z',
    };
    const done = await invoke('PATCH', `/api/v1/checks/${job.id}`, { headers: agent(), body: { state: 'done', ...outcome } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ state: 'done', outcome });
    expect((await invoke('PATCH', `/api/v1/checks/${job.id}`, { headers: agent(), body: { state: 'done', ...outcome, passed: true } })).status).toBe(409);
    expect((await invoke('PATCH', '/api/v1/checks/99999', { headers: agent(), body: { state: 'running' } })).status).toBe(404);
    // A dry run is not scored: the service's history has no trace of it.
    const scans = await invoke('GET', `/api/v1/services/${serviceOf('DNS')}/scans`);
    expect(JSON.stringify(scans.json)).not.toContain(outcome.reason);

    // The team reads the reason while the settings let it see details, the category only when not; organisers always.
    const kim = await member();
    const shown = async (headers: Record<string, string>) =>
      ((await invoke('GET', `/api/v1/team/${team.id}/checks`, { headers })).json as { id: number; outcome: unknown }[]).find((j) => j.id === job.id)!.outcome;
    expect(await shown(kim)).toEqual(outcome);
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { teams_see_check_details: false } })).status).toBe(200);
    forgetFreshCopies();
    expect(await shown(kim)).toEqual({ ...outcome, reason: null });
    expect(await shown(admin())).toEqual(outcome);
    expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { teams_see_check_details: true } })).status).toBe(200);
    forgetFreshCopies();
  });

  it('shows a job nobody took as lost after 2 minutes, and no agent takes it then', async () => {
    const job = (await invoke('POST', `/api/v1/services/${serviceOf('SSH')}/checks`, { headers: admin() })).json;
    const later = Date.parse(job.requested_at) + (CHECK_JOB_LOST_AFTER_SECONDS + 1) * 1000;
    expect(await startCheckJob(job.id, later)).toBeUndefined();
    expect(await startCheckJob(job.id, Date.now())).toMatchObject({ state: 'running' });
  });

  it('invokes the agent function with the job, asynchronously and signed, when the stack names one', async () => {
    const received: { request: IncomingMessage; body: string }[] = [];
    const lambda = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ request, body });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => lambda.listen(0, '127.0.0.1', resolve));
    const saved = { ...process.env };
    Object.assign(process.env, {
      SCORING_AGENT_FUNCTION: 'ccdc-test-Agent',
      AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDROUTEROLE',
      AWS_SECRET_ACCESS_KEY: 'route-role-secret',
    });
    try {
      const job = await invoke('POST', `/api/v1/services/${serviceOf('FTP')}/checks`, { headers: admin() });
      expect(job.status).toBe(202);
      expect(received).toHaveLength(1);
      const [{ request, body }] = received as [{ request: IncomingMessage; body: string }];
      expect(request.url).toBe('/2015-03-31/functions/ccdc-test-Agent/invocations');
      expect(request.headers['x-amz-invocation-type']).toBe('Event');
      expect(String(request.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDROUTEROLE\/\d{8}\/eu-west-1\/lambda\/aws4_request/);
      expect(JSON.parse(body)).toEqual({ check_job: job.json.id });
      // A service another pool checks (issue #45): left queued for that pool's agents, which poll; the Lambda agent is cloud's.
      const placed = await invoke('PUT', '/api/v1/pools/range-a', { headers: admin(), body: { services: [serviceOf('SSH')] } });
      expect(placed.status, placed.text).toBe(200);
      forgetFreshCopies();
      const ranged = await invoke('POST', `/api/v1/services/${serviceOf('SSH')}/checks`, { headers: admin() });
      expect([ranged.status, ranged.json.state, received.length]).toEqual([202, 'queued', 1]);
      // Lambda refusing it: the request still stands (the job shows as lost if no agent takes it).
      process.env.SCORING_AGENT_FUNCTION = 'missing';
      lambda.removeAllListeners('request');
      lambda.on('request', (_, response) => response.writeHead(404).end('{"Message":"Function not found"}'));
      expect((await invoke('POST', `/api/v1/services/${serviceOf('FTP')}/checks`, { headers: admin() })).status).toBe(202);
    } finally {
      process.env = saved;
      await new Promise((resolve) => lambda.close(resolve));
    }
  });
});
