/**
 * `load` onto a running competition (issue #28): what a competition file
 * would change in the event as it stands, as a list of live edits, and what
 * it would change that no live edit can (refused: the whole file is then
 * refused, nothing half done). Pure: the app layer reads the event, plans,
 * shows the plan with its fingerprint, and applies exactly that plan.
 *
 * Teams are matched by number. A team's services are matched by subtype:
 * first those at the same host and port, then the rest in file order (a
 * service whose port the file changed is moved, not added and lost).
 * Settings are compared on the fields the file names: a field it leaves to
 * its default keeps what organisers set during the event.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { serviceAccounts, type CheckAccount } from '#shared/domain/accounts';
import { checkOf, type CheckDefinition } from '#shared/domain/check-definitions';
import { filePlacement, type Competition, type NewSubtype } from '#shared/domain/competition';
import type { Pool } from '#shared/domain/pools';
import type { FindingKind } from '#shared/domain/findings';
import { nameKey } from '#shared/domain/names';
import type { SettingsFields } from '#shared/domain/settings';
import type { ServiceEndpoint, SuperType, TeamProfile } from '#shared/domain/model';
import { Count, Id, named } from '#shared/domain/shapes';

/** A team as the event holds it now: what a team edit reads (its ETag is of exactly this). */
export type CurrentTeam = TeamProfile;

/** A service's place and points as the event holds them now: what a service edit reads. */
export type CurrentService = ServiceEndpoint;

/** A subtype as stored now: its fields, its check's, its version. */
export interface CurrentSubtype {
  id: number;
  name: string;
  super_type_id: number;
  max_score: number;
  sla_threshold?: number;
  sla_penalty?: number;
  version: number;
  [parameter: string]: unknown;
}

/** A super type as stored now, with the version its edits name (and as organisers read it to edit it). */
export const EditableSuperTypeSchema = named(
  'EditableSuperType',
  'A super type as organisers edit it: a column of every scorecard, where subtypes and adjustments put their points.',
  v.strictObject({ id: Id, name: v.string(), version: v.pipe(Count, v.description('Moves with every edit (1 as loaded).')) }),
);

export type CurrentSuperType = v.InferOutput<typeof EditableSuperTypeSchema>;

export interface CurrentCompetition {
  settings: SettingsFields;
  superTypes: CurrentSuperType[];
  subtypes: CurrentSubtype[];
  teams: CurrentTeam[];
  services: CurrentService[];
  /** Every pool, `cloud` first. */
  pools: Pool[];
  /** The table of finding kinds. */
  findingKinds: FindingKind[];
}

type TeamChange = Partial<Pick<CurrentTeam, 'name' | 'logo' | 'guest_division' | 'hidden' | 'team_url' | 'networks'>>;

/** A new service: its team by number (a team the same plan adds has no id yet). */
export interface PlannedService {
  team_number: number;
  subtype_id: number;
  url: string;
  port: number;
  max_score?: number;
  accounts?: CheckAccount[];
}

/** One live edit of the plan, with the record as read where it edits one (applied with its ETag: a change since is 412). */
export type UpdateStep =
  | { kind: 'settings'; change: Partial<SettingsFields> }
  | { kind: 'super-type-add'; superType: SuperType }
  | { kind: 'super-type-edit'; superType: CurrentSuperType; name: string }
  | { kind: 'super-type-retire'; superType: CurrentSuperType }
  | { kind: 'subtype-add'; subtype: NewSubtype }
  | { kind: 'subtype-retire'; subtype: CurrentSubtype }
  | { kind: 'subtype-check'; subtype: CurrentSubtype; check: CheckDefinition }
  /** Applied after every other step: it edits its services too (without their ETags: they may have moved in this plan). */
  | { kind: 'subtype-edit'; subtype: CurrentSubtype; change: { name?: string; max_score?: number } }
  | { kind: 'team-edit'; team: CurrentTeam; change: TeamChange }
  | { kind: 'team-add'; team: Omit<CurrentTeam, 'id' | 'version'> }
  | { kind: 'service-edit'; service: CurrentService; change: { url?: string; port?: number; max_score?: number } }
  | { kind: 'service-add'; service: PlannedService }
  /**
   * Applied last: every pool becomes what the file says, placed by the ids the
   * event holds then. `pools` is that placement as planned, or null when it
   * names teams or services this plan adds (they have no ids yet).
   */
  | { kind: 'pools'; pools: Pool[] | null }
  /** The table of finding kinds becomes the file's (a file without `finding_kinds` leaves it). */
  | { kind: 'finding-kinds'; kinds: FindingKind[] };

export interface UpdatePlan {
  steps: UpdateStep[];
  /** What the file would change that the event cannot take live, each said plainly. */
  refused: string[];
}

const TEAM_FIELDS = ['name', 'logo', 'guest_division', 'hidden', 'team_url', 'networks'] as const;
/** What a subtype cannot change live (its name and points can: its services follow). */
const FIXED_SUBTYPE_FIELDS = ['super_type_id', 'sla_threshold', 'sla_penalty'] as const;

/** What only one team may have at a time, and what a refusal calls it. */
const FIELDS_ONE_TEAM_HOLDS = [
  ['name', 'name'],
  ['team_url', 'zone'],
] as const;

/**
 * The plan that makes the event what the file says. `namedSettings`: the
 * settings fields the file writes itself (the others are defaults).
 */
export function planCompetitionUpdate(file: Competition, namedSettings: readonly string[], current: CurrentCompetition): UpdatePlan {
  const steps: UpdateStep[] = [];
  const subtypeEdits: UpdateStep[] = [];
  /** New subtypes come before the services that use them (a mail sender before its reader); retired ones last. */
  const subtypeAdds: Extract<UpdateStep, { kind: 'subtype-add' }>[] = [];
  const subtypeRetires: UpdateStep[] = [];
  const superTypeRetires: UpdateStep[] = [];
  const refused: string[] = [];

  const settingsChange = Object.fromEntries(
    namedSettings
      .filter(
        (field) =>
          field in file.settings && canonical(file.settings[field as keyof SettingsFields]) !== canonical(current.settings[field as keyof SettingsFields]),
      )
      .map((field) => [field, file.settings[field as keyof SettingsFields]]),
  ) as Partial<SettingsFields>;
  if (Object.keys(settingsChange).length > 0) steps.push({ kind: 'settings', change: settingsChange });

  const superTypeSteps: UpdateStep[] = [];
  for (const superType of file.super_types) {
    const now = current.superTypes.find((s) => s.id === superType.id);
    if (!now) superTypeSteps.push({ kind: 'super-type-add', superType });
    else if (now.name !== superType.name) superTypeSteps.push({ kind: 'super-type-edit', superType: now, name: superType.name });
  }
  for (const superType of current.superTypes) {
    if (file.super_types.some((s) => s.id === superType.id)) continue;
    // Its subtypes must go too (the file's validation keeps the file's own out of it); a team with points in it stops the step (409).
    const kept = current.subtypes.find((s) => s.super_type_id === superType.id && file.subtypes.some((f) => f.id === s.id));
    if (kept) refused.push(`super type ${superType.id} (${superType.name}) is not in the file, but subtype ${kept.name} stays in it`);
    else superTypeRetires.push({ kind: 'super-type-retire', superType });
  }

  for (const subtype of file.subtypes) {
    const now = current.subtypes.find((s) => s.id === subtype.id);
    if (!now) {
      const { accounts: _accounts, pool: _pool, ...fields } = subtype;
      subtypeAdds.push({ kind: 'subtype-add', subtype: fields as NewSubtype });
      continue;
    }
    const changed = FIXED_SUBTYPE_FIELDS.filter((field) => canonical(subtype[field]) !== canonical(now[field]));
    if (changed.length > 0) refused.push(`subtype ${subtype.id} (${now.name}) changes its ${changed.join(', ')}: not yet possible live`);
    const edit = {
      ...(subtype.name !== now.name ? { name: subtype.name } : {}),
      ...(subtype.max_score !== now.max_score ? { max_score: subtype.max_score } : {}),
    };
    if (edit.name !== undefined && current.subtypes.some((s) => s.sent_by === now.name)) {
      refused.push(`subtype ${subtype.id} (${now.name}) is renamed, but a mailbox check reads its mail by that name (sent_by): not yet possible live`);
    }
    if (Object.keys(edit).length > 0) subtypeEdits.push({ kind: 'subtype-edit', subtype: now, change: edit });
    const check = checkOf(subtype);
    if (!check) {
      if (checkOf(now)) refused.push(`subtype ${subtype.id} (${now.name}) loses its check: a check can be replaced live, not removed`);
    } else if (canonical(check) !== canonical(checkOf(now))) steps.push({ kind: 'subtype-check', subtype: now, check });
  }
  for (const subtype of current.subtypes) {
    if (file.subtypes.some((s) => s.id === subtype.id)) continue;
    const used = current.services.filter((s) => s.subtype_id === subtype.id).length;
    if (used > 0) refused.push(`subtype ${subtype.id} (${subtype.name}) is not in the file but has ${used} service(s): a subtype with services stays`);
    else subtypeRetires.push({ kind: 'subtype-retire', subtype });
  }

  const pointsOf = (subtypeId: number) => file.subtypes.find((s) => s.id === subtypeId)?.max_score;
  /** A new service as the loader makes it: its own accounts, else its subtype's. */
  const plannedService = (teamNumber: number, service: FileService): PlannedService => {
    const { accounts, pool: _pool, ...rest } = service;
    const chosen = serviceAccounts(accounts, file.subtypes.find((s) => s.id === service.subtype_id)?.accounts);
    return { team_number: teamNumber, ...rest, ...(chosen.length > 0 ? { accounts: chosen } : {}) };
  };
  for (const team of file.teams) {
    const now = current.teams.find((t) => t.number === team.number);
    const { services, pool: _pool, ...profile } = team;
    // A name and a zone are one team's at a time (each edit claims them): taking another team's, in a swap too, would stop the run midway.
    for (const [field, what] of FIELDS_ONE_TEAM_HOLDS) {
      const holder = current.teams.find((t) => t.number !== team.number && nameKey(t[field]) === nameKey(team[field]));
      if (!holder) continue;
      refused.push(
        now
          ? `team ${team.number} (${now.name}) takes the ${what} ${team[field]}, team ${holder.number}'s now: a ${what} is one team's at a time (swap through a third in a load before)`
          : `team ${team.number} (${team.name}) is new but its ${what} ${team[field]} is team ${holder.number}'s`,
      );
    }
    if (!now) {
      steps.push({ kind: 'team-add', team: profile });
      for (const service of services) steps.push({ kind: 'service-add', service: plannedService(team.number, service) });
      continue;
    }
    const change: TeamChange = Object.fromEntries(
      TEAM_FIELDS.filter((field) => JSON.stringify(profile[field]) !== JSON.stringify(now[field])).map((field) => [field, profile[field]]),
    );
    if (Object.keys(change).length > 0) steps.push({ kind: 'team-edit', team: now, change });

    const pairs = matchServices(
      services,
      current.services.filter((s) => s.team_id === now.id),
    );
    for (const { wanted, found } of pairs) {
      if (!found) {
        steps.push({ kind: 'service-add', service: plannedService(team.number, wanted!) });
        continue;
      }
      if (!wanted) {
        refused.push(
          `service ${found.id} (team ${team.number} ${found.subtype} at ${found.url}:${found.port}) is not in the file: services cannot be removed live yet`,
        );
        continue;
      }
      // A service without points of its own that has its subtype's follows the subtype (the subtype's edit changes them).
      const followsSubtype = wanted.max_score === undefined && current.subtypes.find((s) => s.id === wanted.subtype_id)?.max_score === found.max_score;
      const points = wanted.max_score ?? pointsOf(wanted.subtype_id);
      const change = {
        ...(wanted.url.toLowerCase() !== found.url.toLowerCase() ? { url: wanted.url } : {}),
        ...(wanted.port !== found.port ? { port: wanted.port } : {}),
        ...(points !== undefined && points !== found.max_score && !followsSubtype ? { max_score: points } : {}),
      };
      if (Object.keys(change).length > 0) steps.push({ kind: 'service-edit', service: found, change });
    }
  }
  for (const team of current.teams) {
    if (!team.hidden && !file.teams.some((t) => t.number === team.number)) steps.push({ kind: 'team-edit', team, change: { hidden: true } });
  }
  const readsMail = (step: (typeof subtypeAdds)[number]) => Number('sent_by' in step.subtype);
  const adds = subtypeAdds.sort((a, b) => readsMail(a) - readsMail(b));
  // The settings first (they are a single step when any), then new subtypes, then the rest.
  const settingsFirst = steps.filter((s) => s.kind === 'settings');
  const others = steps.filter((s) => s.kind !== 'settings');
  const poolsStep: UpdateStep[] = [];
  if (namesPools(file)) {
    const placed = filePools(file, current);
    if (!placed || canonical(byName(placed)) !== canonical(byName(current.pools))) poolsStep.push({ kind: 'pools', pools: placed });
  }
  const kindsStep: UpdateStep[] =
    file.finding_kinds !== undefined && canonical(file.finding_kinds) !== canonical(current.findingKinds)
      ? [{ kind: 'finding-kinds', kinds: file.finding_kinds }]
      : [];
  return {
    steps: [...settingsFirst, ...superTypeSteps, ...adds, ...others, ...subtypeEdits, ...subtypeRetires, ...superTypeRetires, ...poolsStep, ...kindsStep],
    refused,
  };
}

/** A file that says nothing of pools (no `pools`, no `pool` anywhere) leaves them as organisers made them. */
function namesPools(file: Competition): boolean {
  return file.pools !== undefined || file.subtypes.some((s) => s.pool) || file.teams.some((t) => t.pool || t.services.some((s) => s.pool));
}

/** Pools compared as sets: by name, each list of ids in order. */
const byName = (pools: readonly Pool[]) =>
  [...pools]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({
      ...p,
      subtypes: [...p.subtypes].sort((a, b) => a - b),
      teams: [...p.teams].sort((a, b) => a - b),
      services: [...p.services].sort((a, b) => a - b),
    }));

/**
 * The file's pools placed by the ids the event holds: its teams matched by
 * number, their services as the plan matches them. Null while a team or a
 * service of the file is not in the event yet.
 */
export function filePools(file: Competition, current: Pick<CurrentCompetition, 'teams' | 'services'>): Pool[] | null {
  const teamIds: number[] = [];
  const serviceIds: number[] = [];
  for (const team of file.teams) {
    const now = current.teams.find((t) => t.number === team.number);
    if (!now) return null;
    teamIds.push(now.id);
    const pairs = matchServices(
      team.services,
      current.services.filter((s) => s.team_id === now.id),
    );
    for (const wanted of team.services) {
      const found = pairs.find((pair) => pair.wanted === wanted)?.found;
      if (!found) return null;
      serviceIds.push(found.id);
    }
  }
  return filePlacement(file, teamIds, serviceIds).pools;
}

type FileService = Competition['teams'][number]['services'][number];

/** A team's file services paired with its services now: same subtype, host and port first, then the rest of each subtype in order. */
function matchServices(wanted: FileService[], found: CurrentService[]): { wanted?: FileService; found?: CurrentService }[] {
  const place = (s: { subtype_id: number; url: string; port: number }) => `${s.subtype_id} ${s.url.toLowerCase()}:${s.port}`;
  const pairs: { wanted?: FileService; found?: CurrentService }[] = [];
  const leftWanted = [...wanted];
  const leftFound = [...found];
  for (let i = 0; i < leftWanted.length;) {
    const at = leftFound.findIndex((f) => place(f) === place(leftWanted[i]!));
    if (at === -1) i++;
    else pairs.push({ wanted: leftWanted.splice(i, 1)[0], found: leftFound.splice(at, 1)[0] });
  }
  for (const service of leftWanted) {
    const at = leftFound.findIndex((f) => f.subtype_id === service.subtype_id);
    pairs.push(at === -1 ? { wanted: service } : { wanted: service, found: leftFound.splice(at, 1)[0] });
  }
  for (const service of leftFound) pairs.push({ found: service });
  return pairs;
}

/** One line a person reads for each step. */
export function describeStep(step: UpdateStep): string {
  switch (step.kind) {
    case 'settings':
      return `settings: ${changes(step.change)}`;
    case 'super-type-add':
      return `super type ${step.superType.id} (${step.superType.name}): add`;
    case 'super-type-edit':
      return `super type ${step.superType.id} (${step.superType.name}): name → ${JSON.stringify(step.name)}`;
    case 'super-type-retire':
      return `super type ${step.superType.id} (${step.superType.name}): retire`;
    case 'subtype-add':
      return `subtype ${step.subtype.id} (${step.subtype.name}): add${step.subtype.check ? ` (${step.subtype.check})` : ''}`;
    case 'subtype-retire':
      return `subtype ${step.subtype.id} (${step.subtype.name}): retire (no service has it)`;
    case 'subtype-check':
      return `subtype ${step.subtype.id} (${step.subtype.name}): replace its check (${step.check.check})`;
    case 'subtype-edit':
      return `subtype ${step.subtype.id} (${step.subtype.name}): ${changes(step.change)}, and every service of it that follows it`;
    case 'team-edit':
      return step.change.hidden === true && Object.keys(step.change).length === 1
        ? `team ${step.team.number} (${step.team.name}): hide`
        : `team ${step.team.number} (${step.team.name}): ${changes(step.change)}`;
    case 'team-add':
      return `team ${step.team.number} (${step.team.name}): add${step.team.hidden ? ' (hidden)' : ''}`;
    case 'service-edit': {
      const { url, port, ...rest } = step.change;
      const move = url !== undefined || port !== undefined ? [`move to ${url ?? step.service.url}:${port ?? step.service.port}`] : [];
      const other = Object.keys(rest).length > 0 ? [changes(rest)] : [];
      return `service ${step.service.id} (${step.service.subtype} at ${step.service.url}:${step.service.port}): ${[...move, ...other].join(', ')}`;
    }
    case 'service-add':
      return `team ${step.service.team_number}: add a service of subtype ${step.service.subtype_id} at ${step.service.url}:${step.service.port}`;
    case 'finding-kinds':
      return `finding kinds: ${step.kinds.map((k) => `${k.id} (${k.points})`).join(', ') || 'none'}`;
    case 'pools':
      return step.pools
        ? `pools: ${step.pools.map((p) => `${p.name} (${p.subtypes.length} subtypes, ${p.teams.length} teams, ${p.services.length} services)`).join(', ')}`
        : 'pools: as the file says, once the teams and services it adds are in';
  }
}

const changes = (change: object) =>
  Object.entries(change)
    .map(([field, value]) => `${field} → ${JSON.stringify(value)}`)
    .join(', ');

/** The plan's fingerprint: a preview names it, and only the same plan (event and file unchanged since) is applied. */
export function planFingerprint(plan: UpdatePlan): string {
  return createHash('sha256').update(canonical(plan)).digest('hex').slice(0, 16);
}

/** JSON with every object's keys sorted: the same value, the same text. */
function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
    ) ?? 'undefined'
  );
}
