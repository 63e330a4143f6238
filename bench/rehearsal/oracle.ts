/**
 * The rehearsal's oracle: what every recorded result should have earned,
 * worked out from what the hosts themselves saw (every probe each served,
 * and when each was down), under the project's documented scoring rules
 * (docs/scoring.md), never from the round schedule: checks straddle round
 * boundaries, agents die and come back, slices change hands. Pure.
 *
 * - A result matches the probes its service's host served from its check
 *   time (whole seconds) to the check's timeout after, or to the second
 *   after the next check's time when that comes sooner: it passed if the host
 *   answered well, failed if it answered badly or not in time. Two agents
 *   may probe in one window (a slice taken over): the result must be one of
 *   their outcomes. No probe at all: the host must have been down then
 *   (the check failed to connect); otherwise the result is unexplained.
 * - It earns its service's max_score when it passed, its check time is in
 *   [start_time, end_time) and it arrived by end_time plus the grace;
 *   otherwise nothing, and adds nothing to the maximum.
 * - SLA: by check time, each failed check of those that count lengthens its
 *   service's run, a pass ends it; every `threshold`-th failure of a run costs
 *   `penalty` in the service's super type.
 */

export type Outcome = 'good' | 'bad' | 'silent';

/** One line of a host's log: a probe it answered, or the moment it went down or came back. */
export type HostEvent =
  { t: number; service: string; outcome: Outcome; why?: string; path?: string } | { t: number; service: string; event: 'down' | 'up' | 'password' };

export interface RecordedResult {
  scan_id: string;
  /** How far ahead of the hosts' clock the clock of the agent that reported it ran (ms): its check time is that much late. */
  aheadMs?: number;
  /** Check time (whole seconds) and arrival, ISO. */
  time: string;
  received_at: string;
  score: number;
  error: string | null;
  points: number;
}

export interface OracleService {
  id: number;
  /** Its host's key in the hosts' logs (the service's URL). */
  url: string;
  team: number;
  superTypeId: number;
  maxScore: number;
  sla: { threshold: number; penalty: number };
  results: RecordedResult[];
}

export interface ScoringWindow {
  start: number | null;
  end: number | null;
  graceMs: number;
  timeoutMs: number;
}

export interface Mismatch {
  team: number;
  service: number;
  url: string;
  scan_id: string;
  time: string;
  why: string;
}

export interface Expected {
  /** Per team number, per super type id: the score and its maximum, as the rules give them. */
  totals: Map<number, Map<number, { score: number; max: number }>>;
  mismatches: Mismatch[];
  /**
   * Checks that timed out at the agent though their host answered well, or
   * served nothing in time while up (a busy agent's, or a busy machine's):
   * scored as the agent reported them, which is right by the rules; listed
   * apart (the report fails on those no fault explains).
   */
  agentTimeouts: Mismatch[];
  /** Each SLA penalty the rules give: its team, when the failure that cost it arrived, its points. */
  penalties: { team: number; t: number; points: number }[];
  /** Results two probes of one window answered differently (each outcome would have been right). */
  ambiguous: number;
  checked: number;
}

const passed = (r: RecordedResult, maxScore: number) => r.score === maxScore;

export function expectedScores(services: readonly OracleService[], hostLog: readonly HostEvent[], window: ScoringWindow): Expected {
  const byService = new Map<string, HostEvent[]>();
  for (const e of hostLog) (byService.get(e.service) ?? byService.set(e.service, []).get(e.service)!).push(e);
  for (const events of byService.values()) events.sort((a, b) => a.t - b.t);
  const totals = new Map<number, Map<number, { score: number; max: number }>>();
  const mismatches: Mismatch[] = [];
  const agentTimeouts: Mismatch[] = [];
  const penalties: Expected['penalties'] = [];
  let ambiguous = 0;
  let checked = 0;
  for (const service of services) {
    const events = byService.get(service.url) ?? [];
    const team = totals.get(service.team) ?? totals.set(service.team, new Map()).get(service.team)!;
    const figure = team.get(service.superTypeId) ?? team.set(service.superTypeId, { score: 0, max: 0 }).get(service.superTypeId)!;
    const wrong = (r: RecordedResult, why: string) =>
      mismatches.push({ team: service.team, service: service.id, url: service.url, scan_id: r.scan_id, time: r.time, why });
    let run = 0;
    const results = [...service.results].sort((a, b) => a.time.localeCompare(b.time) || a.scan_id.localeCompare(b.scan_id));
    for (const [i, r] of results.entries()) {
      checked++;
      const checkedAt = Date.parse(r.time);
      // Its window ends where the next check's begins (a late check of one round and the next round's come close),
      // a second after the next check's time: times are whole seconds, so the next may have begun up to a second later.
      const next = results.slice(i + 1).find((later) => Date.parse(later.time) > checkedAt);
      const to = Math.min(checkedAt + 1000 + window.timeoutMs + 500, next ? Date.parse(next.time) + 1000 : Infinity);
      // A time kept at its arrival (an agent's clock ahead: decision 0083) is later than the check: such a window
      // reaches back a check's length, not past the check before it.
      // So is the time of an agent whose clock ran ahead, by as much.
      const previous = results.slice(0, i).findLast((earlier) => Date.parse(earlier.time) < checkedAt);
      const keptAtArrival = r.time === r.received_at;
      const back = (r.aheadMs ?? 0) + (keptAtArrival ? window.timeoutMs + 1000 : 0);
      const from = back > 0 ? Math.max(checkedAt - back, previous ? Date.parse(previous.time) + 1000 : -Infinity) : checkedAt;
      const probes = events.filter((e): e is Extract<HostEvent, { outcome: Outcome }> => 'outcome' in e && e.t >= from && e.t <= to);
      const outcomes = new Set(probes.map((p) => p.outcome === 'good'));
      const timedOut = !passed(r, service.maxScore) && /timeout/.test(r.error ?? '');
      const timeout = (why: string) => agentTimeouts.push({ team: service.team, service: service.id, url: service.url, scan_id: r.scan_id, time: r.time, why });
      if (passed(r, service.maxScore)) {
        if (probes.length === 0) wrong(r, 'passed, but its host served no probe for it');
        else if (!outcomes.has(true)) wrong(r, `passed, but its host answered ${probes.map((p) => p.outcome).join(', ')}`);
      } else if (outcomes.has(false) || wasDown(events, from, to)) {
        // A failure its host answered, or one while its host was down (refused at that moment).
      } else if (timedOut) {
        // The agent gave up waiting though its host answered in time, or no host's handler saw the connection in time:
        // a busy agent or a starved host process, not a host's answer.
        timeout(probes.length === 0 ? `${r.error}; no probe served in time` : (r.error ?? 'timeout'));
      } else {
        wrong(
          r,
          `failed (${r.error ?? 'no reason'}), but its host ${probes.length === 0 ? 'served no probe for it and was up' : `answered ${probes.map((p) => p.outcome).join(', ')}`}`,
        );
      }
      if (outcomes.size > 1) ambiguous++;
      const counts = inWindow(r, window);
      const earned = counts && passed(r, service.maxScore) ? service.maxScore : 0;
      if (r.points !== earned) wrong(r, `earned ${r.points} points, the rules give ${earned}`);
      if (!counts) continue;
      figure.max += service.maxScore;
      figure.score += earned;
      // SLA, by check time: a failure lengthens the run, each threshold-th of it costs the penalty; a pass ends it.
      if (earned === service.maxScore) run = 0;
      else if (++run % Math.max(1, service.sla.threshold) === 0 && service.sla.threshold > 0) {
        figure.score -= service.sla.penalty;
        penalties.push({ team: service.team, t: Date.parse(r.received_at), points: service.sla.penalty });
      }
    }
  }
  return { totals, mismatches, agentTimeouts, penalties, ambiguous, checked };
}

/** Whether a result counts: check time in the window, arrived by its end plus the grace. */
export function inWindow(r: Pick<RecordedResult, 'time' | 'received_at'>, window: ScoringWindow): boolean {
  const time = Date.parse(r.time);
  if (window.start !== null && time < window.start) return false;
  if (window.end !== null && time >= window.end) return false;
  return window.end === null || Date.parse(r.received_at) <= window.end + window.graceMs;
}

/** Whether the host was down at any moment of [from, to]: down before `from` and not up again by then, or going down within. */
function wasDown(events: readonly HostEvent[], from: number, to: number): boolean {
  let down = false;
  for (const e of events) {
    if (!('event' in e) || e.event === 'password') continue;
    if (e.t <= from) down = e.event === 'down';
    else if (e.t <= to && e.event === 'down') return true;
  }
  return down;
}
