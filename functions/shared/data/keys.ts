/**
 * Every key of the single table is built here and nowhere else. Prefixes name
 * the entity; ids are zero-padded so that sort order is numeric order.
 * The entity and access-pattern charts in docs/data-model.md mirror this file.
 */
import { nameKey } from '#shared/domain/names';
import type { AccountHome } from '#shared/domain/roles';

export interface Key {
  pk: string;
  sk: string;
}

const pad = (n: number) => n.toString().padStart(10, '0');

/** The kinds of work that wait for an organiser, as their markers' sort keys begin (data/waiting.ts). */
export type WaitingKind = 'PCR' | 'ANSWER' | 'INCIDENT' | 'FINDING';
const ZONE_SORT_KEY = 'ZONE';
const TOTALS_SORT_KEY = 'TOTALS';
const STATE_SORT_KEY = 'STATE';
const SCAN_RESULT_PREFIX = 'SCANID#';
const VOID_JOB_SORT_KEY = 'VOIDJOB';
const QUEUED_CHECKS = 'CHECKS#QUEUED';
/** The debriefs' partitions (`DEBRIEF#<team>`): what their routes' `keeps` names. */
export const DEBRIEF_PREFIX = 'DEBRIEF#';
/** Partitions of the standings projection: each team's fold writes its own item; the scoreboard queries them all. */
const STANDINGS_SHARDS = 2;

/** The id in a `SERVICE#0000000012` or `TEAM#0000000003` partition key. */
export const idOfPartition = (pk: string) => Number(pk.slice(pk.indexOf('#') + 1));
export const isTeamPartition = (pk: string) => pk.startsWith('TEAM#');

export const standingsPartitions = () => Array.from({ length: STANDINGS_SHARDS }, (_, shard) => `STANDINGS#${shard}`);
/** The status cells (data/status-cells.ts): spread over a few partitions by team id, like the standings. */
const STATUS_SHARDS = 2;
export const statusPartitions = () => Array.from({ length: STATUS_SHARDS }, (_, shard) => `STATUS#${shard}`);

export const PARTITION = {
  teams: 'TEAMS',
  services: 'SERVICES',
  superTypes: 'SUPERTYPES',
  subtypes: 'SUBTYPES',
  dns: 'DNS',
  tokens: 'TOKENS',
  counters: 'COUNTERS',
  /** Every service's check accounts (data/accounts.ts): one partition, read whole by the secrets route once a round. */
  accounts: 'ACCOUNTS',
  /** The services checked otherwise than their subtype says (data/service-checks.ts): one small partition, read whole by the agent once a round. */
  serviceChecks: 'SERVICECHECKS',
  /** The injects (data/injects.ts): one small partition, read whole. */
  injects: 'INJECTS',
  /** The teams' incident reports (data/incidents.ts): one partition, read whole by organisers. */
  incidents: 'INCIDENTS',
  /** Organisers' announcements (data/announcements.ts): one partition, read whole. */
  announcements: 'ANNOUNCEMENTS',
  /** Members' sign-in accounts, blue teams' and the red team's (data/team-accounts.ts), by name. */
  teamAccounts: 'TEAMACCOUNTS',
  /** The red team's findings (data/findings.ts): one partition, read whole by organisers and the red team. */
  findings: 'FINDINGS',
  /** The red team's beacons (data/beacons.ts): one partition, read whole by organisers and the red team. */
  beacons: 'BEACONS',
  /** The team numbers, names and zone names taken through the API (data/teams.ts): two concurrent creates or renames cannot both take one. */
  teamClaims: 'TEAMCLAIMS',
  /** The pools (data/pools.ts): one item holding every pool's assignments, so that no subtype, team or service is in two. */
  pools: 'POOLS',
  /** The pools' agents' heartbeats (data/agents.ts): one partition, read whole by the pools' views. */
  agents: 'AGENTS',
  /** What waits for an organiser (data/waiting.ts): a small marker per thing to decide, read whole by the overview. */
  waiting: 'WAITING',
} as const;

export const keys = {
  competition: (): Key => ({ pk: 'COMPETITION', sk: 'COMPETITION' }),
  /** Every pool and what it checks (data/pools.ts): read whole, written whole under its version. */
  pools: (): Key => ({ pk: PARTITION.pools, sk: 'POOLS' }),
  /** An agent's last heartbeat, by its pool and name (data/agents.ts). */
  agent: (pool: string, name: string): Key => ({ pk: PARTITION.agents, sk: `AGENT#${pool}#${name}` }),
  /** A pool's round as its agents share it: its slice count, then one item per slice claimed (data/agents.ts). */
  roundPartition: (pool: string, round: string) => `ROUND#${pool}#${round}`,
  roundOf: (pool: string, round: string): Key => ({ pk: `ROUND#${pool}#${round}`, sk: 'ROUND' }),
  roundSlice: (pool: string, round: string, slice: number): Key => ({ pk: `ROUND#${pool}#${round}`, sk: `SLICE#${pad(slice)}` }),
  slicePrefix: 'SLICE#',
  counter: (entity: string): Key => ({ pk: PARTITION.counters, sk: entity }),
  settings: (id: number): Key => ({ pk: 'SETTINGS', sk: `SETTINGS#${id}` }),
  /**
   * The published injects' due times, points and super types (data/injects.ts), which the
   * board's maxima read: in the settings' partition, so a change moves the public version.
   */
  injectSchedule: (): Key => ({ pk: 'SETTINGS', sk: 'INJECT_SCHEDULE' }),

  superType: (id: number): Key => ({ pk: PARTITION.superTypes, sk: `SUPERTYPE#${pad(id)}` }),
  subtype: (id: number): Key => ({ pk: PARTITION.subtypes, sk: `SUBTYPE#${pad(id)}` }),

  team: (id: number): Key => ({ pk: PARTITION.teams, sk: `TEAM#${pad(id)}` }),
  /** A team number, name or zone name a team took (its value trimmed and lower-cased: names and zone names compare so). */
  teamClaim: (what: 'number' | 'name' | 'url', value: string | number): Key => ({
    pk: PARTITION.teamClaims,
    sk: `${what.toUpperCase()}#${nameKey(String(value))}`,
  }),
  /** A team's own partition: its totals, its zone state and its adjustments. */
  teamPartition: (id: number) => `TEAM#${pad(id)}`,
  /** The team's running totals: written only by the fold consumer. */
  teamTotals: (id: number): Key => ({ pk: `TEAM#${pad(id)}`, sk: TOTALS_SORT_KEY }),
  teamZone: (teamId: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: ZONE_SORT_KEY }),
  teamZoneSortKey: () => ZONE_SORT_KEY,
  adjustment: (teamId: number, id: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: `ADJUSTMENT#${pad(id)}` }),
  adjustmentPrefix: 'ADJUSTMENT#',
  /** A team's grades (data/grades.ts): awards the fold takes, like adjustments. */
  gradePrefix: 'GRADE#',
  grade: (teamId: number, injectId: number, n: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: `GRADE#${pad(injectId)}#${pad(n)}` }),
  gradesOf: (teamId: number, injectId?: number) => ({ pk: `TEAM#${pad(teamId)}`, skPrefix: injectId === undefined ? 'GRADE#' : `GRADE#${pad(injectId)}#` }),

  service: (id: number): Key => ({ pk: PARTITION.services, sk: `SERVICE#${pad(id)}` }),
  servicesOfTeamNumber: (teamNumber: number) => ({ gsi1pk: `TEAMNUMBER#${teamNumber}` }),
  servicesOfSubtype: (subtypeId: number) => ({ gsi2pk: `SUBTYPE#${pad(subtypeId)}` }),
  serviceIndexes: (serviceId: number, teamNumber: number, subtypeId: number) => ({
    gsi1pk: `TEAMNUMBER#${teamNumber}`,
    gsi1sk: `SERVICE#${pad(serviceId)}`,
    gsi2pk: `SUBTYPE#${pad(subtypeId)}`,
    gsi2sk: `SERVICE#${pad(serviceId)}`,
  }),
  /** A service's own partition: its state and its results. */
  servicePartition: (id: number) => `SERVICE#${pad(id)}`,
  /** The service's dynamic state (last scan, started, points): written by the fold, and `started` by the request. */
  serviceState: (id: number): Key => ({ pk: `SERVICE#${pad(id)}`, sk: STATE_SORT_KEY }),
  /** A scan result, keyed by its scan_id (the idempotency key: a conditional put). */
  scanResult: (serviceId: number, scanId: string): Key => ({ pk: `SERVICE#${pad(serviceId)}`, sk: `${SCAN_RESULT_PREFIX}${scanId}` }),
  scanResultPrefix: SCAN_RESULT_PREFIX,
  /** The history index's sort key: newest first by check time, equal times by scan_id. */
  scanHistorySortKey: (time: string, scanId: string) => ({ lsi1sk: `T#${time}#${scanId}` }),
  /** Sorts after every check made before `time` and before every check made at or after it. */
  scanHistoryBound: (time: string) => `T#${time}`,
  /** A result's whole key in the history index: where a page of history starts after it. */
  scanHistoryPosition: (serviceId: number, time: string, scanId: string): Key & { lsi1sk: string } => ({
    ...keys.scanResult(serviceId, scanId),
    ...keys.scanHistorySortKey(time, scanId),
  }),

  /** A service's check accounts: their summaries, and their secrets sealed (data/accounts.ts). */
  serviceAccounts: (serviceId: number): Key => ({ pk: PARTITION.accounts, sk: `SERVICE#${pad(serviceId)}` }),

  /** A service's own check, in place of its subtype's (data/service-checks.ts). */
  serviceCheck: (serviceId: number): Key => ({ pk: PARTITION.serviceChecks, sk: `SERVICE#${pad(serviceId)}` }),

  /** A version of a team's submission for an inject, in the team's partition (data/submissions.ts). */
  submission: (teamId: number, injectId: number, version: number): Key => ({
    pk: `TEAM#${pad(teamId)}`,
    sk: `SUBMISSION#${pad(injectId)}#${pad(version)}`,
  }),
  submissionsOf: (teamId: number, injectId?: number) => ({
    pk: `TEAM#${pad(teamId)}`,
    skPrefix: injectId === undefined ? 'SUBMISSION#' : `SUBMISSION#${pad(injectId)}#`,
  }),
  /** An announcement (data/announcements.ts). */
  announcement: (id: number): Key => ({ pk: PARTITION.announcements, sk: `ANNOUNCEMENT#${pad(id)}` }),
  /** A team's incident report (data/incidents.ts). */
  incident: (id: number): Key => ({ pk: PARTITION.incidents, sk: `INCIDENT#${pad(id)}` }),
  /** The same report in gsi2 under its team: a team's reports are one Query of its own key, never a filter of everyone's. */
  incidentOfTeam: (teamId: number, id: number) => ({ gsi2pk: `INCIDENTS#${pad(teamId)}`, gsi2sk: `INCIDENT#${pad(id)}` }),
  teamIncidents: (teamId: number) => `INCIDENTS#${pad(teamId)}`,
  /** A grade of an incident report, in its team's partition, whose stream the fold reads (data/incidents.ts). */
  incidentGradePrefix: 'INCIDENTGRADE#',
  incidentGrade: (teamId: number, incidentId: number, n: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: `INCIDENTGRADE#${pad(incidentId)}#${pad(n)}` }),
  incidentGradesOf: (teamId: number, incidentId?: number) => ({
    pk: `TEAM#${pad(teamId)}`,
    skPrefix: incidentId === undefined ? 'INCIDENTGRADE#' : `INCIDENTGRADE#${pad(incidentId)}#`,
  }),
  /** An inject (data/injects.ts). */
  inject: (id: number): Key => ({ pk: PARTITION.injects, sk: `INJECT#${pad(id)}` }),

  dnsRecord: (id: number): Key => ({ pk: PARTITION.dns, sk: `DNS#${pad(id)}` }),

  /** A void (or unvoid): its preview, then its job's progress. Its own partition: the job's updates are its only writes. */
  voidJob: (id: number): Key => ({ pk: `VOID#${pad(id)}`, sk: VOID_JOB_SORT_KEY }),
  voidJobSortKey: () => VOID_JOB_SORT_KEY,

  token: (hash: string): Key => ({ pk: PARTITION.tokens, sk: `TOKEN#${hash}` }),

  /** A team member's sign-in account, by its (lower-case) name: sign-in reads it with one GetItem. */
  teamAccount: (name: string): Key => ({ pk: PARTITION.teamAccounts, sk: `ACCOUNT#${name}` }),
  teamAccountPrefix: 'ACCOUNT#',
  /** The failed sign-ins counted against one account name (data/sign-in-attempts.ts): its own partition, as every sign-in writes it. */
  signInAttempts: (name: string): Key => ({ pk: `SIGNIN#${name}`, sk: 'ATTEMPTS' }),
  /** A password change request, in its team's partition (the team's history is one Query), and in gsi2 under `PCRS` (the organisers' list is one Query). */
  passwordChange: (teamId: number, id: number) => ({
    pk: `PCRS#${pad(teamId)}`,
    sk: `PCR#${pad(id)}`,
    gsi2pk: 'PCRS',
    gsi2sk: `PCR#${pad(id)}`,
  }),
  teamPasswordChanges: (teamId: number) => `PCRS#${pad(teamId)}`,
  /**
   * A "check now" job (data/check-jobs.ts): its own partition (the agent reads and updates it by id), in gsi2
   * under its team (the team's recent jobs are one Query), and in gsi1 under `CHECKS#QUEUED` while no agent has
   * taken it (a sparse index: the local agent's queue is one Query).
   */
  checkJob: (id: number): Key => ({ pk: `CHECKJOB#${pad(id)}`, sk: 'CHECKJOB' }),
  checkJobOfTeam: (teamId: number, id: number) => ({ gsi2pk: `CHECKS#${pad(teamId)}`, gsi2sk: `CHECK#${pad(id)}` }),
  teamCheckJobs: (teamId: number) => `CHECKS#${pad(teamId)}`,
  queuedCheckJob: (id: number) => ({ gsi1pk: QUEUED_CHECKS, gsi1sk: `CHECK#${pad(id)}` }),
  queuedCheckJobs: () => QUEUED_CHECKS,
  /** When a team may next ask for a dry run: its own item, updated on a condition by every request. */
  checkLimit: (teamId: number): Key => ({ pk: `CHECKLIMIT#${pad(teamId)}`, sk: 'LIMIT' }),
  /** An export of an inject's submissions (data/exports.ts): its own partition, as the worker updates it by id. */
  exportJob: (id: number): Key => ({ pk: `EXPORT#${pad(id)}`, sk: 'EXPORT' }),
  /**
   * How much of something a team did in one window (data/team-limits.ts: upload forms, incident reports): its own
   * item per team, kind and window, so one team's count never shares a partition with another's.
   */
  teamWindow: (home: AccountHome, kind: string, window: number): Key => ({
    pk: `LIMITS#${home === 'red' ? 'RED' : pad(home)}`,
    sk: `${kind.toUpperCase()}#${window}`,
  }),
  /** A red team finding (data/findings.ts), and its entry under its team in gsi2 (what the team's own route reads). */
  finding: (id: number): Key => ({ pk: PARTITION.findings, sk: `FINDING#${pad(id)}` }),
  findingOfTeam: (teamId: number, id: number) => ({ gsi2pk: `FINDINGS#${pad(teamId)}`, gsi2sk: `FINDING#${pad(id)}` }),
  teamFindings: (teamId: number) => `FINDINGS#${pad(teamId)}`,
  /** An organiser's ruling on a finding, in its team's partition, whose stream the fold reads (an award, as a grade). */
  findingRulingPrefix: 'FINDINGRULING#',
  findingRuling: (teamId: number, findingId: number, n: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: `FINDINGRULING#${pad(findingId)}#${pad(n)}` }),
  findingRulingsOf: (teamId: number, findingId?: number) => ({
    pk: `TEAM#${pad(teamId)}`,
    skPrefix: findingId === undefined ? 'FINDINGRULING#' : `FINDINGRULING#${pad(findingId)}#`,
  }),
  /** A red team beacon (data/beacons.ts): one partition, read whole by organisers and the red team, each beacon got by its id. */
  beacon: (id: number): Key => ({ pk: PARTITION.beacons, sk: `BEACON#${pad(id)}` }),
  /** The open beacon on a team host: one at a time (its Put is conditioned on the key being free). */
  beaconHost: (teamId: number, host: string): Key => ({ pk: `BEACONHOSTS#${pad(teamId)}`, sk: `HOST#${nameKey(host)}` }),
  /** A round's deduction by one beacon, in its team's partition, whose stream the fold reads (an award); keyed so a round writes one. */
  beaconDeductionPrefix: 'BEACONROUND#',
  beaconDeduction: (teamId: number, beaconId: number, roundStart: string): Key => ({
    pk: `TEAM#${pad(teamId)}`,
    sk: `BEACONROUND#${pad(beaconId)}#${roundStart}`,
  }),
  beaconDeductionsOf: (teamId: number, beaconId?: number) => ({
    pk: `TEAM#${pad(teamId)}`,
    skPrefix: beaconId === undefined ? 'BEACONROUND#' : `BEACONROUND#${pad(beaconId)}#`,
  }),
  /** What a team's beacons took in one round, against `beacon_max_points_per_round`: its own partition per team. */
  beaconRoundTotal: (teamId: number, roundStart: string): Key => ({ pk: `BEACONCAP#${pad(teamId)}`, sk: `ROUND#${roundStart}` }),
  /** The findings counted against a team (data/findings.ts): approvals read and write it, one at a time, for the repeat rule. */
  findingLedger: (teamId: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: 'FINDINGLEDGER' }),
  /** The organisers' table of finding kinds (data/findings.ts), beside the settings' partition. */
  findingKinds: (): Key => ({ pk: 'FINDINGKINDS', sk: 'KINDS' }),
  /**
   * Sign-in sessions, one partition per home (a team's, or the red team's `SESSIONS#RED`), so an organiser ends
   * them all with one Query.
   */
  sessionsOf: (home: AccountHome) => `SESSIONS#${home === 'red' ? 'RED' : pad(home)}`,
  session: (home: AccountHome, hash: string): Key => ({ pk: keys.sessionsOf(home), sk: `SESSION#${hash}` }),

  /**
   * A team's built debriefs (data/debriefs.ts): a partition of their own, the one place their routes may write
   * (the route table's `keeps`); one item per view, and the parts of one too large for an item, by the build that wrote them.
   */
  debriefPartition: (teamId: number) => `${DEBRIEF_PREFIX}${pad(teamId)}`,
  debrief: (teamId: number, view: 'live' | 'frozen'): Key => ({ pk: `${DEBRIEF_PREFIX}${pad(teamId)}`, sk: view }),
  debriefPart: (teamId: number, view: 'live' | 'frozen', build: string, n: number): Key => ({
    pk: `${DEBRIEF_PREFIX}${pad(teamId)}`,
    sk: `${view}#${build}#${pad(n)}`,
  }),
  debriefPartPrefix: (view: 'live' | 'frozen', build: string) => `${view}#${build}#`,

  /** A team's standings projection (data/standings.ts), in one of STANDINGS_SHARDS partitions by team id. */
  standings: (teamId: number): Key => ({ pk: `STANDINGS#${teamId % STANDINGS_SHARDS}`, sk: `TEAM#${pad(teamId)}` }),

  /** A team's cells in the status view (data/status-cells.ts), in one of STATUS_SHARDS partitions by team id. */
  statusCells: (teamId: number): Key => ({ pk: `STATUS#${teamId % STATUS_SHARDS}`, sk: `TEAM#${pad(teamId)}` }),
  /** When the competition was last loaded, beside the cells: a status delta from before it is answered in full. */
  statusLoaded: (): Key => ({ pk: 'STATUS#0', sk: 'LOADED' }),

  /**
   * A marker of something that waits for an organiser (data/waiting.ts): a password change to decide, an
   * incident report or a finding to review, by id; a team's answer to an inject, by its version.
   */
  waiting: (kind: WaitingKind, ...ids: number[]): Key => ({ pk: PARTITION.waiting, sk: `${kind}#${ids.map(pad).join('#')}` }),

  /** The version of the public views: every change to what they show moves it (see data/public-version.ts). */
  publicVersion: (): Key => ({ pk: 'PUBLIC', sk: 'VERSION' }),

  /** One Idempotency-Key of one caller, method and path (hashed together): its own partition. */
  idempotencyKey: (scopeHash: string): Key => ({ pk: `IDEMPOTENCY#${scopeHash}`, sk: 'IDEMPOTENCY' }),
};

// ---------------------------------------------------------------------------
// Score history (issue #11): snapshots of the standings, one partition per
// resolution, so a request queries one partition for a bounded number of
// samples and the scan path never writes here.
const HISTORY_SAMPLE_PREFIX = 'SAMPLE#';
const HISTORY_PARTITION_PREFIX = 'HISTORY#';
export const historyKeys = {
  partition: (intervalSeconds: number) => `${HISTORY_PARTITION_PREFIX}${pad(intervalSeconds)}`,
  partitionPrefix: HISTORY_PARTITION_PREFIX,
  sample: (intervalSeconds: number, time: string): Key => ({
    pk: `${HISTORY_PARTITION_PREFIX}${pad(intervalSeconds)}`,
    sk: `${HISTORY_SAMPLE_PREFIX}${time}`,
  }),
  samplePrefix: HISTORY_SAMPLE_PREFIX,
  /** The resolution's newest samples rendered as one item (a read's one GetItem), beside the samples it is made of. */
  window: (intervalSeconds: number): Key => ({ pk: `${HISTORY_PARTITION_PREFIX}${pad(intervalSeconds)}`, sk: 'WINDOW' }),
};

/** The registry of IAM principals (users, roles) that may call the IAM API, with their role: one item per ARN. */
export const IAM_PRINCIPALS_PARTITION = 'IAM_PRINCIPALS';
export const iamPrincipalKey = (arn: string): Key => ({ pk: IAM_PRINCIPALS_PARTITION, sk: `ARN#${arn}` });

/**
 * The audit trail: entries spread over a few partitions (a random shard per
 * entry, so admin writes share no single partition), each ordered by time.
 * `ENTRY#` keeps them out of the fold's stream filter (results, adjustments).
 */
const AUDIT_ENTRY_PREFIX = 'ENTRY#';
export const auditKeys = {
  partition: (shard: number) => `AUDIT#${shard}`,
  /** `id` is `<ISO time>#<random>`: sort order is time order in every shard. */
  entry: (shard: number, id: string): Key => ({ pk: `AUDIT#${shard}`, sk: `${AUDIT_ENTRY_PREFIX}${id}` }),
  entryPrefix: AUDIT_ENTRY_PREFIX,
};
