/**
 * A team's TOTALS item (`TEAM#<id> / TOTALS`): its running totals, written
 * only by the fold (and by `verify --repair`). Everything about the item is
 * here: its key, its attribute layout, how it reads back (for the standings,
 * and for the fold) and the conditional update that moves it.
 *
 * Every counter is a top-level attribute (ADD works only there, and the item
 * may not exist yet): `points_<super type id>`, `max_points_<super type id>`,
 * `sla_penalty_<super type id>`, the check, adjustment and status counters,
 * `sla_violations`, `last_scan_time`; the fold's watermarks `w_<service id>`
 * and `w_adjustments` (one per event source); and per service the SLA figures
 * the totals count for it (`sv_<service id>`, `sp_<service id>`). The
 * after-freeze share repeats the scoring figures behind a prefix naming its
 * freeze time (`fz<stamp>_points_1`, `fz<stamp>_sv_12`, …), written only once
 * results checked after a freeze arrive. `tv` counts the updates: each one is
 * conditioned on the count it read and moves it up, and the team's standings
 * projection (data/standings.ts) names the count it shows.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ADJUSTMENTS_SOURCE, serviceSource } from '#shared/domain/scoring/events';
import { emptyFigures, emptyTotals, type ScoringFigures, type TeamTotals, type TotalsDelta } from '#shared/domain/scoring/figures';
import { emptyTotalsState, type TotalsState, type TotalsWrite } from '#shared/domain/scoring/fold';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { batchGet } from '#shared/data/operations';

type Item = Record<string, unknown>;

export const totalsKey = keys.teamTotals;

export const TOTALS_ATTRIBUTE = {
  points: (superTypeId: string) => `points_${superTypeId}`,
  maxPoints: (superTypeId: string) => `max_points_${superTypeId}`,
  slaPenalty: (superTypeId: string) => `sla_penalty_${superTypeId}`,
  /** Short on purpose: one per service of the team, in an item rewritten by every fold. */
  watermark: (source: string) => `w_${source === ADJUSTMENTS_SOURCE ? 'adjustments' : source.slice('service:'.length)}`,
  /** The SLA violations and penalty points of one service as counted in the team's totals (absent: none). */
  serviceViolations: (serviceId: number | string) => `sv_${serviceId}`,
  servicePenalty: (serviceId: number | string) => `sp_${serviceId}`,
  /** A scoring figure's after-freeze share: the same name behind its freeze time's stamp. */
  afterFreeze: (stamp: string, attribute: string) => `fz${stamp}_${attribute}`,
} as const;

const AFTER_FREEZE = /^fz([0-9a-z]+)_(.+)$/;
const WATERMARK = /^w_(\d+|adjustments)$/;
const SERVICE_SLA = /^s([vp])_(\d+)$/;

/** The raw TOTALS items by team id (absent: nothing folded for the team yet). */
export async function readTotalsItems(ids: number[], options: { consistent?: boolean } = {}): Promise<Map<number, Item>> {
  const items = await batchGet(
    ids.map((id) => totalsKey(id)),
    options,
  );
  return new Map(items.map((item) => [Number(String(item.pk).slice('TEAM#'.length)), item]));
}

/** The item's scoring figures, live and by after-freeze stamp, with the rest of its attributes by name. */
function split(item: Item): { live: [string, unknown][]; shares: Map<string, [string, unknown][]> } {
  const live: [string, unknown][] = [];
  const shares = new Map<string, [string, unknown][]>();
  for (const [name, value] of Object.entries(item)) {
    const share = AFTER_FREEZE.exec(name);
    if (share) shares.set(share[1]!, [...(shares.get(share[1]!) ?? []), [share[2]!, value]]);
    else live.push([name, value]);
  }
  return { live, shares };
}

/** Reads the scoring figures of a TOTALS item (or of one of its after-freeze shares) into `into`. */
function readFigures(attributes: Iterable<[string, unknown]>, into: ScoringFigures) {
  for (const [name, value] of attributes) {
    if (name.startsWith('points_')) into.points[name.slice('points_'.length)] = Number(value);
    else if (name.startsWith('max_points_')) into.max_points[name.slice('max_points_'.length)] = Number(value);
    else if (name.startsWith('sla_penalty_')) into.sla_penalty[name.slice('sla_penalty_'.length)] = Number(value);
    else if (name === 'checks_total' || name === 'checks_passed' || name === 'adjustments_total' || name === 'sla_violations') into[name] = Number(value);
  }
}

/** A team's totals as the standings read them (absent item: nothing folded yet). */
export function toTeamTotals(item: Item | undefined, servicesTotal: number): TeamTotals {
  const totals = emptyTotals([], servicesTotal);
  if (!item) return totals;
  const { live, shares } = split(item);
  readFigures(live, totals);
  for (const [stamp, attributes] of shares) readFigures(attributes, (totals.after_freeze[stamp] = emptyFigures()));
  totals.services_up = Number(item.services_up ?? 0);
  totals.services_down = Number(item.services_down ?? 0);
  totals.services_unscanned = servicesTotal - totals.services_up - totals.services_down;
  totals.last_scan_time = (item.last_scan_time as string | undefined) ?? null;
  return totals;
}

/** What the fold (and verify) read of a team's totals: watermarks by source, the SLA figures counted per service, live and by stamp. */
export function toTotalsState(item: Item | undefined): TotalsState {
  const state = emptyTotalsState();
  if (!item) return state;
  const { live, shares } = split(item);
  const readSla = (attributes: [string, unknown][], into: Record<string, { violations: number; penalty: number }>) => {
    for (const [name, value] of attributes) {
      const sla = SERVICE_SLA.exec(name);
      if (!sla) continue;
      const figures = (into[sla[2]!] ??= { violations: 0, penalty: 0 });
      figures[sla[1] === 'v' ? 'violations' : 'penalty'] = Number(value);
    }
  };
  for (const [name, value] of live) {
    const watermark = WATERMARK.exec(name);
    if (watermark) state.watermarks[watermark[1] === 'adjustments' ? ADJUSTMENTS_SOURCE : serviceSource(Number(watermark[1]))] = String(value);
  }
  readSla(live, state.sla);
  for (const [stamp, attributes] of shares) readSla(attributes, (state.share_sla[stamp] = {}));
  state.last_scan_time = (item.last_scan_time as string | undefined) ?? null;
  state.version = Number(item.tv ?? 0);
  return state;
}

/** The team's totals' attribute for a figure: live, or in the after-freeze share of `stamp`. */
const figureAttribute = (attribute: string, stamp: string | undefined) => (stamp === undefined ? attribute : TOTALS_ATTRIBUTE.afterFreeze(stamp, attribute));

/** The conditional update of a team's TOTALS a fold (or a repair, in a transaction with its audit entry) sends. */
export function totalsUpdate(teamId: number, write: TotalsWrite) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (attribute: string) => {
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const adds: string[] = [];
  const sets: string[] = [];
  const conditions: string[] = [];
  const addFigures = (figures: TotalsDelta, stamp?: string) => {
    const add = (attribute: string, amount: number) => {
      if (amount !== 0) adds.push(`${name(figureAttribute(attribute, stamp))} ${value(amount)}`);
    };
    for (const [superTypeId, amount] of Object.entries(figures.points)) add(TOTALS_ATTRIBUTE.points(superTypeId), amount);
    for (const [superTypeId, amount] of Object.entries(figures.max_points)) add(TOTALS_ATTRIBUTE.maxPoints(superTypeId), amount);
    add('checks_total', figures.checks_total);
    add('checks_passed', figures.checks_passed);
    add('adjustments_total', figures.adjustments_total);
    add('services_up', figures.services_up);
    add('services_down', figures.services_down);
    for (const [superTypeId, amount] of Object.entries(figures.sla_penalty)) add(TOTALS_ATTRIBUTE.slaPenalty(superTypeId), amount);
    add('sla_violations', figures.sla_violations);
  };
  addFigures(write.delta);
  if (write.share) addFigures(write.share.delta, write.share.stamp);
  for (const w of write.sla) {
    for (const [attribute, read, next] of [
      [figureAttribute(TOTALS_ATTRIBUTE.serviceViolations(w.serviceId), w.stamp), w.read.violations, w.next.violations],
      [figureAttribute(TOTALS_ATTRIBUTE.servicePenalty(w.serviceId), w.stamp), w.read.penalty, w.next.penalty],
    ] as const) {
      const placeholder = name(attribute);
      sets.push(`${placeholder} = ${value(next)}`);
      // Absent counts as 0: a service without violations has no attribute.
      conditions.push(read === 0 ? `(attribute_not_exists(${placeholder}) OR ${placeholder} = ${value(0)})` : `${placeholder} = ${value(read)}`);
    }
  }
  for (const w of write.watermarks) {
    const attribute = name(TOTALS_ATTRIBUTE.watermark(w.source));
    if (w.next !== null && w.next !== w.read) sets.push(`${attribute} = ${value(w.next)}`);
    conditions.push(w.read === null ? `attribute_not_exists(${attribute})` : `${attribute} = ${value(w.read)}`);
  }
  // Nothing else updated the totals since they were read (a repair moves no watermark), and this update counts one more.
  const version = name('tv');
  adds.push(`${version} ${value(1)}`);
  conditions.push(write.readVersion === 0 ? `(attribute_not_exists(${version}) OR ${version} = ${value(0)})` : `${version} = ${value(write.readVersion)}`);
  const newest = write.delta.last_scan_time;
  if (newest !== null && (write.lastScanTimeRead === null || newest > write.lastScanTimeRead)) {
    const attribute = name('last_scan_time');
    const newer = value(newest);
    sets.push(`${attribute} = ${newer}`);
    conditions.push(`(attribute_not_exists(${attribute}) OR ${attribute} < ${newer})`);
  }
  return {
    TableName: tableName(),
    Key: totalsKey(teamId),
    UpdateExpression: [adds.length ? `ADD ${adds.join(', ')}` : '', sets.length ? `SET ${sets.join(', ')}` : ''].filter(Boolean).join(' '),
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Writes a fold's update of the team's totals (ConditionalCheckFailedException: something moved since the read). */
export async function writeTotals(teamId: number, write: TotalsWrite): Promise<void> {
  await db().send(new UpdateCommand(totalsUpdate(teamId, write)));
}
