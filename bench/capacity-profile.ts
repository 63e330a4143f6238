import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROFILE_PATH, type CapacityProfile, type RequestCapacity } from '../lib/cost/profile';
import type { capacityMeter } from './capacity';
import { ROOT, runScript } from './process';

/** Sequential requests per figure: Lambda serves one request at a time per instance, so this is its duration plus loopback. */
const SEQUENTIAL = 15;

export interface RequestTimes {
  scanReportMs: number;
  scanReportResponseBytes: number;
  publicReadMs: number;
  publicReadGzipBytes: number;
  teamReadMs: number;
  teamReadGzipBytes: number;
  /** Local read units of one team read, its authorizer's included. */
  teamReadUnits: number;
  authorizerMs: number;
  authorizerReadUnits: number;
  scoringWatchMs: number;
}

/**
 * What one request of each kind takes, measured one at a time on the local
 * twin (after the loads, so every module is warm): a scan report and the
 * scoreboard through the local gateway, the authorizer and the scoring watch
 * invoked directly, as Lambda would. DynamoDB Local answers slower than
 * DynamoDB, so the durations are upper bounds.
 */
export async function measureRequestTimes(options: {
  api: string;
  agentToken: string;
  adminToken: string;
  service: { id: number; max_score: number; team: { id: number } };
  meter: ReturnType<typeof capacityMeter>;
}): Promise<RequestTimes> {
  const { api, agentToken, adminToken, service, meter } = options;
  const scan = await timed(async (i) => {
    const response = await fetch(`${api}/services/${service.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: `profile-${Date.now()}-${i}`, score: service.max_score, error: null }),
    });
    const body = await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`a scan report for the capacity profile answered ${response.status}`);
    return body.byteLength;
  });
  const board = await timed(async () => {
    const response = await fetch(`${api}/teams/scoreboard`);
    return gzipSync(Buffer.from(await response.arrayBuffer())).length;
  });
  // A team member's poll of the team page: their services with reasons, through the authorizer.
  const session = await signedInMember(api, adminToken, service.team.id);
  const teamRead = await meter.during(() =>
    timed(async () => {
      const response = await fetch(`${api}/team/${service.team.id}/services`, { headers: { authorization: `Bearer ${session}` } });
      if (response.status !== 200) throw new Error(`the team read for the capacity profile answered ${response.status}`);
      return gzipSync(Buffer.from(await response.arrayBuffer())).length;
    }),
  );
  const { handler: authorizer } = (await import('../functions/auth/authorizer')) as { handler: (event: unknown) => Promise<{ isAuthorized: boolean }> };
  const authorizerEvent = {
    type: 'REQUEST',
    routeKey: 'POST /api/v1/services/{id}/scans',
    headers: { authorization: `Bearer ${agentToken}` },
    requestContext: { requestId: 'bench' },
  };
  const authorized = await meter.during(() =>
    timed(async () => ((await authorizer(authorizerEvent)).isAuthorized ? 0 : Promise.reject(new Error('the authorizer refused the bench agent')))),
  );
  const { handler: scoringWatch } = (await import('../functions/scheduled/scoring-watch')) as { handler: () => Promise<unknown> };
  const watch = await timed(async () => (await scoringWatch(), 0));
  return {
    scanReportMs: scan.medianMs,
    scanReportResponseBytes: scan.medianValue,
    publicReadMs: board.medianMs,
    publicReadGzipBytes: board.medianValue,
    teamReadMs: teamRead.result.medianMs,
    teamReadGzipBytes: teamRead.result.medianValue,
    // timed() makes one warming request beyond SEQUENTIAL.
    teamReadUnits: teamRead.read / (SEQUENTIAL + 1),
    authorizerMs: authorized.result.medianMs,
    authorizerReadUnits: authorized.read / SEQUENTIAL,
    scoringWatchMs: watch.medianMs,
  };
}

/** A team account made for the bench, signed in: its session token. */
async function signedInMember(api: string, adminToken: string, teamId: number): Promise<string> {
  const json = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const name = `bench-${Date.now()}`;
  const created = await fetch(`${api}/team-accounts`, { method: 'POST', headers: json, body: JSON.stringify({ team_id: teamId, name }) });
  if (created.status !== 201) throw new Error(`creating the bench's team account answered ${created.status}`);
  const { password } = (await created.json()) as { password: string };
  const signedIn = await fetch(`${api}/team/sessions`, { method: 'POST', headers: json, body: JSON.stringify({ name, password }) });
  if (signedIn.status !== 201) throw new Error(`the bench's sign-in answered ${signedIn.status}`);
  return ((await signedIn.json()) as { token: string }).token;
}

async function timed(request: (i: number) => Promise<number>) {
  await request(-1); // warm
  const ms: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    values.push(await request(i));
    ms.push(performance.now() - started);
  }
  const middle = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return { medianMs: middle(ms), medianValue: middle(values) };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The capacity profile (lib/cost/capacity-profile.json) from the bench's
 * figures: the scan report's units from the steady scenario (one request per
 * result: the request's put and its index entry, the consumer's writes as
 * that scenario batched them, which is the pessimistic case), the public read
 * and the scoring watch from the scoreboard at 250 teams (the watch reads the
 * same standings), durations from one-at-a-time requests. Log bytes are not
 * measured: kept from the previous profile.
 */
export function capacityProfileFrom(figures: {
  when: string;
  steady: { awsWcuRequest: number; awsWcuRequestIndex: number; awsWcuFold: number; localRcu: number };
  scoreboard250: { awsRcu: number };
  times: RequestTimes;
}): CapacityProfile {
  // Read as it is: a kind new to this run is not in it yet (readCapacityProfile would refuse it).
  const previous = JSON.parse(readFileSync(PROFILE_PATH, 'utf8')) as { about: string; requests: Partial<CapacityProfile['requests']> };
  const { steady, scoreboard250, times } = figures;
  const entry = (kind: keyof CapacityProfile['requests'], values: Omit<RequestCapacity, 'logBytes'>): RequestCapacity => ({
    ...values,
    // A kind new to the profile: a request's access line and one EMF line, as the public read's.
    logBytes: (previous.requests[kind] ?? previous.requests.publicRead)!.logBytes,
  });
  return {
    about: previous.about,
    measured: `${figures.when.slice(0, 10)} by npm run bench (DynamoDB Local; durations one request at a time, upper bounds; scan report's consumer writes from one-request-per-result rounds; scoreboard at 250 teams; log bytes estimated)`,
    requests: {
      scanReport: entry('scanReport', {
        // DynamoDB Local's read units per result include the authorizer's token read, billed to the authorizer below.
        readUnits: round(Math.max(0, steady.localRcu - times.authorizerReadUnits)),
        writeUnits: round(steady.awsWcuRequest - steady.awsWcuRequestIndex + steady.awsWcuFold),
        indexWriteUnits: round(steady.awsWcuRequestIndex),
        lambdaMs: Math.round(times.scanReportMs),
        responseBytes: times.scanReportResponseBytes,
      }),
      publicRead: entry('publicRead', {
        readUnits: round(scoreboard250.awsRcu, 1),
        writeUnits: 0,
        indexWriteUnits: 0,
        lambdaMs: Math.round(times.publicReadMs),
        responseBytes: times.publicReadGzipBytes,
      }),
      teamRead: entry('teamRead', {
        // DynamoDB Local's read units include the authorizer's session read, billed to the authorizer.
        readUnits: round(Math.max(0, times.teamReadUnits - times.authorizerReadUnits)),
        writeUnits: 0,
        indexWriteUnits: 0,
        lambdaMs: Math.round(times.teamReadMs),
        responseBytes: times.teamReadGzipBytes,
      }),
      authorizer: entry('authorizer', {
        readUnits: round(times.authorizerReadUnits),
        writeUnits: 0,
        indexWriteUnits: 0,
        lambdaMs: Math.round(times.authorizerMs),
        responseBytes: 0,
      }),
      scoringWatch: entry('scoringWatch', {
        readUnits: round(scoreboard250.awsRcu, 1),
        writeUnits: 0,
        indexWriteUnits: 0,
        lambdaMs: Math.round(times.scoringWatchMs),
        responseBytes: 0,
      }),
    },
  };
}

/** Writes the profile, then the cost section of docs/deploying.md from `npm run cost -- --markdown` (a test keeps the two equal). */
export async function writeCapacityProfile(profile: CapacityProfile): Promise<void> {
  writeFileSync(PROFILE_PATH, `${JSON.stringify(profile, null, 2)}\n`);
  const { stdout } = await runScript('bin/cost.ts', ['--markdown']);
  replaceSection(COST_PAGE, 'cost', stdout.trim());
}

/** Where the cost table lives: docs/deploying.md, between `<!-- cost:begin -->` and `<!-- cost:end -->`. */
export const COST_PAGE = 'docs/deploying.md';

/** Replaces a generated section of a docs page (between `<!-- <name>:begin -->` and `<!-- <name>:end -->`). */
export function replaceSection(page: string, name: string, content: string): void {
  const path = resolve(ROOT, page);
  const text = readFileSync(path, 'utf8');
  const section = new RegExp(`(<!-- ${name}:begin -->\\n)[\\s\\S]*?\\n?(<!-- ${name}:end -->)`);
  if (!section.test(text)) throw new Error(`${page} has no <!-- ${name}:begin --> … <!-- ${name}:end --> section`);
  writeFileSync(
    path,
    text.replace(section, (_, begin: string, end: string) => `${begin}${content}\n${end}`),
  );
}
