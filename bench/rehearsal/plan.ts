/**
 * What a rehearsal plays, decided at its start and written into its report:
 * the competition (teams, services of cheap kinds, a range pool, an SLA on
 * SSH, a freeze and an end in the file), each service's host and the script
 * it follows (up, down, broken, slower than the check's timeout), and the
 * faults' schedule. Pure: a seed and a size give the same plan.
 */
import { seeded } from '../../test/support/seeded';

/** The kinds a rehearsal's hosts play: cheap to serve by the thousand. */
export const KINDS = ['http', 'ssh', 'dns', 'smtp', 'tcp'] as const;
export type Kind = (typeof KINDS)[number];

/** How a host answers for a while: `slow` accepts and says nothing until the check's timeout has passed. */
export type Mode = 'up' | 'down' | 'broken' | 'slow';

export interface Size {
  teams: number;
  servicesPerTeam: number;
  roundSeconds: number;
  rounds: number;
  viewers: number;
  /** Host processes: the hosts are spread over them. */
  hostProcesses: number;
}

export const SIZES = {
  /** About 3 minutes on 2 cores. */
  default: { teams: 20, servicesPerTeam: 10, roundSeconds: 10, rounds: 12, viewers: 20, hostProcesses: 2 },
  /** The suite's: every fault kind once, one at a time, within 90 s. */
  short: { teams: 6, servicesPerTeam: 5, roundSeconds: 10, rounds: 7, viewers: 3, hostProcesses: 1 },
  /** A whole event's size. */
  full: { teams: 250, servicesPerTeam: 20, roundSeconds: 60, rounds: 8, viewers: 50, hostProcesses: 4 },
} satisfies Record<string, Size>;

/** Every check's timeout: `slow` hosts answer after it. */
export const CHECK_TIMEOUT_SECONDS = 2;
export const SSH_ACCOUNT = { username: 'blue', password: 'Rehearsal-Blue-Pa55' };
/** The range pool: every third team's services are checked from it, by installed agents. */
export const RANGE_POOL = 'range-a';
export const PORTS: Record<Kind, number> = { http: 8080, ssh: 2222, dns: 5300, smtp: 2525, tcp: 9000 };

export interface HostPlan {
  /** The service's index in its team (0-based) and its team's number: its address is 127.<team>.<subnet>.<index + 1>. */
  team: number;
  index: number;
  kind: Kind;
  url: string;
  address: string;
  port: number;
  /** Its modes from each offset (ms from the first round's start); `up` before the first. */
  script: { at: number; mode: Mode }[];
}

/**
 * A blue team's member: changes its SSH host's password and says so in a
 * password change request (the host takes the new one only once the request
 * is applied), and asks for a "check now" of a host that stays up.
 */
export interface BlueTeamPlan {
  team: number;
  ssh: string;
  changeAt: number;
  newPassword: string;
  checkNow: string;
  checkNowAt: number;
}

export interface FaultPlan {
  kind: FaultKind;
  /** Offset from the first round's start, and how long it lasts (ms). */
  at: number;
  lasts: number;
}

export type FaultKind =
  | 'gateway-503'
  | 'gateway-429'
  | 'database-stalled'
  | 'server-killed'
  | 'stream-consumer-killed'
  | 'pool-cut-off'
  | 'agent-killed'
  | 'agent-stopped'
  | 'agent-clock-ahead';

/** In the order they are played: the agents' faults first, while every agent is in its rounds. */
export const FAULT_KINDS: FaultKind[] = [
  'agent-clock-ahead',
  'agent-killed',
  'agent-stopped',
  'gateway-503',
  'database-stalled',
  'server-killed',
  'stream-consumer-killed',
  'pool-cut-off',
  'gateway-429',
];

export interface Plan {
  seed: number;
  /** The third octet of every host's address (from the seed): two rehearsals at once seldom share one. */
  subnet: number;
  /** How far ahead one range agent's clock runs: 90 s, or less in a run too short for it to meet the event's rounds (two rounds short of the run). */
  clockAheadSeconds: number;
  /** Another's runs a little ahead: it waits each round out at its start, and its checks' times are kept at their arrival. */
  clockSlightlyAheadSeconds: number;
  size: Size;
  /** The competition file (JSON is YAML). */
  competition: Record<string, unknown>;
  hosts: HostPlan[];
  /** A host no service names at the start: an organiser adds its service while the board runs. */
  spare: HostPlan;
  blueTeams: BlueTeamPlan[];
  /** The HTTP host whose check an organiser changes, and the team moved to the range pool (none left on a stage). */
  liveEdits: { checkUrl?: string; movedTeam?: number };
  faults: FaultPlan[];
  /** When the first round starts (epoch ms, on a round boundary), and when scoring ends (end_time). */
  startsAt: number;
  endsAt: number;
  freezeAt: number;
  /** Played on a deployed stage (`--api`): its server side unfaulted, its units uncounted, every team in the range pool. */
  deployed?: boolean;
}

const kindOf = (index: number): Kind => KINDS[index % KINDS.length]!;
export const SUBTYPE_ID: Record<Kind, number> = { http: 1, ssh: 2, dns: 3, smtp: 4, tcp: 5 };

/**
 * The plan. The first round starts at least `leadMs` from `now` (time for
 * the processes to come up), on a round boundary; scoring ends after the
 * last round, the scoreboard freezes at three quarters of the run.
 */
export function makePlan(size: Size, seed: number, now: number, leadMs: number, options: { deployed?: boolean } = {}): Plan {
  const round = size.roundSeconds * 1000;
  const startsAt = Math.ceil((now + leadMs) / round) * round;
  const runMs = size.rounds * round;
  const endsAt = startsAt + runMs;
  const freezeAt = startsAt + Math.floor((runMs * 3) / 4 / round) * round;
  const next = seeded(seed);
  const subnet = 1 + (seed % 250);
  const hosts: HostPlan[] = [];
  for (let team = 1; team <= size.teams; team++) {
    for (let index = 0; index < size.servicesPerTeam; index++) {
      const kind = kindOf(index);
      hosts.push({
        team,
        index,
        kind,
        url: `host${index + 1}.team${team}.rehearsal.example`,
        address: `127.${team}.${subnet}.${index + 1}`,
        port: PORTS[kind],
        script: scriptFor(kind, runMs, round, next),
      });
    }
  }
  const spareIndex = size.servicesPerTeam;
  const spare: HostPlan = {
    team: 1,
    index: spareIndex,
    kind: 'http',
    url: `host${spareIndex + 1}.team1.rehearsal.example`,
    address: `127.1.${subnet}.${spareIndex + 1}`,
    port: PORTS.http,
    script: [],
  };
  // Two blue teams of the cloud pool (teams 1 and 2), each changing its SSH password once, at a fifth and at half of
  // the run, and asking for a check of a host whose script keeps it up.
  const blueTeams: BlueTeamPlan[] = [1, 2]
    .filter((team) => team <= size.teams && size.servicesPerTeam >= 2)
    .map((team, i) => {
      // Its web host stays up all along: a "check now" of it must pass.
      const steady = hosts.find((h) => h.team === team && h.kind === 'http')!;
      steady.script = [];
      return {
        team,
        ssh: hosts.find((h) => h.team === team && h.kind === 'ssh')!.url,
        changeAt: Math.floor(runMs * (i === 0 ? 0.2 : 0.5)),
        newPassword: `Rehearsal-Changed-${team}-${Math.floor(next() * 1e9)}`,
        checkNow: steady.url,
        checkNowAt: Math.floor(runMs * (i === 0 ? 0.35 : 0.6)),
      };
    });
  // The live edits' targets (./live-edits.ts): a team of the cloud pool moved into the range pool, and a web host
  // whose check changes, kept up all along so that every round after the change shows the path it was asked for.
  const deployed = options.deployed === true;
  const movedTeam = Array.from({ length: size.teams }, (_, i) => i + 1).find((team) => team > 2 && !inRangePool(team, deployed));
  const editable = hosts.filter((h) => h.kind === 'http' && h.team > 2 && h.team !== movedTeam);
  const edited = editable.find((h) => !inRangePool(h.team, deployed)) ?? editable[0];
  if (edited) edited.script = [];
  return {
    seed,
    subnet,
    blueTeams,
    liveEdits: { ...(edited ? { checkUrl: edited.url } : {}), ...(movedTeam !== undefined ? { movedTeam } : {}) },
    clockAheadSeconds: Math.min(90, runMs / 1000 - 2 * size.roundSeconds),
    clockSlightlyAheadSeconds: 3,
    size,
    competition: competitionFile(size, startsAt, endsAt, freezeAt, hosts, subnet, options.deployed === true),
    ...(options.deployed ? { deployed: true } : {}),
    hosts,
    spare,
    faults: faultSchedule(size, runMs),
    startsAt,
    endsAt,
    freezeAt,
  };
}

/** A host's script: up, with 0 to 2 spells of another mode, each one to three rounds long; TCP knows only up and down. */
function scriptFor(kind: Kind, runMs: number, round: number, next: () => number): { at: number; mode: Mode }[] {
  const modes: Mode[] = kind === 'tcp' ? ['down'] : ['down', 'broken', 'slow'];
  const spells = Math.floor(next() * 3);
  const script: { at: number; mode: Mode }[] = [];
  let from = 0;
  for (let i = 0; i < spells; i++) {
    // A spell starts off the round grid, so checks straddle its edges.
    const at = from + Math.floor(next() * (runMs / 2));
    if (at >= runMs) break;
    const lasts = round * (1 + Math.floor(next() * 3)) + Math.floor(next() * round);
    script.push({ at, mode: modes[Math.floor(next() * modes.length)]! }, { at: at + lasts, mode: 'up' });
    from = at + lasts + round;
  }
  return script;
}

/**
 * The faults, one at a time and in order, spread over the run; the clock
 * that runs ahead is one range agent's for the whole run.
 */
function faultSchedule(size: Size, runMs: number): FaultPlan[] {
  const round = size.roundSeconds * 1000;
  const timed = FAULT_KINDS.filter((k) => k !== 'agent-clock-ahead');
  const step = Math.floor((runMs - round) / timed.length);
  const gateway = Math.min(8000, Math.max(4000, step - 1000));
  const lasts: Record<FaultKind, number> = {
    'agent-clock-ahead': runMs,
    'gateway-503': gateway,
    'gateway-429': gateway,
    'database-stalled': 15_000,
    // The time until it is started again.
    'server-killed': 0,
    'stream-consumer-killed': 2000,
    'pool-cut-off': round,
    'agent-killed': 3000,
    // Past its lease (a round at most): its slice goes to another agent of the pool.
    'agent-stopped': round + 2000,
  };
  return [{ kind: 'agent-clock-ahead', at: 0, lasts: runMs }, ...timed.map((kind, i) => ({ kind, at: round / 2 + i * step, lasts: lasts[kind] }))];
}

/** What the red team may file in a rehearsal, and what each takes off a team once approved. */
export const FINDING_KINDS = [
  { id: 'user-access', name: 'User access', points: 10 },
  { id: 'admin-access', name: 'Administrator or root access', points: 20 },
];
export const INCIDENT_MAX_POINTS = 50;

function competitionFile(
  size: Size,
  startsAt: number,
  endsAt: number,
  freezeAt: number,
  hosts: HostPlan[],
  subnet: number,
  everyTeamInRange: boolean,
): Record<string, unknown> {
  const check = { timeout_seconds: CHECK_TIMEOUT_SECONDS };
  return {
    settings: {
      competition_name: `Rehearsal ${size.teams} × ${size.servicesPerTeam}`,
      dns_address_template: `127.{team_number}.${subnet}`,
      dns_nameservers: ['ns1.rehearsal.example'],
      round_seconds: size.roundSeconds,
      start_time: new Date(startsAt).toISOString(),
      end_time: new Date(endsAt).toISOString(),
      late_result_grace_seconds: 30,
      scoreboard_freeze_time: new Date(freezeAt).toISOString(),
      // Incident reports won back and findings lost, side by side in the Red Team column (as the sample has it).
      incident_reports_super_type_id: 3,
      incident_report_max_points: INCIDENT_MAX_POINTS,
      red_team_findings_super_type_id: 3,
      red_team_repeat_window_minutes: 60,
      red_team_findings_shown: 'at_once',
      // The red team's beacons (./beacons.ts): each team's networks are its 127.<team>.0.0/16.
      beacon_points_per_round: 10,
      beacon_max_points_per_round: 30,
      beacon_expiry_rounds: 4,
      beacons_shown: 'at_once',
    },
    finding_kinds: FINDING_KINDS,
    super_types: [
      { id: 1, name: 'Services' },
      { id: 2, name: 'Injects' },
      { id: 3, name: 'Red Team' },
    ],
    subtypes: [
      { id: SUBTYPE_ID.http, name: 'HTTP', super_type_id: 1, max_score: 10, check: 'http', path: '/', status: 200, content: 'Welcome', ...check },
      {
        id: SUBTYPE_ID.ssh,
        name: 'SSH',
        super_type_id: 1,
        max_score: 10,
        check: 'ssh',
        accounts: [SSH_ACCOUNT],
        // Every third failed check in a row costs 5 points.
        sla_threshold: 3,
        sla_penalty: 5,
        ...check,
      },
      { id: SUBTYPE_ID.dns, name: 'DNS', super_type_id: 1, max_score: 5, check: 'dns', query: 'www', ...check },
      { id: SUBTYPE_ID.smtp, name: 'SMTP', super_type_id: 1, max_score: 8, check: 'smtp', ...check },
      { id: SUBTYPE_ID.tcp, name: 'Database', super_type_id: 1, max_score: 5, check: 'tcp', ...check },
    ],
    pools: [{ name: RANGE_POOL, description: 'the range: installed agents' }],
    teams: Array.from({ length: size.teams }, (_, t) => ({
      number: t + 1,
      name: `Rehearsal Team ${t + 1}`,
      team_url: `team${t + 1}.rehearsal.example`,
      ...(inRangePool(t + 1, everyTeamInRange) ? { pool: RANGE_POOL } : {}),
      // Its egress ranges, for the red team's beacons: this machine's 127.<team>.0.0/16 (a deployed stage sees this
      // machine's public address for every team: no networks, and no beacons are played there).
      networks: everyTeamInRange ? [] : [`127.${t + 1}.0.0/16`],
      services: hosts.filter((h) => h.team === t + 1).map((h) => ({ subtype_id: SUBTYPE_ID[h.kind], url: h.url, port: h.port })),
    })),
  };
}

/** A third of the teams are the range pool's; every team on a deployed stage, whose Lambda agent cannot reach this machine. */
const inRangePool = (team: number, deployed: boolean) => deployed || team % 3 === 0;

/** A host's mode at an offset (ms from the first round's start). */
export function modeAt(host: Pick<HostPlan, 'script'>, offset: number): Mode {
  let mode: Mode = 'up';
  for (const step of host.script) if (step.at <= offset) mode = step.mode;
  return mode;
}
