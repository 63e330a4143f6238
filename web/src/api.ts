import { createScoringClient, type ApiSchemas } from '#shared/api/client';
import type { UploadContentType } from '#shared/domain/files';

/**
 * Every request the page makes to the API goes through this module, so the
 * rest of the page only sees typed results. Requests go through the typed
 * client generated from the API's description: the shapes below are the
 * description's, so a change to the contract that breaks the page breaks its
 * typecheck.
 *
 * Reads are conditional: the last ETag of each URL is sent as If-None-Match,
 * so data that has not changed costs a 304 and the copy we hold is reused.
 */

export type Team = ApiSchemas['Team'];
export type Scoreboard = ApiSchemas['Scoreboard'];
export type ScoreboardRow = Scoreboard['scoreboard'][number];
/** A scoreboard row as the page draws it: what the compact view carries (issue #49). */
export interface PageScoreboardRow {
  rank: number;
  division: ScoreboardRow['division'];
  team: Pick<Team, 'id' | 'number' | 'name' | 'logo'>;
  total_score: number;
  scores: { super_type: string; score: number }[];
  services_up: number;
  services_total: number;
}
export type PageScoreboard = Pick<Scoreboard, 'segregate' | 'frozen' | 'frozen_since'> & { scoreboard: PageScoreboardRow[] };

/** The compact view's rows as the page draws them (see CompactScoreboardRow in the API's standings). */
function pageScoreboard(view: ApiSchemas['CompactScoreboard']): PageScoreboard {
  return {
    segregate: view.segregate,
    frozen: view.frozen,
    frozen_since: view.frozen_since,
    scoreboard: view.rows.map((row) => {
      const [rank, division, id, number, name, logo, total, up, services, ...scores] = row as [
        number,
        PageScoreboardRow['division'],
        number,
        number,
        string,
        string,
        number,
        number,
        number,
        ...number[],
      ];
      return {
        rank,
        division,
        team: { id, number, name, logo },
        total_score: total,
        scores: scores.map((score, i) => ({ super_type: view.super_types[i] ?? '', score })),
        services_up: up,
        services_total: services,
      };
    }),
  };
}
export type SuperTypeScore = ScoreboardRow['scores'][number];
export type Service = ApiSchemas['Service'];
export type Scorecard = ApiSchemas['Scorecard'];
export type ScoreHistory = ApiSchemas['ScoreHistory'];
export type ServiceStatusView = ApiSchemas['ServiceStatusView'];
export type StatusCell = ServiceStatusView['teams'][string][number];
export type TeamSession = ApiSchemas['TeamSession'];
export type TeamService = ApiSchemas['TeamService'];
export type TeamScan = ApiSchemas['TeamScan'];
export type PasswordChange = ApiSchemas['PasswordChange'];
export type CheckJob = ApiSchemas['CheckJob'];
export type Announcement = ApiSchemas['Announcement'];
export type TeamInject = ApiSchemas['TeamInject'];
export type Submission = ApiSchemas['Submission'];
export type StoredFile = ApiSchemas['StoredFile'];
export type TeamGrade = ApiSchemas['TeamGrade'];
export type IncidentReport = ApiSchemas['IncidentReport'];
export type ServiceEndpoint = ApiSchemas['ServiceEndpoint'];
export type TeamProfile = ApiSchemas['TeamProfile'];
export type Token = ApiSchemas['Token'];
export type Subtype = ApiSchemas['Subtype'];
export type TeamAccount = ApiSchemas['TeamAccount'];
export type EditableSubtype = ApiSchemas['EditableSubtype'];
export type AuditEntry = ApiSchemas['AuditEntry'];
export type VoidJob = ApiSchemas['VoidJob'];
export type Finding = ApiSchemas['Finding'];
export type Beacon = ApiSchemas['Beacon'];
export type BeaconCreated = ApiSchemas['BeaconCreated'];
export type TeamBeacons = ApiSchemas['TeamBeacons'];
export type FindingKind = ApiSchemas['FindingKinds']['kinds'][number];
export type TeamFindings = ApiSchemas['TeamFindings'];

/** The result of a read: the data, and whether it changed since the last read of that URL. */
export interface Read<T> {
  data: T;
  changed: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The problem's `code`, when the answer was one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Same origin: the page and the API are served together. */
const client = createScoringClient({ baseUrl: '' });
const held = new Map<string, { etag: string; data: unknown }>();

type Answer<T> = { data?: T; error?: unknown; response: Response };
/** How every read is sent: with the held ETag, and past the HTTP cache. */
type Conditional = { params: { header: { 'If-None-Match'?: string } }; cache: RequestCache };

/**
 * One conditional read. `no-store`: the HTTP cache must not answer for us, or
 * a 304 from the server would be hidden and max-age would delay the next change.
 */
export async function read<T>(key: string, send: (init: Conditional) => Promise<Answer<T>>): Promise<Read<T>> {
  const previous = held.get(key);
  const { data, error, response } = await send({ params: { header: previous ? { 'If-None-Match': previous.etag } : {} }, cache: 'no-store' });
  if (response.status === 304 && previous) return { data: previous.data as T, changed: false };
  if (!response.ok || data === undefined) {
    const problem = error as { detail?: string; code?: string } | undefined;
    throw new ApiError(response.status, problem?.detail ?? response.statusText, problem?.code);
  }
  const etag = response.headers.get('etag');
  if (etag) held.set(key, { etag, data });
  return { data, changed: true };
}

/** `?v=`: the version a nudge named (decision 0086), so that the CDN's copy of an older version cannot answer. */
const nudgedTo = (v: number | undefined) => (v === undefined ? {} : { v: String(v) });

/** The public views; each read takes the version its page was nudged to, if it was. */
export const api = {
  scoreboard: () => read('scoreboard', (init) => client.GET('/api/v1/teams/scoreboard', init)),
  /** The scoreboard page's read: the compact view, its rows as the page draws them. */
  pageScoreboard: async (v?: number): Promise<Read<PageScoreboard>> => {
    const answer = await read('compact scoreboard', (init) =>
      client.GET('/api/v1/teams/scoreboard/compact', { ...init, params: { ...init.params, query: nudgedTo(v) } }),
    );
    return { data: pageScoreboard(answer.data), changed: answer.changed };
  },
  services: () => read('services', (init) => client.GET('/api/v1/services', init)),
  teams: (v?: number) => read('teams', (init) => client.GET('/api/v1/teams', { ...init, params: { ...init.params, query: nudgedTo(v) } })),
  /**
   * The status matrix, whole or (with `since`, the `as_of` of the last answer) only what changed. One held
   * ETag for every `since`: the view's ETag names the data's version (decision 0077), so a match (a 304) means
   * nothing changed since what we hold, which stays complete; the poll keeps its `since`.
   */
  serviceStatus: (since?: string, v?: number) =>
    read('service status', (init) =>
      client.GET('/api/v1/services/status', { ...init, params: { ...init.params, query: { ...(since ? { since } : {}), ...nudgedTo(v) } } }),
    ),
  team: (id: number, v?: number) =>
    read(`team ${id}`, (init) => client.GET('/api/v1/teams/{id}', { ...init, params: { ...init.params, path: { id }, query: nudgedTo(v) } })),
  scorecard: (id: number, v?: number) =>
    read(`scorecard ${id}`, (init) => client.GET('/api/v1/teams/{id}/scorecard', { ...init, params: { ...init.params, path: { id }, query: nudgedTo(v) } })),
  servicesOfTeam: (teamNumber: number, v?: number) =>
    read(`services of ${teamNumber}`, (init) =>
      client.GET('/api/v1/services', { ...init, params: { ...init.params, query: { team: String(teamNumber), ...nudgedTo(v) } } }),
    ),
  /** The whole history, or (with `since`, a sample time it returned) only the samples after it. */
  history: (since?: string, v?: number) =>
    read(`history ${since ?? ''}`, (init) =>
      client.GET('/api/v1/teams/scoreboard/history', { ...init, params: { ...init.params, query: { ...(since ? { since } : {}), ...nudgedTo(v) } } }),
    ),
};

/** Why a request was refused: the problem's detail and, for a bad body, each field's message. */
export class RequestRefused extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly errors: { path: string; message: string }[],
  ) {
    super(status, message);
  }
}

export function refused(response: Response, error: unknown): RequestRefused {
  const problem = (error ?? {}) as { detail?: string; errors?: { path: string; message: string }[] };
  return new RequestRefused(response.status, problem.detail ?? response.statusText, problem.errors ?? []);
}

/** Signs a member in: the session token (kept by the caller in the tab's session storage); a red team member's has no team. */
export async function signIn(name: string, password: string): Promise<{ token: string; team: Team | null }> {
  const { data, error, response } = await client.POST('/api/v1/team/sessions', { body: { name, password } });
  if (!data) throw refused(response, error);
  return { token: data.token, team: data.team };
}

/** A signed-in member's reads and writes, with their session token; reads are conditional like the public ones. */
export function memberApi(token: string) {
  const member = createScoringClient({ baseUrl: '', token });
  const path = (id: number) => ({ path: { id } });
  return {
    session: () => read(`session ${token.slice(0, 16)}`, (init) => member.GET('/api/v1/team/session', init)),
    services: (team: number) =>
      read(`team services ${team}`, (init) => member.GET('/api/v1/team/{id}/services', { ...init, params: { ...init.params, ...path(team) } })),
    scans: (team: number, serviceId: number) =>
      read(`team scans ${serviceId}`, (init) =>
        member.GET('/api/v1/team/{id}/scans', { ...init, params: { ...init.params, ...path(team), query: { service_id: String(serviceId), limit: '10' } } }),
      ),
    passwordChanges: (team: number) =>
      read(`password changes ${team}`, (init) => member.GET('/api/v1/team/{id}/password-changes', { ...init, params: { ...init.params, ...path(team) } })),
    requestPasswordChanges: async (team: number, list: string): Promise<PasswordChange> => {
      const { data, error, response } = await member.POST('/api/v1/team/{id}/password-changes', { params: path(team), body: { list } });
      if (!data) throw refused(response, error);
      return data;
    },
    /** The team's debrief (an organiser's token reads any team's). */
    debrief: (team: number) =>
      read(`debrief ${team}`, (init) => member.GET('/api/v1/team/{id}/debrief', { ...init, params: { ...init.params, ...path(team) } })),
    checks: (team: number) =>
      read(`team checks ${team}`, (init) => member.GET('/api/v1/team/{id}/checks', { ...init, params: { ...init.params, ...path(team) } })),
    /** "Check now": the job, queued (a refusal, such as the team's limit, is a RequestRefused with its detail). */
    checkNow: async (team: number, serviceId: number): Promise<CheckJob> => {
      const { data, error, response } = await member.POST('/api/v1/team/{id}/checks', { params: path(team), body: { service_id: serviceId } });
      if (!data) throw refused(response, error);
      return data;
    },
    injects: (team: number) =>
      read(`team injects ${team}`, (init) => member.GET('/api/v1/team/{id}/injects', { ...init, params: { ...init.params, ...path(team) } })),
    submissions: (team: number) =>
      read(`team submissions ${team}`, (init) => member.GET('/api/v1/team/{id}/submissions', { ...init, params: { ...init.params, ...path(team) } })),
    grades: (team: number) =>
      read(`team grades ${team}`, (init) => member.GET('/api/v1/team/{id}/grades', { ...init, params: { ...init.params, ...path(team) } })),
    incidents: (team: number) =>
      read(`team incidents ${team}`, (init) => member.GET('/api/v1/team/{id}/incidents', { ...init, params: { ...init.params, ...path(team) } })),
    /** A new version of the team's answer to an inject, with the keys of files uploaded for it (a refusal, such as a closed inject, is a RequestRefused). */
    submit: async (team: number, injectId: number, text: string, files: string[] = []): Promise<Submission> => {
      const { data, error, response } = await member.POST('/api/v1/team/{id}/submissions', { params: path(team), body: { inject_id: injectId, text, files } });
      if (!data) throw refused(response, error);
      return data;
    },
    /**
     * Uploads one file for an answer or a report: an upload form from the
     * API, then the file posted straight to the file store with it (never
     * through the API). Answers its key; a refusal, the API's or the
     * store's, is a RequestRefused.
     */
    upload: async (team: number, forWhat: { for: 'inject'; inject_id: number } | { for: 'incident' }, file: File): Promise<string> => {
      const { data, error, response } = await member.POST('/api/v1/team/{id}/uploads', {
        params: path(team),
        body: { ...forWhat, file_name: file.name, content_type: file.type as UploadContentType },
      });
      if (!data) throw refused(response, error);
      return postFile(data, file);
    },
    /** A short-lived link that downloads one of the team's files. */
    fileLink: async (team: number, key: string): Promise<string> => {
      const { data, error, response } = await member.GET('/api/v1/team/{id}/files', { params: { ...path(team), query: { key } } });
      if (!data) throw refused(response, error);
      return data.url;
    },
    fileIncident: async (
      team: number,
      body: { observed_at: string; hosts: string[]; description: string; files: string[]; finding_id?: number },
    ): Promise<IncidentReport> => {
      const { data, error, response } = await member.POST('/api/v1/team/{id}/incidents', { params: path(team), body });
      if (!data) throw refused(response, error);
      return data;
    },
    findings: (team: number) =>
      read(`team findings ${team}`, (init) => member.GET('/api/v1/team/{id}/findings', { ...init, params: { ...init.params, ...path(team) } })),
    beacons: (team: number) =>
      read(`team beacons ${team}`, (init) => member.GET('/api/v1/team/{id}/beacons', { ...init, params: { ...init.params, ...path(team) } })),
    announcements: (team: number) =>
      read(`team announcements ${team}`, (init) => member.GET('/api/v1/team/{id}/announcements', { ...init, params: { ...init.params, ...path(team) } })),
    signOut: () => member.DELETE('/api/v1/team/session'),
  };
}

/** A red team member's reads and writes, with their session token (the teams and services are the public's reads). */
export function redTeamApi(token: string) {
  const red = createScoringClient({ baseUrl: '', token });
  const own = token.slice(0, 16);
  return {
    session: () => read(`session ${own}`, (init) => red.GET('/api/v1/team/session', init)),
    kinds: () => read(`finding kinds ${own}`, (init) => red.GET('/api/v1/finding-kinds', init)),
    findings: () => read(`findings ${own}`, (init) => red.GET('/api/v1/red-team/findings', init)),
    /** Uploads one file of evidence through the red team's upload form: its key. */
    upload: async (file: File): Promise<string> => {
      const { data, error, response } = await red.POST('/api/v1/red-team/uploads', {
        body: { file_name: file.name, content_type: file.type as UploadContentType },
      });
      if (!data) throw refused(response, error);
      return postFile(data, file);
    },
    file: async (body: { team_id: number; service_id: number; kind: string; done_at: string; description: string; files: string[] }): Promise<Finding> => {
      const { data, error, response } = await red.POST('/api/v1/red-team/findings', { body });
      if (!data) throw refused(response, error);
      return data;
    },
    addEvidence: async (id: number, body: { note: string; files: string[] }): Promise<Finding> => {
      const { data, error, response } = await red.POST('/api/v1/red-team/findings/{id}/evidence', { params: { path: { id } }, body });
      if (!data) throw refused(response, error);
      return data;
    },
    fileLink: async (key: string): Promise<string> => {
      const { data, error, response } = await red.GET('/api/v1/red-team/files', { params: { query: { key } } });
      if (!data) throw refused(response, error);
      return data.url;
    },
    beacons: () => read(`beacons ${own}`, (init) => red.GET('/api/v1/red-team/beacons', init)),
    openBeacon: async (body: { team_id: number; host: string; note?: string }): Promise<BeaconCreated> => {
      const { data, error, response } = await red.POST('/api/v1/red-team/beacons', { body });
      if (!data) throw refused(response, error);
      return data;
    },
    closeBeacon: async (id: number): Promise<Beacon> => {
      const { data, error, response } = await red.POST('/api/v1/red-team/beacons/{id}/close', { params: { path: { id } } });
      if (!data) throw refused(response, error);
      return data;
    },
    signOut: () => red.DELETE('/api/v1/team/session'),
  };
}

/** Posts a file to the file store with an upload form's fields (the file last, as S3 wants it); answers its key. */
export async function postFile(form: { key: string; url: string; fields: Record<string, string> }, file: File): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', file);
  const posted = await fetch(form.url, { method: 'POST', body });
  if (!posted.ok) {
    // The store answers in S3's XML: its message says which condition failed.
    const message = /<Message>([^<]*)<\/Message>/.exec(await posted.text())?.[1] ?? posted.statusText;
    throw new RequestRefused(posted.status, `${file.name} was refused by the file store: ${message}`, []);
  }
  return form.key;
}

/** A resource as read for editing: its body and the ETag a change names in If-Match. */
export interface Editable<T> {
  data: T;
  etag: string;
}

/** An answer that must have a body (else its refusal), with the ETag a later change names. */
export async function editable<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Editable<T>> {
  const { data, error, response } = await answer;
  if (!data) throw refused(response, error);
  // A CDN that compresses an answer marks its ETag weak (W/"…"), and If-Match compares strongly: the
  // resource's own tag is the strong one under the mark (the CDN stand-in does as CloudFront does).
  return { data, etag: (response.headers.get('etag') ?? '').replace(/^W\//, '') };
}
