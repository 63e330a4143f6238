/**
 * The standings projection (`STANDINGS#<shard> / TEAM#<id>`): one small item
 * per team, in a few partitions, holding what the public views read of it:
 * its profile (written at load), its figures as of a totals version (`f`, and
 * the after-freeze share `z` of the freeze time `zs` in force), and that
 * version (`tv`). The scoreboard and the scorecards read it with one Query
 * per shard instead of a BatchGetItem of every team's TOTALS, whose per-item
 * rounding to 4 KB made the scoreboard cost a read unit per team.
 *
 * The fold writes it after each update of the team's totals, conditioned on
 * showing an older version, so a late or replayed write never goes back; a
 * fold that finds it behind the totals (a crash between the two writes)
 * rewrites it, and `verify` checks and repairs it. Shards: a team's fold writes
 * only its own item, and two partitions double the writes one partition takes.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SuperType, Team, TeamRecord } from '#shared/domain/model';
import { emptyFigures, emptyTotals, type ScoringFigures, type TeamTotals } from '#shared/domain/scoring/figures';
import type { StandingsWrite } from '#shared/domain/scoring/fold';
import type { SettingsFields } from '#shared/domain/settings';
import { db, tableName } from '#shared/data/client';
import { freshSettings, freshSuperTypes } from '#shared/data/fresh';
import { keys, standingsPartitions } from '#shared/data/keys';
import { batchGet, queryPartition } from '#shared/data/operations';

type Item = Record<string, unknown>;

export const standingsKey = keys.standings;

/** A team's profile as the projection keeps it (written at load; the fold never touches it). */
export interface StandingsProfile {
  team: Team;
  hidden: boolean;
  services_total: number;
}

/** The figures in a few bytes: short keys, zeroes and empty maps left out (every byte is read by every scoreboard). */
function encode(figures: ScoringFigures & Partial<Pick<TeamTotals, 'services_up' | 'services_down' | 'last_scan_time'>>): string {
  const nonEmpty = (map: Record<string, number>) => (Object.values(map).some((n) => n !== 0) ? map : undefined);
  const compact: Record<string, unknown> = {
    p: nonEmpty(figures.points),
    m: nonEmpty(figures.max_points),
    c: figures.checks_total || undefined,
    cp: figures.checks_passed || undefined,
    a: figures.adjustments_total || undefined,
    sp: nonEmpty(figures.sla_penalty),
    sv: figures.sla_violations || undefined,
    u: figures.services_up || undefined,
    d: figures.services_down || undefined,
    l: figures.last_scan_time ?? undefined,
  };
  return JSON.stringify(compact);
}

function decode(text: string | undefined): ScoringFigures & { services_up: number; services_down: number; last_scan_time: string | null } {
  const c = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  const n = (key: string) => Number(c[key] ?? 0);
  const map = (key: string) => ({ ...((c[key] as Record<string, number> | undefined) ?? {}) });
  return {
    points: map('p'),
    max_points: map('m'),
    checks_total: n('c'),
    checks_passed: n('cp'),
    adjustments_total: n('a'),
    sla_penalty: map('sp'),
    sla_violations: n('sv'),
    services_up: n('u'),
    services_down: n('d'),
    last_scan_time: (c.l as string | undefined) ?? null,
  };
}

/** A team's projection item as a load writes it: its profile, no figures yet (totals version 0). */
export function standingsItem(profile: StandingsProfile): Item {
  return { ...standingsKey(profile.team.id), ...profile, f: encode(emptyFigures()), tv: 0 };
}

/** What a projection item says of its team, and the totals version it shows. */
export function toStandings(item: Item): TeamRecord & { version: number } {
  const { team, hidden, services_total } = item as unknown as StandingsProfile;
  const live = decode(item.f as string | undefined);
  const totals: TeamTotals = {
    ...emptyTotals([], services_total),
    ...live,
    services_unscanned: services_total - live.services_up - live.services_down,
    after_freeze: {},
  };
  if (typeof item.zs === 'string') totals.after_freeze[item.zs] = decode(item.z as string | undefined);
  return { team, hidden, services_total, totals, version: Number(item.tv ?? 0) };
}

/**
 * Writes a team's figures as of a totals version, unless the item already
 * shows that version or a later one (false then: a newer write landed first).
 */
export async function writeStandings(teamId: number, write: StandingsWrite, options: { repair?: boolean } = {}): Promise<boolean> {
  const [stamp, share] = Object.entries(write.figures.after_freeze)[0] ?? [];
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: standingsKey(teamId),
        UpdateExpression: `SET f = :f, tv = :tv${stamp ? ', z = :z, zs = :zs' : ' REMOVE z, zs'}`,
        // A repair (verify) writes what the totals say whatever the item shows.
        ConditionExpression: options.repair ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND (attribute_not_exists(tv) OR tv < :tv)',
        ExpressionAttributeValues: { ':f': encode(write.figures), ':tv': write.version, ...(stamp ? { ':z': encode(share!), ':zs': stamp } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Whether a team's projection shows other figures, or another totals version, than `expected` (verify's check). */
export async function standingsDiffer(teamId: number, expected: StandingsWrite): Promise<boolean> {
  const [item] = await batchGet([standingsKey(teamId)], { consistent: true });
  if (!item) return true;
  const [stamp, share] = Object.entries(expected.figures.after_freeze)[0] ?? [];
  return (
    Number(item.tv ?? -1) !== expected.version ||
    item.f !== encode(expected.figures) ||
    (item.zs ?? undefined) !== stamp ||
    (stamp !== undefined && item.z !== encode(share!))
  );
}

/** The totals version a team's projection item shows (undefined: no item, or one written before projections counted versions). */
export const standingsVersionOf = (item: Item | undefined): number | undefined => (item?.tv === undefined ? undefined : Number(item.tv));

/** Every team's projection, in id order: one Query per shard. */
export async function readStandings(options: { consistent?: boolean } = {}): Promise<(TeamRecord & { version: number })[]> {
  const shards = await Promise.all(standingsPartitions().map((pk) => queryPartition(pk, options)));
  return shards
    .flat()
    .map(toStandings)
    .sort((a, b) => a.team.id - b.team.id);
}

/** What ranking needs: every team's running figures, the super types and the settings. */
export interface StandingsInputs {
  settings: SettingsFields;
  segregate: boolean;
  teams: TeamRecord[];
  superTypes: SuperType[];
}

/**
 * The public views' reads of the standings: the projection's shards, and the
 * settings and super types as fresh as every scoring path reads them
 * (data/fresh.ts) — however many teams and scans there are.
 */
export async function readStandingsInputs(): Promise<StandingsInputs> {
  const [{ settings }, teams, superTypes] = await Promise.all([freshSettings(), readStandings(), freshSuperTypes()]);
  return { settings, segregate: settings.guest_division_enabled, teams, superTypes };
}
