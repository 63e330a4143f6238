/**
 * Team profiles (`TEAMS / TEAM#<id>`), read with each team's totals
 * (data/totals.ts) as the standings need them; written at load and by the
 * live edits (a new team, a team's edit, everywhere it is kept).
 */
import { teamFields, type SuperType, type Team, type TeamProfile, type TeamRecord } from '#shared/domain/model';
import { listSuperTypes } from '#shared/data/subtypes';
import { keys, PARTITION, type Key } from '#shared/data/keys';
import { definitionsOfTeam } from '#shared/data/services';
import { batchGet, queryPartition, STILL_AT_VERSION, transactionConditionFailed, withoutKeys } from '#shared/data/operations';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/data/client';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { readTotalsItems, toTeamTotals } from '#shared/data/totals';
import { definitionsMoved, getSettings } from '#shared/data/settings';
import { publicVersionMove } from '#shared/data/public-version';
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';
import { standingsItem } from '#shared/data/standings';
import { statusCellsItem, statusLoadedItem } from '#shared/data/status-cells';
import { nameKey } from '#shared/domain/names';

/** A team's profile as stored at load (static); its totals live in its own partition. */
interface StoredTeam {
  team: Team;
  hidden: boolean;
  services_total: number;
  /** Its public egress ranges (issue #63); absent on a team stored before them: none. */
  networks?: string[];
}

/**
 * Every team with its totals, in id order: one Query on the teams partition
 * (static profiles) and one BatchGetItem of every team's TOTALS item.
 */
export async function listTeamRecords(options: { consistent?: boolean; totals?: boolean } = {}): Promise<TeamRecord[]> {
  const items = await queryPartition(PARTITION.teams, { consistent: options.consistent });
  const teams = items.map((item) => withoutKeys<StoredTeam>(item));
  // The team list shows profiles only: it need not pay a read per team for totals.
  const totals =
    options.totals === false
      ? new Map<number, Record<string, unknown>>()
      : await readTotalsItems(
          teams.map((t) => t.team.id),
          options,
        );
  return teams.map((t) => toTeamRecord(t, totals.get(t.team.id)));
}

/** One team and its totals, in one BatchGetItem. */
export async function getTeamRecord(id: number, options: { consistent?: boolean } = {}): Promise<TeamRecord | undefined> {
  const items = await batchGet([keys.team(id), keys.teamTotals(id)], options);
  const profile = items.find((item) => item.pk === PARTITION.teams);
  const totals = items.find((item) => item.pk !== PARTITION.teams);
  return profile ? toTeamRecord(withoutKeys<StoredTeam>(profile), totals) : undefined;
}

function toTeamRecord(stored: StoredTeam, totals: Record<string, unknown> | undefined): TeamRecord {
  return {
    team: teamFields(stored.team),
    hidden: stored.hidden,
    services_total: stored.services_total,
    totals: toTeamTotals(totals, stored.services_total),
  };
}

/**
 * The standings from every team's TOTALS, read consistently: what the results
 * export and `finalise` compare (the public views read the projection,
 * data/standings.ts).
 */
export async function readExactStandings(): Promise<{ settings: SettingsFields; segregate: boolean; teams: TeamRecord[]; superTypes: SuperType[] }> {
  const [current, teams, superTypes] = await Promise.all([getSettings({ consistent: true }), listTeamRecords({ consistent: true }), listSuperTypes()]);
  const settings = current?.settings ?? DEFAULT_SETTINGS;
  return { settings, segregate: settings.guest_division_enabled, teams, superTypes };
}

/** A team as an organiser edits it: its profile, whether it is hidden, and the version that guards concurrent edits. */
export type { TeamProfile };

/** The team's profile as stored now (consistent). */
export async function readTeamProfile(id: number): Promise<TeamProfile | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.team(id), ConsistentRead: true }));
  return Item ? toTeamProfile(Item) : undefined;
}

/** Every team's profile as stored now (consistent), in id order: what `load` onto a running event compares. */
export async function listTeamProfiles(): Promise<TeamProfile[]> {
  return (await queryPartition(PARTITION.teams, { consistent: true })).map(toTeamProfile);
}

function toTeamProfile(item: Record<string, unknown>): TeamProfile {
  const stored = withoutKeys<StoredTeam & { version?: number }>(item);
  return { ...teamFields(stored.team), hidden: stored.hidden, networks: stored.networks ?? [], version: Number(stored.version ?? 1) };
}

/** The ids of a team's services (by its number, which no edit changes): every item that embeds the team. */
export async function teamServiceIds(teamNumber: number): Promise<number[]> {
  return (await definitionsOfTeam(teamNumber)).map((d) => d.service.id);
}

/** What one transaction holds at most: a team edit writes its services, three projections, two marks and the audit entry. */
export const TEAM_EDIT_MAX_SERVICES = 100 - 6;
/** A rename or a zone move also claims the new name and releases the old one: two items fewer for services, each. */
export const teamEditMaxServices = (before: TeamProfile, after: TeamProfile) => TEAM_EDIT_MAX_SERVICES - 2 * movedClaims(before, after).length;

/**
 * Writes an edit of a team everywhere it is kept, in one transaction: its
 * profile (conditioned on its version), every service that embeds it (each
 * conditioned on still being the team's), the standings projection and the
 * status cells (what the scoreboard and the status view show and hide), the
 * settings' `definitions` mark (kept copies are read again), the public
 * version, the audit entry, a new name's or zone's claim, and when it is
 * hidden or shown, the status view's load marker. All or
 * nothing: a crash leaves the team as it was, and a retry does it whole.
 * False when someone edited it first; which claim another team holds.
 */
export async function writeTeamProfile(
  before: TeamProfile,
  after: TeamProfile,
  serviceIds: number[],
  audit: AuditContext,
): Promise<boolean | 'name-taken' | 'zone-taken'> {
  const team = teamFields(after);
  // Every attribute by a placeholder: some of these names are DynamoDB reserved words.
  const names = { '#team': 'team', '#hidden': 'hidden', '#version': 'version', '#service': 'service', '#id': 'id', '#h': 'h' };
  const update = (Key: Key, UpdateExpression: string, values: Record<string, unknown>, ConditionExpression?: string) => ({
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression,
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ExpressionAttributeNames: Object.fromEntries(
        Object.entries(names).filter(([name]) => new RegExp(`${name}\\b`).test(`${UpdateExpression} ${ConditionExpression ?? ''}`)),
      ),
      ExpressionAttributeValues: values,
    },
  });
  const exists = 'attribute_exists(pk)';
  const claims = movedClaims(before, after);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          update(
            keys.team(before.id),
            'SET #team = :team, #hidden = :hidden, networks = :networks, #version = :next',
            { ':team': team, ':hidden': after.hidden, ':networks': after.networks, ':next': after.version, ':version': before.version, ':one': 1 },
            STILL_AT_VERSION,
          ),
          ...serviceIds.map((id) =>
            update(
              keys.service(id),
              'SET #service.#team = :team, #hidden = :hidden',
              { ':team': team, ':hidden': after.hidden, ':id': before.id },
              '#service.#team.#id = :id',
            ),
          ),
          update(keys.standings(before.id), 'SET #team = :team, #hidden = :hidden', { ':team': team, ':hidden': after.hidden }, exists),
          update(keys.statusCells(before.id), 'SET #h = :hidden', { ':hidden': after.hidden }, exists),
          definitionsMoved(),
          { Update: publicVersionMove() },
          auditPut(audit, { action: 'team.update', target: `teams/${before.id}`, before, after }),
          ...claims.flatMap((what) => claimMove(what, before, after)),
          // Hidden or shown: its row leaves or joins the status view, which a delta cannot say, so one asked from
          // before now is answered whole (last: the claims' indices above stay as they are).
          ...(before.hidden !== after.hidden ? [{ Put: { TableName: tableName(), Item: statusLoadedItem(Date.now()) } }] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    // Each moved claim is a Put (its condition) then a Delete, after the six items and the services.
    const taken = claims.find((_, i) => transactionConditionFailed(error, 6 + serviceIds.length + 2 * i));
    if (taken) return taken === 'name' ? 'name-taken' : 'zone-taken';
    throw error;
  }
}

/** What an edit moves of the team's claims: its name, its zone name, when either changes (as they compare: trimmed, any case). */
function movedClaims(before: TeamProfile, after: TeamProfile): ('name' | 'url')[] {
  return (['name', 'url'] as const).filter((what) => nameKey(claimed(before, what)) !== nameKey(claimed(after, what)));
}

const claimed = (team: TeamProfile, what: 'name' | 'url') => (what === 'name' ? team.name : team.team_url);

/**
 * A claim's move: the new value's (absent, or this team's already) and the
 * release of the old one (a loaded team, or one created before names were
 * claimed, has none: deleting nothing is fine).
 */
function claimMove(what: 'name' | 'url', before: TeamProfile, after: TeamProfile) {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.teamClaim(what, claimed(after, what)), team: after.id },
        ConditionExpression: 'attribute_not_exists(pk) OR #team = :id',
        ExpressionAttributeNames: { '#team': 'team' },
        ExpressionAttributeValues: { ':id': after.id },
      },
    },
    { Delete: { TableName: tableName(), Key: keys.teamClaim(what, claimed(before, what)) } },
  ];
}

/** Why a team could not be created (beyond a finalised competition). */
export type TeamCreation = 'created' | 'number-taken' | 'name-taken' | 'url-taken' | 'final';

/**
 * Writes a new team, in one transaction: its profile, its standings and
 * status items (no services yet), the claims on its number, name and zone
 * name (so two concurrent creates cannot both take one; the caller has
 * checked the loaded teams), the definitions mark, the public version and the audit
 * entry. Refused once the competition is finalised.
 */
export async function writeNewTeam(profile: TeamProfile, audit: AuditContext, now = Date.now()): Promise<TeamCreation> {
  const team = teamFields(profile);
  const put = (Item: Record<string, unknown>) => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } });
  const stored = { team, hidden: profile.hidden, services_total: 0, networks: profile.networks };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          put({ ...keys.team(team.id), ...stored, version: profile.version }),
          put({ ...keys.teamClaim('number', team.number), team: team.id }),
          put({ ...keys.teamClaim('url', team.team_url), team: team.id }),
          put({ ...keys.teamClaim('name', team.name), team: team.id }),
          { Put: { TableName: tableName(), Item: standingsItem(stored) } },
          { Put: { TableName: tableName(), Item: statusCellsItem({ id: team.id, hidden: profile.hidden }, [], now) } },
          // Teams came: a status delta asked from before now is answered whole.
          { Put: { TableName: tableName(), Item: statusLoadedItem(now) } },
          definitionsMoved({ unlessFinal: true }),
          { Update: publicVersionMove(now) },
          auditPut(audit, { action: 'team.create', target: `teams/${team.id}`, before: null, after: profile }),
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (transactionConditionFailed(error, 1)) return 'number-taken';
    if (transactionConditionFailed(error, 2)) return 'url-taken';
    if (transactionConditionFailed(error, 3)) return 'name-taken';
    if (transactionConditionFailed(error, 7)) return 'final';
    throw error;
  }
}
