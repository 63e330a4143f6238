import { readUntilAnswered, writeUntilAnswered, type ActorContext } from './actors';
import type { LedgerEntry } from './ledger';
import type { HostEvent } from './oracle';
import { partWay, until } from './pace';
import { CHECK_TIMEOUT_SECONDS, RANGE_POOL } from './plan';

/**
 * Organisers editing live while the board runs: one HTTP service's check
 * changed (it asks for another path), and a team moved from the cloud pool
 * to the range pool. Each applies from the agents' next round; the proof is
 * what the hosts saw (the paths their probes asked for) and who reported the
 * team's results (the range agents, from the round after the move).
 */
export interface LiveEditsRecord {
  checkEdit?: { url: string; path: string; sent: number; answered: number; status: number };
  /** The moved team's services (ids), as they stood before the move. */
  poolMove?: { team: number; services: number[]; sent: number; answered: number; status: number };
  /** What stopped the edits, if anything did. */
  problems?: string[];
}

const EDITED_PATH = '/status';

export async function playLiveEdits(ctx: ActorContext): Promise<LiveEditsRecord> {
  const { origin, adminToken, ledger, plan, deadline, say } = ctx;
  const record: LiveEditsRecord = {};
  const at = (fraction: number) => until(partWay(plan, fraction));
  const actor = 'organiser (live edits)';
  const { checkUrl, movedTeam } = plan.liveEdits;

  // Early enough that two rounds after each edit are still to come, whatever the faults do to the last ones.
  await at(0.25);
  if (checkUrl) {
    const sent = Date.now();
    const answer = await writeUntilAnswered(
      ledger,
      actor,
      `${origin}/api/v1/services/${ctx.serviceIds.get(checkUrl)}/check`,
      { check: 'http', path: EDITED_PATH, status: 200, content: 'Welcome', timeout_seconds: CHECK_TIMEOUT_SECONDS },
      { method: 'PUT', token: adminToken, key: 'check-edit', deadline },
    );
    record.checkEdit = { url: checkUrl, path: EDITED_PATH, sent, answered: Date.now(), status: answer.status };
    say(`organiser: ${checkUrl}'s check now asks for ${EDITED_PATH} (${answer.status})`);
  }

  await at(0.3);
  if (movedTeam !== undefined) {
    // A pool's assignment is replaced whole: what it held, and the team.
    const pool = await readUntilAnswered(ledger, actor, `${origin}/api/v1/pools/${RANGE_POOL}`, adminToken, deadline);
    const held = pool.json as { description: string; subtypes: number[]; teams: number[]; services: number[] };
    const sent = Date.now();
    const answer = await writeUntilAnswered(
      ledger,
      actor,
      `${origin}/api/v1/pools/${RANGE_POOL}`,
      { description: held.description, subtypes: held.subtypes, teams: [...held.teams, ctx.teamId.get(movedTeam)!], services: held.services },
      { method: 'PUT', token: adminToken, key: 'pool-move', deadline },
    );
    const services = plan.hosts.filter((h) => h.team === movedTeam).map((h) => ctx.serviceIds.get(h.url)!);
    record.poolMove = { team: movedTeam, services, sent, answered: Date.now(), status: answer.status };
    say(`organiser: team ${movedTeam} moved to the ${RANGE_POOL} pool (${answer.status})`);
  }
  return record;
}

/**
 * What the edits must show: every probe of the edited host before the edit
 * asked for `/`, every one from the second round boundary after it (a round
 * under way keeps the check it began with) asked for the new path, and one
 * did; the moved team's results were reported by the cloud's agent before
 * the move and by the range pool's from the second round boundary after it.
 */
export function checkLiveEdits(
  record: LiveEditsRecord,
  hostLog: readonly HostEvent[],
  ledger: readonly LedgerEntry[],
  roundMs: number,
  /** Whether a fault touched this moment (or the round before it): an agent paused then may go on with an old round's check. */
  disturbed: (t: number) => boolean,
): string[] {
  const problems: string[] = [...(record.problems ?? [])];
  const settled = (answered: number) => (Math.floor(answered / roundMs) + 2) * roundMs;
  const edit = record.checkEdit;
  if (edit) {
    if (edit.status !== 200) problems.push(`the check edit of ${edit.url} was answered ${edit.status}`);
    const paths = hostLog.filter((e): e is Extract<HostEvent, { outcome: unknown }> => e.service === edit.url && 'outcome' in e && e.path !== undefined);
    const early = paths.filter((e) => e.t < edit.sent && e.path !== '/');
    const late = paths.filter((e) => e.t >= settled(edit.answered));
    if (early.length > 0) problems.push(`${edit.url}: ${early.length} probes before its check changed asked for ${early[0]!.path}`);
    if (late.some((e) => e.path !== edit.path && !disturbed(e.t)))
      problems.push(`${edit.url}: probes after its check changed still asked for another path than ${edit.path}`);
    if (!late.some((e) => e.path === edit.path)) problems.push(`${edit.url}: no probe asked for ${edit.path} after its check changed`);
  }
  const move = record.poolMove;
  if (move) {
    if (move.status !== 200) problems.push(`team ${move.team}'s move to the range pool was answered ${move.status}`);
    // By the round each result is of (its scan id), not when it was sent: a report sent again after a fault is late.
    const reporters = reportsOf(ledger, move.services);
    const before = reporters.filter((r) => r.round + roundMs <= move.sent && !r.actor.startsWith('agent (cloud)'));
    const after = reporters.filter((r) => r.round >= settled(move.answered));
    if (before.length > 0) problems.push(`team ${move.team}: ${before.length} results reported by ${before[0]!.actor} before its move`);
    if (after.some((r) => !r.actor.startsWith(`agent (${RANGE_POOL})`)))
      problems.push(`team ${move.team}: results reported by the cloud's agent after its move`);
    if (after.length === 0) problems.push(`team ${move.team}: no result reported after its move`);
  }
  return problems;
}

/** Who sent each acknowledged report of these services, and the round it is of (from its scan id: `r20261129T101500Z-…`). */
function reportsOf(ledger: readonly LedgerEntry[], services: readonly number[]): { actor: string; round: number }[] {
  const ids = new Set(services);
  const roundOf = (scanId: string) => {
    const at = /^r(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(scanId);
    return at ? Date.parse(`${at[1]}-${at[2]}-${at[3]}T${at[4]}:${at[5]}:${at[6]}Z`) : NaN;
  };
  return ledger
    .filter((e) => e.method === 'POST' && e.path === '/api/v1/scans' && e.status === 200 && Array.isArray(e.body))
    .flatMap((e) =>
      (e.body as { service_id: number; scan_id: string; score?: number }[])
        .filter((report) => report.score !== undefined && ids.has(report.service_id))
        .map((report) => ({ actor: e.actor, round: roundOf(report.scan_id) })),
    )
    .filter((r) => !Number.isNaN(r.round));
}
