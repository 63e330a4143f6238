import type { CheckDefinition } from '#shared/domain/checks';
import type { Service, Team } from '#shared/domain/model';
import type { Settings } from '#shared/domain/settings';
import { sigv4Headers, type AwsCredentials } from './sigv4';

/**
 * Every call the agent makes to the scoring API, in one place: the agent is a
 * client of the API like any other, so it can move onto a generated client
 * without touching the rounds or the checks.
 */
export type ApiAuth =
  | { kind: 'sigv4'; credentials: () => AwsCredentials; region: string }
  | { kind: 'bearer'; token: string };

export interface Subtype {
  id: number;
  name: string;
  super_type_id: number;
  max_score: number;
  check?: CheckDefinition['check'];
  [parameter: string]: unknown;
}

export interface DnsRecord {
  id: number;
  name: string;
  type: string;
  value: string;
  team: number;
}

export type ScanReport =
  | { service: number; scan_id: string; status: 'started' }
  | { service: number; scan_id: string; score: number; error: string | null; time: string };

/** What became of one report: recorded (or already recorded), or why not. */
export type ReportOutcome = { ok: true } | { ok: false; status: number; detail: string };

export interface ScoringApi {
  settings(): Promise<Settings>;
  services(): Promise<Service[]>;
  subtypes(): Promise<Subtype[]>;
  dnsRecords(): Promise<DnsRecord[]>;
  teams(): Promise<Team[]>;
  /** A team's BIND zone (admins only). */
  teamZone(teamId: number): Promise<string>;
  report(reports: ScanReport[]): Promise<ReportOutcome[]>;
  /** Used by the demo targets, which play the organiser (admins and service accounts may). */
  createDnsRecord(record: Omit<DnsRecord, 'id'>): Promise<DnsRecord>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly path: string,
  ) {
    super(`${path}: ${status} ${detail}`);
  }
}

/** Retries for 503 (busy, with Retry-After) and network failures; a report is safe to resend (same scan_id). */
const ATTEMPTS = 4;
const REQUEST_TIMEOUT_MS = 30_000;

export function scoringApi(baseUrl: string, auth: ApiAuth): ScoringApi {
  const base = baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; text: string; json: unknown }> {
    const url = new URL(`${base}${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      const headers =
        auth.kind === 'bearer'
          ? { authorization: `Bearer ${auth.token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) }
          : await sigv4Headers(url, { method, body: payload, credentials: auth.credentials(), region: auth.region });
      try {
        const response = await fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await response.text();
        if (response.status === 503 && attempt < ATTEMPTS) {
          await pause(Number(response.headers.get('retry-after') ?? '1') * 1000);
          continue;
        }
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        return { status: response.status, text, json };
      } catch (error) {
        if (attempt >= ATTEMPTS) throw new ApiError(0, `unreachable: ${(error as Error).message}`, path);
        await pause(250 * 2 ** attempt);
      }
    }
  }

  async function get<T>(path: string): Promise<T> {
    const response = await call('GET', path);
    if (response.status !== 200) throw new ApiError(response.status, problemDetail(response.json, response.text), path);
    return response.json as T;
  }

  return {
    settings: () => get<Settings>('/settings/1'),
    services: () => get<Service[]>('/services'),
    subtypes: () => get<Subtype[]>('/subtypes'),
    dnsRecords: () => get<DnsRecord[]>('/dns'),
    teams: () => get<Team[]>('/teams'),
    async teamZone(teamId) {
      const response = await call('GET', `/teams/${teamId}/dns.zone`);
      if (response.status !== 200) throw new ApiError(response.status, problemDetail(response.json, response.text), `/teams/${teamId}/dns.zone`);
      return response.text;
    },
    async createDnsRecord(record) {
      const response = await call('POST', '/dns', record);
      if (response.status !== 201) throw new ApiError(response.status, problemDetail(response.json, response.text), '/dns');
      return response.json as DnsRecord;
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
        const body = pending.map((i) => {
          const { service, ...report } = reports[i]!;
          return { service_id: service, ...report };
        });
        let answers: { status: number; body: unknown }[];
        try {
          const response = await call('POST', '/scans', body);
          if (response.status !== 200) {
            const detail = problemDetail(response.json, response.text);
            for (const i of pending) outcomes[i] = { ok: false, status: response.status, detail };
            break;
          }
          answers = response.json as { status: number; body: unknown }[];
        } catch (error) {
          for (const i of pending) outcomes[i] = { ok: false, status: 0, detail: (error as Error).message };
          break;
        }
        const busy: number[] = [];
        answers.forEach((answer, k) => {
          const i = pending[k]!;
          if (answer.status === 503 && attempt < ATTEMPTS) busy.push(i);
          else outcomes[i] = answer.status < 300 || answer.status === 409 ? { ok: true } : { ok: false, status: answer.status, detail: problemDetail(answer.body, '') };
        });
        pending = busy;
        if (pending.length > 0) await pause(1000 * attempt);
      }
      return outcomes;
    },
  };
}

function problemDetail(json: unknown, text: string): string {
  const problem = json as { detail?: string; title?: string } | undefined;
  return (problem?.detail ?? problem?.title ?? text).slice(0, 300);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
