import type { Award } from './awards';
import type { BeaconsRecord, CollectedBeacons } from './beacons';
import type { LedgerEntry } from './ledger';

/**
 * What the report holds the red team's beacons to (./beacons.ts played
 * them), by the rules of docs/red-team.md, from the implants' ledger and what
 * organisers read back at the end. Pure.
 *
 * - Lost: a call-back answered with a deduction whose deduction is not there
 *   (its round, its points, whether the cap took some).
 * - Nothing unexplained: every deduction there has a call-back of its
 *   beacon in its round that was answered with it, or whose outcome is
 *   unknown (no answer, a 5xx: it may have landed).
 * - The rules: a deduction takes at most the points a round; a team's
 *   beacons together never more than the cap in a round; a call-back from
 *   another team's address counts nothing; a beacon quiet past the expiry
 *   is closed, writes nothing after, and answers 410.
 * - What moves the board: each deduction there that is not voided, minus
 *   its points in the findings' super type, at its call-back's time.
 */
export interface BeaconRules {
  superType: number;
  pointsPerRound: number;
  maxPerRound: number;
  roundMs: number;
  expiryRounds: number;
}

type Answer = { round_start?: string; deducted?: number; capped?: boolean; code?: string };

const CHECK_IN = /^\/api\/v1\/beacons\/(\d+)\/check-in$/;
/** The server's clock and the implants' are one machine's; a call sent this near a round's edge may land in either. */
const EDGE_MS = 2000;

export function checkBeacons(
  ledger: readonly LedgerEntry[],
  record: BeaconsRecord,
  collected: CollectedBeacons,
  teamNumber: (id: number) => number,
  rules: BeaconRules,
  /** When the beacons were read back. */
  readAt: number,
): { lost: string[]; problems: string[]; awards: Award[]; acknowledged: Record<string, number> } {
  const lost: string[] = [];
  const problems = [...record.problems];
  const calls = ledger
    .filter((e) => e.method === 'POST' && CHECK_IN.test(e.path) && e.actor.startsWith('implant '))
    .map((e) => ({ ...e, beacon: Number(CHECK_IN.exec(e.path)![1]), said: (e.answer ?? {}) as Answer }));
  const stored = Object.values(collected.deductions).flat();
  const storedAt = (beacon: number, round: string) => stored.find((d) => d.beacon_id === beacon && d.round_start === round);

  let counted = 0;
  for (const call of calls) {
    const from = call.actor.endsWith('from elsewhere') ? 'elsewhere' : call.actor.endsWith('after going quiet') ? 'quiet' : 'home';
    if (from === 'elsewhere' && call.status === 200) problems.push(`${call.actor}: a call-back from another team's address was counted`);
    if (from === 'quiet') {
      const beacon = record.beacons.find((b) => b.id === call.beacon);
      const longQuiet =
        beacon?.stoppedAt !== null && beacon?.stoppedAt !== undefined && call.sent > beacon.stoppedAt + (rules.expiryRounds + 1) * rules.roundMs;
      if (longQuiet && call.status !== 0 && call.status < 500 && call.status !== 429 && call.status !== 410)
        problems.push(`${call.actor}: answered ${call.status}, not 410`);
    }
    if (from !== 'home' || call.status !== 200) continue;
    if ((call.said.deducted ?? 0) === 0 && !call.said.capped) continue;
    counted++;
    const there = storedAt(call.beacon, call.said.round_start ?? '');
    if (!there || there.deducted !== call.said.deducted || there.capped !== call.said.capped)
      lost.push(
        `beacon ${call.beacon}, round ${call.said.round_start}: answered ${call.said.deducted} off, ${there ? `${there.deducted} there` : 'none there'}`,
      );
  }
  for (const d of stored) {
    const round = Date.parse(d.round_start);
    const explained = calls.some(
      (c) =>
        c.beacon === d.beacon_id &&
        c.sent >= round - EDGE_MS &&
        c.sent < round + rules.roundMs + EDGE_MS &&
        ((c.status === 200 && c.said.round_start === d.round_start) || c.status === 0 || c.status >= 500),
    );
    if (!explained) problems.push(`beacon ${d.beacon_id}, round ${d.round_start}: ${d.deducted} off that no call-back explains`);
    if (d.deducted > rules.pointsPerRound)
      problems.push(`beacon ${d.beacon_id}, round ${d.round_start}: ${d.deducted} off, more than ${rules.pointsPerRound} a round`);
  }
  const byTeamRound = new Map<string, number>();
  for (const d of stored) byTeamRound.set(`${d.team_id} ${d.round_start}`, (byTeamRound.get(`${d.team_id} ${d.round_start}`) ?? 0) + d.deducted);
  for (const [key, taken] of byTeamRound) {
    if (taken > rules.maxPerRound)
      problems.push(`team id ${key.split(' ')[0]}, round ${key.split(' ')[1]}: ${taken} off, past the cap of ${rules.maxPerRound}`);
  }
  for (const beacon of record.beacons) {
    if (beacon.stoppedAt === null) continue;
    const shown = collected.beacons.find((b) => b.id === beacon.id);
    if (readAt > beacon.stoppedAt + (rules.expiryRounds + 1) * rules.roundMs && shown?.state !== 'closed')
      problems.push(`beacon ${beacon.id}: quiet since ${new Date(beacon.stoppedAt).toISOString()}, still ${shown?.state ?? 'missing'}`);
    for (const d of collected.deductions[String(beacon.id)] ?? []) {
      if (Date.parse(d.called_at) > beacon.stoppedAt + EDGE_MS) problems.push(`beacon ${beacon.id}: a deduction at ${d.called_at}, after its implant stopped`);
    }
  }
  if (record.beacons.length > 0 && counted === 0) problems.push('no call-back of any beacon was counted');
  const awards = stored
    .filter((d) => !d.voided && d.deducted > 0)
    .map((d) => ({ t: Date.parse(d.called_at), team: teamNumber(d.team_id), superType: rules.superType, points: -d.deducted, max: 0 }));
  return {
    lost,
    problems,
    awards,
    acknowledged: { beacon_call_backs: calls.length, beacon_deductions_acknowledged: counted, beacon_deductions_there: stored.length },
  };
}
