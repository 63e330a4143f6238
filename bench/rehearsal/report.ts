import { checkBeacons } from './beacons-report';
import type { BeaconsRecord, CollectedBeacons } from './beacons';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoute } from '#shared/api/route-matching';
import { scanIdFor } from '../../functions/agent/schedule';
import { capacityFigures, type CapacityLine } from './capacity';
import type { FaultRecord } from './faults';
import { acknowledgedWrites, ok2xx, type LedgerEntry } from './ledger';
import { reportHtml, reportMarkdown } from './pages';
import { checkPaperwork, type CollectedPaperwork } from './paperwork-report';
import type { PaperworkRecord } from './paperwork';
import { checkLiveEdits, type LiveEditsRecord } from './live-edits';
import { expectedScores, type HostEvent, type Mismatch, type OracleService, type RecordedResult } from './oracle';
import { CHECK_TIMEOUT_SECONDS, type Plan } from './plan';
import type { ViewerPoll } from './actors';

/**
 * What a rehearsal proves, from what it collected: nothing acknowledged was
 * lost, every score is what the hosts' logs give under the rules, what
 * spectators saw never went back unexplained, every fault happened; and its
 * figures. Written as report.json and report.md.
 */
export interface Collected {
  services: { id: number; subtype_id: number; url: string; max_score: number; team: { id: number; number: number }; results: RecordedResult[] }[];
  scoreboard: { scoreboard: { team: { number: number }; total_score: number; scores: { super_type_id: number; score: number; max_score: number }[] }[] };
  settings: { start_time: string | null; end_time: string | null; late_result_grace_seconds: number; scoreboard_freeze_time: string | null };
  subtypes: { id: number; super_type_id: number }[];
  /** Every team's adjustments, read back. */
  adjustments: { team: number; super_type_id: number; points: number; reason: string }[];
  /** The paperwork as organisers see it (absent from a rehearsal made before it was played). */
  paperwork?: CollectedPaperwork;
  /** The red team's beacons and their deductions (absent on a deployed stage, and from a rehearsal made before them). */
  beacons?: CollectedBeacons;
}

/** What a blue team's member did and saw: its password change request, and its "check now". */
export interface BlueTeamRecord {
  team: number;
  ssh: string;
  checkNow: string;
  change?: { status: number; state: string | null; at: number };
  checkNowOutcome?: { passed: boolean } | null;
  /** How many jobs it asked for before one was done (a job a fault lost is asked for again). */
  checkNowAsks?: number;
}

export interface Inputs {
  plan: Plan;
  collected: Collected;
  hostLog: HostEvent[];
  ledger: LedgerEntry[];
  viewers: { name: string; polls: ViewerPoll[] }[];
  faults: FaultRecord[];
  foldLagSeconds: number[];
  /** Each batch's lag by when the consumer measured it. */
  foldLagByTime?: Record<string, number>;
  verify: { code: number; output: string };
  pids: Record<string, number[]>;
  blueTeams: BlueTeamRecord[];
  paperwork?: PaperworkRecord;
  beacons?: BeaconsRecord;
  liveEdits?: LiveEditsRecord;
  /** A process of the rehearsal's that ended of itself. */
  unexpectedExits: { process: string; at: number; code: number | null; signal: string | null }[];
  durationMs: number;
  /** Each database command's units (capacity.jsonl). */
  capacity: CapacityLine[];
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

export function writeReport(dir: string, inputs: Inputs): { ok: boolean; summary: string } {
  const { plan, collected, ledger } = inputs;
  const settings = collected.settings;
  const window = {
    start: settings.start_time ? Date.parse(settings.start_time) : null,
    end: settings.end_time ? Date.parse(settings.end_time) : null,
    graceMs: settings.late_result_grace_seconds * 1000,
    timeoutMs: CHECK_TIMEOUT_SECONDS * 1000,
  };
  const subtype = new Map(collected.subtypes.map((s) => [s.id, s]));
  // The SLA as the loaded file sets it (the API shows a subtype's SLA to nobody but its own reads).
  const loaded = new Map((plan.competition.subtypes as { id: number; sla_threshold?: number; sla_penalty?: number }[]).map((s) => [s.id, s]));
  // The results reported by the agent whose clock ran a little ahead (its proxy names it).
  const aheadKeys = new Set(
    ledger
      .filter((e) => e.actor.endsWith(' range-a-near') && e.method === 'POST' && e.path === '/api/v1/scans' && e.status === 200 && Array.isArray(e.body))
      .flatMap((e) => (e.body as { service_id: number; scan_id: string }[]).map((report) => `${report.service_id}/${report.scan_id}`)),
  );
  const services: OracleService[] = collected.services.map((s) => ({
    id: s.id,
    url: s.url,
    team: s.team.number,
    superTypeId: subtype.get(s.subtype_id)!.super_type_id,
    maxScore: s.max_score,
    sla: { threshold: loaded.get(s.subtype_id)?.sla_threshold ?? 0, penalty: loaded.get(s.subtype_id)?.sla_penalty ?? 0 },
    results: s.results.map((r) => (aheadKeys.has(`${s.id}/${r.scan_id}`) ? { ...r, aheadMs: plan.clockSlightlyAheadSeconds * 1000 } : r)),
  }));

  // 1. Nothing acknowledged was lost: every report answered 2xx is there, with what was reported, once.
  const recorded = new Map<string, RecordedResult>(collected.services.flatMap((s) => s.results.map((r) => [`${s.id}/${r.scan_id}`, r] as const)));
  const acknowledged = new Map<string, { score: number; error: string | null; by: string }>();
  for (const entry of ledger) {
    if (entry.method !== 'POST' || entry.path !== '/api/v1/scans' || entry.status !== 200 || !Array.isArray(entry.answer)) continue;
    const reports = entry.body as { service_id: number; scan_id: string; score?: number; error?: string | null }[];
    (entry.answer as { status: number }[]).forEach((answer, i) => {
      const report = reports[i];
      if (report && ok2xx(answer.status) && report.score !== undefined)
        acknowledged.set(`${report.service_id}/${report.scan_id}`, { score: report.score, error: report.error ?? null, by: entry.actor });
    });
  }
  const lost: string[] = [];
  for (const [key, report] of acknowledged) {
    const found = recorded.get(key);
    if (!found) lost.push(`${key}: acknowledged to ${report.by}, not in the history`);
    else if (found.score !== report.score) lost.push(`${key}: acknowledged with score ${report.score}, recorded ${found.score}`);
  }
  const teamNumber = (id: number) => collected.services.find((s) => s.team.id === id)?.team.number ?? id;
  const adjustments = acknowledgedWrites(ledger, 'POST', /^\/api\/v1\/teams\/\d+\/adjustments$/).map(({ entry, sent }) => {
    const { super_type_id, points, reason } = entry.body as { super_type_id: number; points: number; reason: string };
    return { key: entry.key!, team: teamNumber(Number(/teams\/(\d+)\/adjustments/.exec(entry.path)![1])), superType: super_type_id, points, reason, sent };
  });
  for (const { key, reason } of adjustments) {
    const there = collected.adjustments.filter((a) => a.reason === reason).length;
    if (there !== 1) lost.push(`adjustment ${key}: acknowledged, ${there} there`);
  }
  const addedServices = ledger.filter((e) => e.method === 'POST' && e.path === '/api/v1/services' && ok2xx(e.status));
  for (const e of addedServices) {
    const url = (e.body as { url: string }).url;
    if (!collected.services.some((s) => s.url === url)) lost.push(`service ${url}: added (${e.status}), not there`);
  }

  // 2. Every score is right: each result against the hosts' logs, each total against the rules' recomputation.
  const expected = expectedScores(services, inputs.hostLog, window);
  const mismatches: (Mismatch | { team: number; why: string })[] = [...expected.mismatches];
  for (const { team, superType, points } of adjustments) {
    const figures = expected.totals.get(team) ?? expected.totals.set(team, new Map()).get(team)!;
    const figure = figures.get(superType) ?? figures.set(superType, { score: 0, max: 0 }).get(superType)!;
    figure.score += points;
  }
  // The paperwork: each write acknowledged is there once, and what the decisions move on the board.
  const boardTeams = collected.scoreboard.scoreboard.map((row) => row.team.number);
  const settingsLoaded = plan.competition.settings as Record<string, number>;
  const paperwork =
    collected.paperwork && inputs.paperwork
      ? checkPaperwork(
          ledger,
          collected.paperwork,
          inputs.paperwork,
          teamNumber,
          boardTeams,
          {
            findingsSuperType: settingsLoaded.red_team_findings_super_type_id!,
            repeatWindowMs: settingsLoaded.red_team_repeat_window_minutes! * 60_000,
            incidentsSuperType: settingsLoaded.incident_reports_super_type_id!,
            incidentMaxPoints: settingsLoaded.incident_report_max_points!,
            // The board was read after everything the ledgers hold.
          },
          ledger.reduce((t, e) => Math.max(t, e.answered), 0),
        )
      : { lost: [], problems: [], awards: [], acknowledged: {} };
  lost.push(...paperwork.lost);
  // The red team's beacons: each deduction acknowledged there, none unexplained, within the rules; what they take off.
  const beacons =
    collected.beacons && inputs.beacons
      ? checkBeacons(
          ledger,
          inputs.beacons,
          collected.beacons,
          teamNumber,
          {
            superType: settingsLoaded.red_team_findings_super_type_id!,
            pointsPerRound: settingsLoaded.beacon_points_per_round!,
            maxPerRound: settingsLoaded.beacon_max_points_per_round!,
            roundMs: plan.size.roundSeconds * 1000,
            expiryRounds: settingsLoaded.beacon_expiry_rounds!,
          },
          ledger.reduce((t, e) => Math.max(t, e.answered), 0),
        )
      : { lost: [], problems: [], awards: [], acknowledged: {} };
  lost.push(...beacons.lost);

  for (const award of [...paperwork.awards, ...beacons.awards]) {
    const figures = expected.totals.get(award.team) ?? expected.totals.set(award.team, new Map()).get(award.team)!;
    const figure = figures.get(award.superType) ?? figures.set(award.superType, { score: 0, max: 0 }).get(award.superType)!;
    figure.score += award.points;
    figure.max += award.max;
  }
  const onBoard = new Set(collected.scoreboard.scoreboard.map((row) => row.team.number));
  for (const team of expected.totals.keys()) if (!onBoard.has(team)) mismatches.push({ team, why: 'not on the board, though it has scores' });
  for (const row of collected.scoreboard.scoreboard) {
    for (const score of row.scores) {
      const want = expected.totals.get(row.team.number)?.get(score.super_type_id) ?? { score: 0, max: 0 };
      if (want.score !== score.score || want.max !== score.max_score) {
        mismatches.push({
          team: row.team.number,
          why: `super type ${score.super_type_id}: the board says ${score.score} of ${score.max_score}, the rules give ${want.score} of ${want.max}`,
        });
      }
    }
  }
  if (inputs.verify.code !== 0) mismatches.push({ team: 0, why: `scoring verify: ${inputs.verify.output.trim().split('\n').at(-1)}` });

  // 3. What spectators saw never went back unexplained (each penalty or deduction explains one drop, once);
  // how long a result took to reach them.
  const negatives = [
    ...expected.penalties,
    // Stamped when first sent: a write may land then, though acknowledged only on a later sending.
    ...adjustments.filter((a) => a.points < 0).map((a) => ({ team: a.team, t: a.sent, points: -a.points })),
    ...[...paperwork.awards, ...beacons.awards].filter((a) => a.points < 0).map((a) => ({ team: a.team, t: a.t, points: -a.points })),
  ];
  const backwards: string[] = [];
  const seenAfter: number[] = [];
  const seenBy: Record<string, { p50: number | null; p99: number | null; results: number }> = {};
  const acks = [...acknowledged.keys()].map((key) => recorded.get(key)).filter((r): r is RecordedResult => r !== undefined);
  for (const viewer of inputs.viewers) {
    const boards = viewer.polls.filter((p) => p.totals);
    const unused = negatives.map((n) => ({ ...n }));
    for (let i = 1; i < boards.length; i++) {
      const [before, after] = [boards[i - 1]!, boards[i]!];
      for (const [team, total] of Object.entries(after.totals!)) {
        let drop = (before.totals![Number(team)] ?? total) - total;
        if (drop <= 0) continue;
        const dropped = drop;
        for (const n of unused) {
          if (drop <= 0 || n.team !== Number(team) || n.t > after.t || n.points <= 0) continue;
          const used = Math.min(n.points, drop);
          n.points -= used;
          drop -= used;
        }
        if (drop > 0)
          backwards.push(
            `${viewer.name}: team ${team} went from ${total + dropped} to ${total} between ${iso(before.t)} and ${iso(after.t)}; penalties and deductions not yet explaining another drop explain ${dropped - drop}`,
          );
      }
    }
    // A result is promised to a viewer by the first status view whose as_of is past its arrival.
    const views = viewer.polls.filter((p) => p.asOf !== undefined);
    const its: number[] = [];
    for (const r of acks) {
      const arrived = Date.parse(r.received_at);
      if (Date.parse(r.time) >= plan.freezeAt) continue;
      const view = views.find((p) => p.asOf! >= arrived);
      if (view) its.push(view.t - arrived);
    }
    seenAfter.push(...its);
    seenBy[viewer.name] = { p50: quantile(its, 0.5), p99: quantile(its, 0.99), results: its.length };
  }

  // 5. Every scheduled fault happened (the ledger proves those the injector could not).
  const agentOf = (e: LedgerEntry) => (e.body as { agent?: string } | undefined)?.agent;
  for (const fault of inputs.faults) {
    if (fault.notPlayed) continue;
    const during = (e: LedgerEntry) => e.sent >= fault.started && e.sent <= (fault.ended ?? fault.started);
    if (fault.kind === 'gateway-503' || fault.kind === 'gateway-429') {
      const status = fault.kind === 'gateway-503' ? 503 : 429;
      const refused = ledger.filter((e) => during(e) && e.injected && e.status === status).length;
      fault.happened = refused > 0;
      fault.proof = `${refused} requests refused ${status} by the gateway's fault hook`;
    } else if (fault.kind === 'agent-clock-ahead') {
      const notBegun = (e: LedgerEntry, agent: string) =>
        e.status === 409 && /\/claims$/.test(e.path) && agentOf(e) === agent && (e.answer as { code?: string }).code === 'round_not_begun';
      const refused = ledger.filter((e) => notBegun(e, 'range-a-fast')).length;
      const fastChecked = ledger.filter((e) => agentOf(e) === 'range-a-fast' && /\/claims$/.test(e.path) && e.status === 200).length;
      // The one a little ahead waited its rounds out and then checked them.
      const waitedRounds = new Set(ledger.filter((e) => notBegun(e, 'range-a-near')).map((e) => (e.body as { round: string }).round));
      const nearChecked = ledger.filter(
        (e) =>
          agentOf(e) === 'range-a-near' &&
          e.status === 200 &&
          waitedRounds.has((e.body as { round: string }).round) &&
          typeof (e.answer as { slice?: unknown }).slice === 'number',
      ).length;
      fault.happened = refused > 0 && fastChecked === 0 && nearChecked > 0;
      fault.proof = `range-a-fast's claims refused round_not_begun ${refused} times, none taken; range-a-near waited ${waitedRounds.size} rounds out, then took ${nearChecked} slices of them`;
    } else if (fault.kind === 'agent-stopped' && fault.agent) {
      // Paused while it held a slice whose lease ran out before it went on.
      const leases = ledger
        .filter((e) => agentOf(e) === fault.agent && /\/claims$/.test(e.path) && e.status === 200 && e.sent < fault.started)
        .map((e) => (e.answer as { lease_until?: string | null }).lease_until)
        .filter((until): until is string => typeof until === 'string' && Date.parse(until) > fault.started);
      const lease = leases.at(-1);
      const lapsed = lease ? Date.parse(lease) < (fault.ended ?? 0) : false;
      fault.happened = fault.happened === true && lapsed;
      fault.proof = `${fault.proof ?? ''}; the slice it held ${lease ? `was its until ${lease}` : 'was none'}; slices taken over after a lease ran out: ${takenOver(ledger).length}`;
    }
  }
  const unhappened = inputs.faults.filter((f) => !f.happened && !f.notPlayed);

  // Blue teams: a password change applied reaches the checks from the next round (the host takes the new password
  // only once the request is applied, so the whole path must work); a "check now" runs.
  const blueProblems: string[] = [];
  for (const blue of inputs.blueTeams) {
    if (blue.change?.state !== 'applied') {
      blueProblems.push(`team ${blue.team}: its password change request was answered ${blue.change?.status ?? 'never'} (${blue.change?.state ?? 'no state'})`);
      continue;
    }
    const switched = inputs.hostLog.find((e) => e.service === blue.ssh && 'event' in e && e.event === 'password')?.t;
    // The first round every agent began after the change: the agent whose clock runs a little ahead begins each round
    // that much early (and reads the accounts then), so a change just before a round's start reaches it a round later.
    const roundMs = plan.size.roundSeconds * 1000;
    const nextRound = switched === undefined ? Infinity : Math.ceil((switched + plan.clockSlightlyAheadSeconds * 1000) / roundMs) * roundMs;
    const after = inputs.hostLog.filter((e): e is Extract<HostEvent, { outcome: unknown }> => e.service === blue.ssh && 'outcome' in e && e.t >= nextRound);
    const stale = after.filter((e) => e.why === 'the password before its change');
    if (switched === undefined) blueProblems.push(`team ${blue.team}: its host never took the new password`);
    else if (stale.length > 0) blueProblems.push(`team ${blue.team}: ${stale.length} checks from the round after its change still sent the old password`);
    else if (!after.some((e) => e.outcome === 'good') && plan.hosts.find((h) => h.url === blue.ssh)!.script.length === 0) {
      blueProblems.push(`team ${blue.team}: no check passed with the new password after its change`);
    }
    if (blue.checkNow && blue.checkNowOutcome?.passed !== true)
      blueProblems.push(
        `team ${blue.team}: its "check now" of ${blue.checkNow} ${blue.checkNowOutcome ? 'failed' : `never ran (asked ${blue.checkNowAsks ?? 0} time(s))`}`,
      );
  }

  // What the faults explain: a result missing from a round, an agent's timeout. Anywhere else, each fails the run.
  const roundMs = plan.size.roundSeconds * 1000;
  const disturbed = (from: number, to: number) =>
    inputs.faults.some((f) => f.kind !== 'agent-clock-ahead' && !f.notPlayed && f.started <= to && (f.ended ?? f.started) + roundMs >= from);
  const liveEditProblems = inputs.liveEdits ? checkLiveEdits(inputs.liveEdits, inputs.hostLog, ledger, roundMs, (t) => disturbed(t - roundMs, t)) : [];
  const added = new Map(addedServices.map((e) => [(e.body as { url: string }).url, e.answered]));
  // Each round: every service there at its start has a result under the round's scan id (the agents' own), and had it
  // before the next round began (the figure).
  const missing: { round: string; url: string; quiet: boolean }[] = [];
  const rounds = { full: 0, total: 0 };
  for (let start = plan.startsAt; start < plan.endsAt; start += roundMs) {
    const quiet = !disturbed(start, start + roundMs + 5000);
    let whole = true;
    for (const s of collected.services) {
      if ((added.get(s.url) ?? 0) > start - 1000) continue;
      const result = s.results.find((r) => r.scan_id === scanIdFor(start, plan.size.roundSeconds, s.id));
      if (!result) missing.push({ round: iso(start), url: s.url, quiet });
      if (!result || Date.parse(result.received_at) >= start + roundMs) whole = false;
    }
    rounds.total++;
    if (whole) rounds.full++;
  }
  const unexplainedGaps = missing.filter((m) => m.quiet);
  const unexplainedTimeouts = expected.agentTimeouts.filter((t) => !disturbed(Date.parse(t.time) - roundMs, Date.parse(t.time) + roundMs));

  // 4. The figures.
  const latency = new Map<string, number[]>();
  for (const e of ledger) {
    if (e.status === 0) continue;
    const match = matchRoute(e.method, e.path.split('?')[0]!);
    const name = match.kind === 'route' ? match.route.name : 'other';
    (latency.get(name) ?? latency.set(name, []).get(name)!).push(e.answered - e.sent);
  }
  const heartbeats = ledger
    .filter((e) => /\/heartbeats$/.test(e.path) && ok2xx(e.status))
    .map((e) => e.body as { agent: string; round_started_at: string | null; round_finished_at: string | null });
  const roundDurations = heartbeats
    .filter((h) => h.round_started_at && h.round_finished_at)
    .map((h) => Date.parse(h.round_finished_at!) - Date.parse(h.round_started_at!));
  const figures = {
    rounds_fully_scored_before_the_next: `${rounds.full} of ${rounds.total}`,
    fold_lag_seconds: { p50: quantile(inputs.foldLagSeconds, 0.5), p99: quantile(inputs.foldLagSeconds, 0.99), samples: inputs.foldLagSeconds.length },
    spectator_saw_a_result_after_ms: { p50: quantile(seenAfter, 0.5), p99: quantile(seenAfter, 0.99), results: seenAfter.length, by_spectator: seenBy },
    api_latency_ms: Object.fromEntries(
      [...latency].sort().map(([name, ms]) => [name, { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), requests: ms.length }]),
    ),
    agent_round_ms: { p50: quantile(roundDurations, 0.5), p99: quantile(roundDurations, 0.99), rounds: roundDurations.length },
    slices_taken_over: takenOver(ledger).length,
    results_checked: expected.checked,
    results_two_probes_disagreed: expected.ambiguous,
    checks_the_agent_timed_out_though_answered: expected.agentTimeouts.length,
    results_missing_from_rounds: `${missing.length} (${unexplainedGaps.length} in rounds no fault touched)`,
    capacity: plan.deployed ? null : capacityFigures(inputs.capacity, plan.size, plan.startsAt),
  };

  const ok =
    lost.length === 0 &&
    mismatches.length === 0 &&
    backwards.length === 0 &&
    unhappened.length === 0 &&
    unexplainedGaps.length === 0 &&
    unexplainedTimeouts.length === 0 &&
    blueProblems.length === 0 &&
    paperwork.problems.length === 0 &&
    beacons.problems.length === 0 &&
    liveEditProblems.length === 0 &&
    inputs.unexpectedExits.length === 0;
  const report = {
    ok,
    seed: plan.seed,
    size: plan.size,
    duration_s: Math.round(inputs.durationMs / 1000),
    window: { starts: iso(plan.startsAt), freezes: iso(plan.freezeAt), ends: iso(plan.endsAt) },
    lost,
    acknowledged: {
      results: acknowledged.size,
      adjustments: adjustments.length,
      services_added: addedServices.length,
      ...paperwork.acknowledged,
      ...beacons.acknowledged,
    },
    mismatches,
    agent_timeouts: expected.agentTimeouts,
    blue_teams: { records: inputs.blueTeams, problems: blueProblems },
    live_edits: { records: inputs.liveEdits ?? null, problems: liveEditProblems },
    paperwork: { problems: paperwork.problems, awards: paperwork.awards.filter((a) => a.points !== 0).map((a) => ({ ...a, t: iso(a.t) })) },
    beacons: { records: inputs.beacons?.beacons ?? null, problems: beacons.problems, deductions: beacons.awards.map((a) => ({ ...a, t: iso(a.t) })) },
    unexplained_gaps: unexplainedGaps,
    unexplained_timeouts: unexplainedTimeouts,
    unexpected_exits: inputs.unexpectedExits.map((e) => ({ ...e, at: iso(e.at) })),
    backwards,
    faults: inputs.faults.map((f) => ({ ...f, started: iso(f.started), ended: f.ended ? iso(f.ended) : null })),
    figures,
    verify: inputs.verify.output.trim().split('\n').at(-1),
    pids: inputs.pids,
  };
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 1));
  writeFileSync(join(dir, 'report.md'), reportMarkdown(report));
  writeFileSync(join(dir, 'report.html'), reportHtml(report, inputs.foldLagByTime ?? {}));
  const summary = ok
    ? `PASS: ${acknowledged.size} results acknowledged, none lost; every score as the hosts' logs give it; no spectator saw a score go back; ${inputs.faults.filter((f) => !f.notPlayed).length} faults, each happened${inputs.faults.some((f) => f.notPlayed) ? ` (${inputs.faults.filter((f) => f.notPlayed).length} not played here)` : ''} (report: ${dir}/report.md)`
    : `FAIL: ${blueProblems.length} blue team problems, ${paperwork.problems.length} paperwork problems, ${beacons.problems.length} beacon problems, ${liveEditProblems.length} live edit problems, ${lost.length} lost, ${mismatches.length} mismatches, ${backwards.length} unexplained drops, ${unhappened.length} faults that did not happen, ${unexplainedGaps.length} results missing from quiet rounds, ${unexplainedTimeouts.length} agent timeouts no fault explains, ${inputs.unexpectedExits.length} processes that ended of themselves (report: ${dir}/report.md)`;
  return { ok, summary };
}

const iso = (t: number) => new Date(t).toISOString();

/** Every (round, slice) two agents claimed: a slice taken over after its lease ran out. */
function takenOver(ledger: LedgerEntry[]): string[] {
  const holders = new Map<string, Set<string>>();
  for (const e of ledger) {
    if (!/\/claims$/.test(e.path) || e.status !== 200) continue;
    const answer = e.answer as { round?: string; slice?: number | null } | undefined;
    if (answer?.slice === null || answer?.slice === undefined) continue;
    // A slice is a pool's: the same round and slice number of two pools are two slices.
    const key = `${e.path.split('?')[0]}#${answer.round}#${answer.slice}`;
    (holders.get(key) ?? holders.set(key, new Set()).get(key)!).add((e.body as { agent: string }).agent);
  }
  return [...holders].filter(([, agents]) => agents.size > 1).map(([key]) => key);
}

/** A JSON Lines file, read back. */
const readJsonLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);

/** Every host process's log, read back. */
export function readHostLogs(dir: string): HostEvent[] {
  return readdirSync(dir)
    .filter((name) => /^hosts-\d+\.jsonl$/.test(name))
    .flatMap((name) => readJsonLines<HostEvent>(join(dir, name)));
}

/** The database commands' units, read back (none from a rehearsal made before the meter). */
export function readCapacity(dir: string): CapacityLine[] {
  const file = join(dir, 'capacity.jsonl');
  return existsSync(file) ? readJsonLines<CapacityLine>(file) : [];
}

// `node --import tsx bench/rehearsal/report.ts DIR`: the report made again from a rehearsal's folder (after a change to these rules).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = resolve(process.argv[2] ?? '.');
  const read = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
  const ledger = readJsonLines<LedgerEntry>(join(dir, 'ledger.jsonl'));
  const { summary, ok } = writeReport(dir, {
    plan: read('plan.json'),
    collected: read('collected.json'),
    hostLog: readHostLogs(dir),
    ledger,
    capacity: readCapacity(dir),
    ...read<Omit<Inputs, 'plan' | 'collected' | 'hostLog' | 'ledger' | 'capacity'>>('observed.json'),
  });
  console.log(summary);
  process.exitCode = ok ? 0 : 1;
}
