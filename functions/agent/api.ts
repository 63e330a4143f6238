import type { CheckAccount } from '#shared/domain/accounts';
import type { Heartbeat } from '#shared/domain/agents';
import { createScoringClient, type ApiSchemas } from '#shared/api/client';
import type { FailureCategory } from '#shared/domain/scoring/failure';
import { sigv4Signer, type AwsCredentials } from '#shared/aws/sigv4';
import type * as v from 'valibot';
import type { BatchReport } from '#shared/api/schemas/requests/scans';

/**
 * Every call the agent makes to the scoring API, in one place, through the
 * typed client generated from the description: the agent is a client of the
 * API like any other, and a change to the contract that breaks it breaks its
 * typecheck.
 */
export type ApiAuth = { kind: 'sigv4'; credentials: () => AwsCredentials; region: string } | { kind: 'bearer'; token: string };

export type Settings = ApiSchemas['Settings'];
export type Service = ApiSchemas['Service'];
export type Team = ApiSchemas['Team'];
export type DnsRecord = ApiSchemas['DnsRecord'];
/** A subtype and its check parameters (`check`, then the parameters of that kind of check). */
export type Subtype = ApiSchemas['Subtype'] & Record<string, unknown>;
export type CheckJob = ApiSchemas['CheckJob'];
export type Pool = ApiSchemas['Pool'];
export type Claim = ApiSchemas['Claim'];
export type { Heartbeat } from '#shared/domain/agents';
/** How a "check now" job went, as the agent reports it. */
export type CheckJobResult = { passed: boolean; reason: string | null; category: FailureCategory | null; checked_at: string };

/** One report of a batch, as POST /scans takes it: the request schema's input. */
export type ScanReport = v.InferInput<typeof BatchReport>;

/** What became of one report: recorded (or already recorded), or why not. */
export type ReportOutcome = { ok: true } | { ok: false; status: number; detail: string };

export interface ScoringApi {
  settings(): Promise<Settings>;
  /** Every service, or one team's (by its number). */
  services(filter?: { team: number }): Promise<Service[]>;
  service(id: number): Promise<Service>;
  subtypes(): Promise<Subtype[]>;
  /** The services checked otherwise than their subtype says: each one's own check (kind and parameters), by service id. */
  ownChecks(): Promise<Map<number, Record<string, unknown>>>;
  dnsRecords(): Promise<DnsRecord[]>;
  /** Every service's check accounts with their secrets, by service id (read once a round), or one service's (a dry run). */
  checkAccounts(serviceId?: number): Promise<Map<number, CheckAccount[]>>;
  /** "Check now": the jobs no agent has taken yet (the local agent polls them). */
  queuedCheckJobs(): Promise<CheckJob[]>;
  /** Takes a job; undefined when another agent has it, or it is too old to run. */
  startCheckJob(id: number): Promise<CheckJob | undefined>;
  finishCheckJob(id: number, result: CheckJobResult): Promise<void>;
  teams(): Promise<Team[]>;
  /** A pool and the services it checks now: the agent's own, read each round. */
  pool(name: string): Promise<Pool>;
  /** The next slice of its pool's round, after marking the one it finished (`done`). */
  claimSlice(pool: string, request: { round: string; agent: string; lease_seconds: number; done?: number; renew?: number }): Promise<Claim>;
  /** Says it is alive, and how its last round went. */
  heartbeat(pool: string, heartbeat: Heartbeat): Promise<void>;
  /** The mail checks' tokens of these scan ids (of its pool's services), made by the API: every agent agrees on them. */
  mailTokens(pool: string, scanIds: string[]): Promise<Record<string, string>>;
  report(reports: ScanReport[]): Promise<ReportOutcome[]>;
  /** Used by the demo targets, which play the organiser (admins and service accounts may). */
  createDnsRecord(record: Omit<DnsRecord, 'id'>): Promise<DnsRecord>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly path: string,
    /** The problem's code, when the API answered one (`round_not_begun`…). */
    readonly code?: string,
    /** The answer's Retry-After, in seconds, when it had one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${path}: ${status} ${detail}`);
  }
}

/**
 * Retries for 503 (busy, with Retry-After), 429 (throttled) and network
 * failures; and for 502 and 504 (the platform lost the answer: the outcome is
 * unknown) when sending the request again is safe: reads, reports under their
 * scan ids, a lease renewed, a heartbeat. A claim or a job's start sent again
 * would take a second slice or find its own job taken: not resent.
 */
const ATTEMPTS = 4;
const ALWAYS_RETRIED = new Set([429, 503]);
const OUTCOME_UNKNOWN = new Set([502, 504]);
const REQUEST_TIMEOUT_MS = 30_000;

type Answer = { data?: unknown; error?: unknown; response: Response };

/**
 * `baseUrl` is where the API's paths start (`…/api/v1`, as SCORING_API_URL
 * is given); the client's paths carry `/api/v1` themselves.
 */
export function scoringApi(baseUrl: string, auth: ApiAuth): ScoringApi {
  const client = createScoringClient({
    baseUrl: baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, ''),
    ...(auth.kind === 'bearer' ? { token: auth.token } : { sign: sigv4Signer(auth.credentials, auth.region) }),
  });

  async function send<A extends Answer>(path: string, request: (signal: AbortSignal) => Promise<A>, safeToResend = true): Promise<A> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await request(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
        const status = answer.response.status;
        if ((ALWAYS_RETRIED.has(status) || (safeToResend && OUTCOME_UNKNOWN.has(status))) && attempt < ATTEMPTS) {
          const retryAfter = Number(answer.response.headers.get('retry-after'));
          await pause(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 250 * 2 ** attempt);
          continue;
        }
        return answer;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw new ApiError(0, `unreachable: ${(error as Error).message}`, path);
        await pause(250 * 2 ** attempt);
      }
    }
  }

  async function expect<A extends Answer>(
    status: number,
    path: string,
    request: (signal: AbortSignal) => Promise<A>,
    safeToResend = true,
  ): Promise<NonNullable<A['data']>> {
    const { data, error, response } = await send(path, request, safeToResend);
    if (response.status !== status || data === undefined) {
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      const code = (error as { code?: unknown } | undefined)?.code;
      throw new ApiError(
        response.status,
        problemDetail(error),
        path,
        typeof code === 'string' ? code : undefined,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    return data as NonNullable<A['data']>;
  }

  return {
    settings: () => expect(200, '/settings/1', (signal) => client.GET('/api/v1/settings/{id}', { params: { path: { id: 1 } }, signal })),
    services: (filter) =>
      expect(200, '/services', (signal) => client.GET('/api/v1/services', { params: { query: filter ? { team: String(filter.team) } : {} }, signal })),
    async service(id) {
      const { points_earned, sla, recent_scans, frozen, frozen_since, ...service } = await expect(200, `/services/${id}`, (signal) =>
        client.GET('/api/v1/services/{id}', { params: { path: { id } }, signal }),
      );
      return service;
    },
    subtypes: async () => (await expect(200, '/subtypes', (signal) => client.GET('/api/v1/subtypes', { signal }))) as Subtype[],
    ownChecks: async () => {
      const { services } = await expect(200, '/services/own-checks', (signal) => client.GET('/api/v1/services/own-checks', { signal }));
      return new Map(Object.entries(services).map(([id, check]) => [Number(id), check as Record<string, unknown>]));
    },
    dnsRecords: () => expect(200, '/dns', (signal) => client.GET('/api/v1/dns', { signal })),
    checkAccounts: async (serviceId) => {
      const query = serviceId === undefined ? {} : { service_id: String(serviceId) };
      const { services } = await expect(200, '/services/accounts', (signal) => client.GET('/api/v1/services/accounts', { params: { query }, signal }));
      return new Map(Object.entries(services).map(([id, accounts]) => [Number(id), accounts as CheckAccount[]]));
    },
    teams: () => expect(200, '/teams', (signal) => client.GET('/api/v1/teams', { signal })),
    pool: (name) => expect(200, `/pools/${name}`, (signal) => client.GET('/api/v1/pools/{id}', { params: { path: { id: name } }, signal })),
    claimSlice: (pool, body) =>
      expect(
        200,
        `/pools/${pool}/claims`,
        (signal) => client.POST('/api/v1/pools/{id}/claims', { params: { path: { id: pool } }, body, signal }),
        // A renewal is the same whenever it lands; a claim sent again would take another slice.
        body.renew !== undefined,
      ),
    mailTokens: async (pool, scanIds) =>
      (
        await expect(200, `/pools/${pool}/mail-tokens`, (signal) =>
          client.POST('/api/v1/pools/{id}/mail-tokens', { params: { path: { id: pool } }, body: { scan_ids: scanIds }, signal }),
        )
      ).tokens,
    async heartbeat(pool, body) {
      const { error, response } = await send(`/pools/${pool}/heartbeats`, (signal) =>
        client.POST('/api/v1/pools/{id}/heartbeats', { params: { path: { id: pool } }, body, signal }),
      );
      if (response.status !== 204) throw new ApiError(response.status, problemDetail(error), `/pools/${pool}/heartbeats`);
    },
    queuedCheckJobs: () => expect(200, '/checks', (signal) => client.GET('/api/v1/checks', { signal })),
    async startCheckJob(id) {
      const { data, error, response } = await send(
        `/checks/${id}`,
        (signal) => client.PATCH('/api/v1/checks/{id}', { params: { path: { id } }, body: { state: 'running' }, signal }),
        false,
      );
      if (response.status === 409) return undefined;
      if (response.status !== 200 || !data) throw new ApiError(response.status, problemDetail(error), `/checks/${id}`);
      return data;
    },
    async finishCheckJob(id, result) {
      await expect(
        200,
        `/checks/${id}`,
        (signal) => client.PATCH('/api/v1/checks/{id}', { params: { path: { id } }, body: { state: 'done', ...result }, signal }),
        false,
      );
    },
    createDnsRecord(record) {
      // One key for every attempt: a retry after a lost answer creates nothing twice.
      const key = crypto.randomUUID();
      return expect(201, '/dns', (signal) => client.POST('/api/v1/dns', { body: record, params: { header: { 'Idempotency-Key': key } }, signal }));
    },
    // POST /scans: up to 100 reports a request, each answered in order. A
    // report the database was too busy for (503) is sent again, alone with
    // the others like it; a resent result that differs from the one recorded
    // (an agent restarted mid-round and checked again) is a 409: the first
    // result stands, which is what we want.
    async report(reports) {
      const outcomes: ReportOutcome[] = new Array(reports.length);
      let pending = reports.map((_, index) => index);
      for (let attempt = 1; pending.length > 0; attempt++) {
        const body = pending.map((i) => reports[i]!);
        let answers: ApiSchemas['BatchAnswer'][];
        try {
          const { data, error, response } = await send('/scans', (signal) => client.POST('/api/v1/scans', { body, signal }));
          if (response.status !== 200 || !data) {
            const detail = problemDetail(error);
            for (const i of pending) outcomes[i] = { ok: false, status: response.status, detail };
            break;
          }
          answers = data;
        } catch (error) {
          for (const i of pending) outcomes[i] = { ok: false, status: 0, detail: (error as Error).message };
          break;
        }
        const busy: number[] = [];
        answers.forEach((answer, k) => {
          const i = pending[k]!;
          if (answer.status === 503 && attempt < ATTEMPTS) busy.push(i);
          else
            outcomes[i] =
              answer.status < 300 || answer.status === 409 ? { ok: true } : { ok: false, status: answer.status, detail: problemDetail(answer.body) };
        });
        pending = busy;
        if (pending.length > 0) await pause(1000 * attempt);
      }
      return outcomes;
    },
  };
}

function problemDetail(error: unknown): string {
  if (typeof error === 'string') return error.slice(0, 300);
  const problem = error as { detail?: string; title?: string } | undefined;
  return (problem?.detail ?? problem?.title ?? '').slice(0, 300);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
