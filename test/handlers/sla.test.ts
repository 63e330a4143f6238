/**
 * SLA penalties end to end: results reported through the API, folded by the
 * stream consumer against DynamoDB Local, read back from the scorecard and
 * the service detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { verifyTotals } from '#shared/app/verify';
import type { Service, Team } from '#shared/domain/model';
import { mintTokens, sampleCompetition, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
let fold: Awaited<ReturnType<typeof startFold>>;
const admin = () => bearer(tokens.admin);

beforeAll(async () => {
  const competition = sampleCompetition();
  // SSH (subtype 2) has its own rules in the competition file: every 2 failures cost 20.
  competition.subtypes = competition.subtypes.map((s) => (s.id === 2 ? { ...s, sla_threshold: 2, sla_penalty: 20 } : s));
  await useFreshTable(competition);
  tokens = await mintTokens();
  fold = await startFold();
});
afterAll(() => fold?.stop());

const minute = 60_000;
const base = Date.parse('2026-11-22T10:00:00Z');
const at = (n: number) => new Date(base + n * minute).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function team11(): Promise<{ team: Team; services: Service[] }> {
  const teams: Team[] = (await invoke('GET', '/api/v1/teams', { headers: admin() })).json;
  const services: Service[] = (await invoke('GET', '/api/v1/services?team=11', { headers: admin() })).json;
  return { team: teams.find((t) => t.number === 11)!, services };
}

async function report(serviceId: number, scanId: string, score: number, time: string) {
  const answer = await invoke('POST', `/api/v1/services/${serviceId}/scans`, {
    headers: bearer(tokens.service),
    body: { scan_id: scanId, score, error: score === 0 ? 'down' : null, time },
  });
  expect(answer.status).toBe(201);
}

async function setSla(threshold: number, penalty: number) {
  const answer = await invoke('PATCH', '/api/v1/settings/1', { headers: admin(), body: { sla_threshold: threshold, sla_penalty: penalty } });
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({ sla_threshold: threshold, sla_penalty: penalty });
  // Functions keep the settings a few seconds; the next result must see the change.
  forgetFreshCopies();
}

describe('SLA penalties', () => {
  it('takes the penalty off the team beyond the lost points, and gives it back when a late pass breaks the run', async () => {
    await setSla(3, 5);
    const { team, services } = await team11();
    const http = services.find((s) => s.subtype_id === 1)!;
    // What the team's other services (the other test's) already earned and lost.
    const before = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
    for (const n of [1, 2, 3]) await report(http.id, `h${n}`, 0, at(n));
    await fold.caughtUp();
    let card = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
    expect(card.total_score).toBe(before.total_score - 5);
    expect(card.stats.sla_violations).toBe(before.stats.sla_violations + 1);
    const services1 = (scorecard: typeof card) => scorecard.scores.find((s: { super_type_id: number }) => s.super_type_id === 1);
    expect(services1(card)).toMatchObject({ score: services1(before).score - 5, sla_penalty: services1(before).sla_penalty + 5 });
    const detail = (await invoke('GET', `/api/v1/services/${http.id}`)).json;
    expect(detail.sla).toEqual({ run: 3, violations: 1, penalty: 5 });

    // A pass checked between the second and third failure arrives late: no run reached 3.
    await report(http.id, 'h2b', 10, at(2.5));
    await fold.caughtUp();
    card = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
    expect(card.total_score).toBe(before.total_score + 10);
    expect(card.stats.sla_violations).toBe(before.stats.sla_violations);
    expect((await invoke('GET', `/api/v1/services/${http.id}`)).json.sla).toEqual({ run: 1, violations: 0, penalty: 0 });
  });

  it("applies a subtype's own rules, and a change of the settings from the change on", async () => {
    await setSla(3, 5);
    const { team, services } = await team11();
    const ssh = services.find((s) => s.subtype_id === 2)!;
    const dns = services.find((s) => s.subtype_id === 3)!;
    const before = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
    // SSH: threshold 2, penalty 20 from the competition file, whatever the settings say.
    for (const n of [1, 2]) await report(ssh.id, `s${n}`, 0, at(n));
    // DNS: two failures under 3/5, then the settings change to 2/7; the third failure is judged under 2/7 (not a multiple of 2: nothing), the fourth costs 7.
    for (const n of [1, 2]) await report(dns.id, `d${n}`, 0, at(n));
    await setSla(2, 7);
    for (const n of [3, 4]) await report(dns.id, `d${n}`, 0, at(n));
    await fold.caughtUp();
    const card = (await invoke('GET', `/api/v1/teams/${team.id}/scorecard`, { headers: admin() })).json;
    expect(card.total_score).toBe(before.total_score - 20 - 7);
    expect(card.stats.sla_violations).toBe(before.stats.sla_violations + 2);
  });

  it('leaves totals equal to a recomputation from the history (what `verify` checks)', async () => {
    await fold.caughtUp();
    const teams = await verifyTotals({ repair: false, pauseMs: 100 });
    expect(teams.filter((t) => t.differences.length > 0)).toEqual([]);
  });
});
