import { emptyFigures, emptyTotals, teamFields, type ScoringFigures, type SuperType, type Team, type TeamRecord, type TeamTotals } from '#shared/domain/model';
import { idOfPartition, keys, PARTITION } from '#shared/data/keys';
import { batchGet, queryPartition, withoutKeys } from '#shared/data/operations';

/** A team's profile as stored at load (static); its totals live in its own partition. */
interface StoredTeam {
  team: Team;
  hidden: boolean;
  services_total: number;
}

/**
 * Every team with its totals, in id order: one Query on the teams partition
 * (static profiles) and one BatchGetItem of every team's TOTALS item.
 */
export async function listTeamRecords(options: { consistent?: boolean; totals?: boolean } = {}): Promise<TeamRecord[]> {
  const items = await queryPartition(PARTITION.teams, { consistent: options.consistent });
  const teams = items.map((item) => withoutKeys<StoredTeam>(item));
  // The team list shows profiles only: it need not pay a read per team for totals.
  const totals = options.totals === false ? new Map() : await readTeamTotals(teams.map((t) => t.team.id), options);
  return teams.map((t) => toTeamRecord(t, totals.get(t.team.id)));
}

/** One team and its totals, in one BatchGetItem. */
export async function getTeamRecord(id: number, options: { consistent?: boolean } = {}): Promise<TeamRecord | undefined> {
  const items = await batchGet([keys.team(id), keys.teamTotals(id)], options);
  const profile = items.find((item) => item.pk === PARTITION.teams);
  const totals = items.find((item) => item.pk !== PARTITION.teams);
  return profile ? toTeamRecord(withoutKeys<StoredTeam>(profile), totals) : undefined;
}

export async function listSuperTypes(): Promise<SuperType[]> {
  const items = await queryPartition(PARTITION.superTypes);
  return items.map((item) => withoutKeys<SuperType>(item));
}

/** The raw TOTALS items by team id. */
export async function readTeamTotals(ids: number[], options: { consistent?: boolean } = {}): Promise<Map<number, Record<string, unknown>>> {
  const items = await batchGet(ids.map((id) => keys.teamTotals(id)), options);
  return new Map(items.map((item) => [Number(String(item.pk).slice('TEAM#'.length)), item]));
}

/**
 * The TOTALS item's layout: every counter is a top-level attribute (ADD works
 * only there, and the item may not exist yet): `points_<super type id>`,
 * `max_points_<super type id>`, the check and service counters, and the
 * fold's watermarks `w_<service id>` and `w_adjustments` (per source partition),
 * `sla_penalty_<super type id>`, `sla_violations`, and per service what of them
 * it accounts for (`sv_<service id>`, `sp_<service id>`). The after-freeze
 * share repeats the scoring figures behind a prefix naming its freeze time
 * (`fz<stamp>_points_1`, `fz<stamp>_sv_12`, …), written only once results
 * checked after a freeze arrive.
 */
export const TOTALS_ATTRIBUTE = {
  points: (superTypeId: string) => `points_${superTypeId}`,
  maxPoints: (superTypeId: string) => `max_points_${superTypeId}`,
  /** Short on purpose: one per service of the team, in an item rewritten by every fold. */
  watermark: (sourcePk: string) => `w_${sourcePk.startsWith('TEAM#') ? 'adjustments' : idOfPartition(sourcePk)}`,
  slaPenalty: (superTypeId: string) => `sla_penalty_${superTypeId}`,
  /** The SLA violations and penalty points of one service as counted in the team's totals (absent: none). */
  serviceViolations: (serviceId: number) => `sv_${serviceId}`,
  servicePenalty: (serviceId: number) => `sp_${serviceId}`,
  /** A scoring figure's after-freeze share: the same name behind its freeze time's stamp. */
  afterFreeze: (stamp: string, attribute: string) => `fz${stamp}_${attribute}`,
} as const;

const AFTER_FREEZE = /^fz([0-9a-z]+)_(.+)$/;

/** Reads the scoring figures of a TOTALS item (or of one of its after-freeze shares) into `into`. */
function readFigures(attributes: Iterable<[string, unknown]>, into: ScoringFigures) {
  for (const [name, value] of attributes) {
    if (name.startsWith('points_')) into.points[name.slice('points_'.length)] = Number(value);
    else if (name.startsWith('max_points_')) into.max_points[name.slice('max_points_'.length)] = Number(value);
    else if (name.startsWith('sla_penalty_')) into.sla_penalty[name.slice('sla_penalty_'.length)] = Number(value);
    else if (name === 'checks_total' || name === 'checks_passed' || name === 'adjustments_total' || name === 'sla_violations') into[name] = Number(value);
  }
}

export function toTeamTotals(item: Record<string, unknown> | undefined, servicesTotal: number): TeamTotals {
  const totals = emptyTotals([], servicesTotal);
  if (!item) return totals;
  const live: [string, unknown][] = [];
  const shares = new Map<string, [string, unknown][]>();
  for (const [name, value] of Object.entries(item)) {
    const share = AFTER_FREEZE.exec(name);
    if (share) shares.set(share[1]!, [...(shares.get(share[1]!) ?? []), [share[2]!, value]]);
    else live.push([name, value]);
  }
  readFigures(live, totals);
  for (const [stamp, attributes] of shares) readFigures(attributes, (totals.after_freeze[stamp] = emptyFigures()));
  totals.services_up = Number(item.services_up ?? 0);
  totals.services_down = Number(item.services_down ?? 0);
  totals.services_unscanned = servicesTotal - totals.services_up - totals.services_down;
  totals.last_scan_time = (item.last_scan_time as string | undefined) ?? null;
  return totals;
}

function toTeamRecord(stored: StoredTeam, totals: Record<string, unknown> | undefined): TeamRecord {
  return {
    team: teamFields(stored.team),
    hidden: stored.hidden,
    services_total: stored.services_total,
    totals: toTeamTotals(totals, stored.services_total),
  };
}
