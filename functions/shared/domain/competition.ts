import * as v from 'valibot';
import { NetworksSchema, overlapWithOthers } from '#shared/domain/networks';
import { AccountsSchema } from '#shared/domain/accounts';
import type { FieldError } from '#shared/validation';
import { FreeText, parseWith, PositiveInt } from '#shared/validation';
import { LogoUrl, nameKey, TeamName } from '#shared/domain/names';
import { CHECK_KINDS, mailReadersWithoutSender } from '#shared/domain/check-definitions';
import { checkParameters } from '#shared/domain/checks';
import { nameInZone } from '#shared/domain/dns';
import { HostNameSchema, RelativeHostNameSchema } from '#shared/domain/hostnames';
import { DEFAULT_SETTINGS, MAX_TEAM_NUMBER_IN_ADDRESS, SettingsFieldsSchema, SlaPenalty, SlaThreshold, type SettingsFields } from '#shared/domain/settings';
import { FindingKindsSchema } from '#shared/domain/findings';
import { CLOUD_POOL, commandChecksInCloud, MAX_POOLS, POOL_NAME_PATTERN, poolIndex, splitMailPairs, type Pool } from '#shared/domain/pools';

/**
 * The competition file: everything an organiser prepares before the event.
 * Super types and subtypes carry their ids (scoring agents are configured with
 * subtype ids); teams and services get ids allocated when the file is loaded.
 */
const Name = TeamName;

/** Where a subtype's, a team's or a service's checks run from: a pool the file declares under `pools`, or `cloud`. */
const PoolName = v.pipe(
  v.string(),
  v.regex(new RegExp(POOL_NAME_PATTERN), 'must be a pool name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens'),
);

const ServiceEntry = v.strictObject({
  subtype_id: PositiveInt,
  url: HostNameSchema,
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  /** Overrides the subtype's max score for this one service. */
  max_score: v.optional(PositiveInt),
  /** The accounts its login check signs in with, instead of the subtype's. */
  accounts: v.optional(AccountsSchema),
  /** Checked from this pool, whatever its team's or subtype's. */
  pool: v.optional(PoolName),
});

const TeamEntry = v.strictObject({
  number: PositiveInt,
  name: Name,
  logo: v.optional(LogoUrl, ''),
  team_url: RelativeHostNameSchema,
  guest_division: v.optional(v.boolean(), false),
  hidden: v.optional(v.boolean(), false),
  /** Its public egress ranges: a red team beacon on its hosts counts only when it calls back from one (none: no beacons). */
  networks: v.optional(NetworksSchema, []),
  services: v.optional(v.pipe(v.array(ServiceEntry), v.maxLength(200)), []),
  /** Its services are checked from this pool, unless a service names its own. */
  pool: v.optional(PoolName),
});

const subtypeFields = {
  id: PositiveInt,
  name: Name,
  super_type_id: PositiveInt,
  max_score: PositiveInt,
  /** This subtype's own SLA rules, over the settings'. */
  sla_threshold: v.optional(SlaThreshold),
  sla_penalty: v.optional(SlaPenalty),
  /** The accounts its services' login checks sign in with (a service may name its own). */
  accounts: v.optional(AccountsSchema),
};

/** A subtype in the file: its services are checked from `pool`, unless their team or they name another. */
const fileSubtypeFields = { ...subtypeFields, pool: v.optional(PoolName) };

/**
 * A subtype, with how agents check its services when it has a `check`: the
 * kind's own parameters sit beside the subtype's fields, and a parameter of
 * another kind is an unknown field.
 */
const SubtypeEntry = v.variant(
  'check',
  [
    ...CHECK_KINDS.map((kind) => v.strictObject({ ...fileSubtypeFields, check: v.literal(kind), ...checkParameters[kind] })),
    v.strictObject({ ...fileSubtypeFields, check: v.optional(v.undefined()) }),
  ],
  `must be one of ${CHECK_KINDS.join(', ')}`,
);

/**
 * A subtype added during the event (POST /subtypes): the file's fields but
 * its accounts (its services carry theirs, each given when it is added),
 * its id chosen or the next free one. (Written out, not derived from the
 * file's: a generic over the kinds is past what TypeScript represents.)
 */
const { accounts: _accounts, ...liveSubtypeFields } = { ...subtypeFields, id: v.optional(PositiveInt) };
export const NewSubtypeSchema = v.variant(
  'check',
  [
    ...CHECK_KINDS.map((kind) => v.strictObject({ ...liveSubtypeFields, check: v.literal(kind), ...checkParameters[kind] })),
    v.strictObject({ ...liveSubtypeFields, check: v.optional(v.undefined()) }),
  ],
  `must be one of ${CHECK_KINDS.join(', ')}`,
);
export type NewSubtype = v.InferOutput<typeof NewSubtypeSchema>;

export const CompetitionFileSchema = v.strictObject({
  settings: v.optional(v.record(v.string(), v.unknown()), {}),
  super_types: v.pipe(v.array(v.strictObject({ id: PositiveInt, name: Name })), v.minLength(1, 'needs at least one super type')),
  subtypes: v.array(SubtypeEntry),
  teams: v.pipe(v.array(TeamEntry), v.maxLength(5000)),
  /**
   * The pools the file places checks in (`cloud`, the Lambda agent's, needs
   * no entry). Without this key a load onto a running event leaves the pools
   * as organisers made them; with it, they become what the file says.
   */
  pools: v.optional(
    v.pipe(
      v.array(v.strictObject({ name: PoolName, description: v.optional(FreeText(200)) })),
      v.maxLength(MAX_POOLS - 1, `must declare at most ${MAX_POOLS - 1} pools besides cloud`),
    ),
  ),
  /** The red team's kinds of finding, each with the points it takes off a team (PUT /finding-kinds changes them later). */
  finding_kinds: v.optional(FindingKindsSchema),
});

type FileShape = v.InferOutput<typeof CompetitionFileSchema>;
export type CompetitionTeam = v.InferOutput<typeof TeamEntry>;

/** A competition file that passed every check, with its settings complete. */
export interface Competition extends Omit<FileShape, 'settings'> {
  settings: SettingsFields;
}

/**
 * Validates a parsed file as a whole: its shape, its settings, and every
 * cross-reference and uniqueness rule. All problems come back at once, each
 * with its path; the cross-checks read the raw file so that a malformed entry
 * elsewhere does not hide them.
 */
export function validateCompetition(input: unknown): { ok: true; value: Competition } | { ok: false; errors: FieldError[] } {
  const shape = parseWith(CompetitionFileSchema, input);
  const raw = asRecord(input);
  const settingsInput = asRecord(raw.settings);
  const settings = parseWith(SettingsFieldsSchema, { ...DEFAULT_SETTINGS, ...settingsInput });
  const errors: FieldError[] = [
    ...(shape.ok ? [] : shape.errors),
    ...(settings.ok ? [] : settings.errors.map((e) => ({ ...e, path: `settings.${e.path}` }))),
    ...crossReferenceErrors(raw, { ...DEFAULT_SETTINGS, ...settingsInput }),
  ];
  if (!shape.ok || !settings.ok || errors.length > 0) return { ok: false, errors: dedupe(errors) };
  return { ok: true, value: { ...shape.value, settings: settings.value } };
}

type Loose = Record<string, unknown>;
const asRecord = (value: unknown): Loose => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});
const asList = (value: unknown): Loose[] => (Array.isArray(value) ? value.map(asRecord) : []);
const normalised = (value: unknown) => (typeof value === 'string' ? nameKey(value) : value);

function crossReferenceErrors(file: Loose, settings: Loose): FieldError[] {
  const errors: FieldError[] = [];
  const superTypes = asList(file.super_types);
  const subtypes = asList(file.subtypes);
  const teams = asList(file.teams);

  const duplicates = (list: Loose[], field: string, at: string) => {
    const seen = new Map<unknown, number>();
    list.forEach((entry, index) => {
      const value = normalised(entry[field]);
      if (value === undefined) return;
      const first = seen.get(value);
      if (first !== undefined) errors.push({ path: `${at}.${index}.${field}`, message: `duplicates ${at}.${first}.${field} (${String(entry[field])})` });
      else seen.set(value, index);
    });
  };
  duplicates(superTypes, 'id', 'super_types');
  duplicates(superTypes, 'name', 'super_types');
  duplicates(subtypes, 'id', 'subtypes');
  duplicates(subtypes, 'name', 'subtypes');
  duplicates(teams, 'number', 'teams');
  duplicates(teams, 'name', 'teams');
  duplicates(teams, 'team_url', 'teams');
  // No two teams' networks share an address: a beacon's check-in from it could not be told apart.
  teams.forEach((team, index) => {
    const mine = Array.isArray(team.networks) ? team.networks.filter((n): n is string => typeof n === 'string') : [];
    const before = teams.slice(0, index).map((t) => ({
      number: Number(t.number),
      networks: Array.isArray(t.networks) ? t.networks.filter((n): n is string => typeof n === 'string') : [],
    }));
    const overlap = overlapWithOthers(mine, before);
    if (overlap) errors.push({ path: `teams.${index}.networks`, message: overlap });
  });

  const superTypeIds = new Set(superTypes.map((s) => s.id));
  subtypes.forEach((subtype, index) => {
    if (subtype.super_type_id !== undefined && !superTypeIds.has(subtype.super_type_id)) {
      errors.push({ path: `subtypes.${index}.super_type_id`, message: `no super type has id ${String(subtype.super_type_id)}` });
    }
  });
  for (const field of ['incident_reports_super_type_id', 'red_team_findings_super_type_id'] as const) {
    const named = settings[field];
    if (typeof named === 'number' && !superTypeIds.has(named)) errors.push({ path: `settings.${field}`, message: `no super type has id ${named}` });
  }

  // A mailbox check finds the message of an SMTP subtype's check: the name must be one that sends.
  const orphans = new Set(mailReadersWithoutSender(subtypes));
  subtypes.forEach((subtype, index) => {
    if (orphans.has(subtype)) {
      errors.push({ path: `subtypes.${index}.sent_by`, message: `no smtp or smtps subtype with mail_to is named ${String(subtype.sent_by)}` });
    }
  });

  // At load no team has DNS records yet, so a name server inside a team's zone would have no address.
  const nameservers = Array.isArray(settings.dns_nameservers) ? settings.dns_nameservers.filter((n): n is string => typeof n === 'string') : [];
  nameservers.forEach((nameserver, index) => {
    const team = teams.findIndex((t) => typeof t.team_url === 'string' && nameInZone(nameserver.toLowerCase(), t.team_url.toLowerCase()) !== undefined);
    if (team >= 0) {
      errors.push({
        path: `settings.dns_nameservers.${index}`,
        message: `is inside teams.${team}.team_url's zone, which has no A record for it at load: load with name servers outside the teams' zones, add the A record with the API, then change the settings`,
      });
    }
  });

  errors.push(...poolErrors(file));

  const subtypeIds = new Set(subtypes.map((s) => s.id));
  const template = settings.dns_address_template;
  const numberIsAnOctet = typeof template === 'string' && template.includes('{team_number}');
  teams.forEach((team, t) => {
    if (numberIsAnOctet && typeof team.number === 'number' && team.number > MAX_TEAM_NUMBER_IN_ADDRESS) {
      errors.push({
        path: `teams.${t}.number`,
        message: `must be at most ${MAX_TEAM_NUMBER_IN_ADDRESS}: it is an octet of the team's addresses (settings.dns_address_template)`,
      });
    }
    const endpoints = new Map<string, number>();
    asList(team.services).forEach((service, s) => {
      if (service.subtype_id !== undefined && !subtypeIds.has(service.subtype_id)) {
        errors.push({ path: `teams.${t}.services.${s}.subtype_id`, message: `no subtype has id ${String(service.subtype_id)}` });
      }
      const endpoint = `${String(service.subtype_id)} ${String(normalised(service.url))}:${String(service.port)}`;
      const first = endpoints.get(endpoint);
      if (first !== undefined) {
        errors.push({ path: `teams.${t}.services.${s}`, message: `duplicates teams.${t}.services.${first} (same subtype, url and port)` });
      } else endpoints.set(endpoint, s);
    });
  });
  return errors;
}

/** Every `pool` names a declared pool (or cloud); a mailbox check sits in its sender's pool. */
function poolErrors(file: Loose): FieldError[] {
  const errors: FieldError[] = [];
  const declared = asList(file.pools);
  const names = new Set([CLOUD_POOL, ...declared.map((p) => p.name)]);
  declared.forEach((pool, index) => {
    if (declared.findIndex((other) => other.name === pool.name) < index)
      errors.push({ path: `pools.${index}.name`, message: `declares ${String(pool.name)} twice` });
  });
  const named = (entry: Loose, path: string) => {
    if (typeof entry.pool === 'string' && !names.has(entry.pool))
      errors.push({ path: `${path}.pool`, message: `no pool is named ${entry.pool} (declare it under pools)` });
  };
  const subtypes = asList(file.subtypes);
  const teams = asList(file.teams);
  subtypes.forEach((subtype, index) => named(subtype, `subtypes.${index}`));
  teams.forEach((team, t) => {
    named(team, `teams.${t}`);
    asList(team.services).forEach((service, s) => named(service, `teams.${t}.services.${s}`));
  });
  if (errors.length > 0) return errors;
  // The file's placement, under stand-in ids (in file order, as a load allocates them), checked by the pools' own rule.
  const serviceCount = teams.reduce((n, team) => n + asList(team.services).length, 0);
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const { pools, services } = filePlacement({ subtypes, teams, pools: declared } as unknown as FilePools, ids(teams.length), ids(serviceCount));
  const pathOf = (id: number) => services[id - 1]!.path;
  const sentBy = new Map(subtypes.map((s) => [s.id, typeof s.sent_by === 'string' ? s.sent_by : undefined]));
  const mailing = services.map((service) => ({ ...service, sentBy: sentBy.get(service.subtype_id) }));
  const commands = new Set(subtypes.filter((s) => s.check === 'command').map((s) => Number(s.id)));
  for (const id of commandChecksInCloud(services, poolIndex(pools), commands)) {
    errors.push({
      path: pathOf(id),
      message:
        'runs a command check from cloud, and the Lambda agent has no recipes: place it (its team, or its subtype) in a pool of agents that have the recipe',
    });
  }
  for (const { reader, sender, readerPool, senderPool } of splitMailPairs(mailing, poolIndex(pools))) {
    errors.push({
      path: `${pathOf(reader.id)}.pool`,
      message: `is ${readerPool}, but this mailbox check reads the mail ${pathOf(sender.id)} sends from ${senderPool}: both must be in one pool`,
    });
  }
  return errors;
}

type FilePools = Pick<Competition, 'subtypes' | 'teams' | 'pools'>;

/**
 * The pools a file places checks in, given its teams' and services' ids in
 * file order (once loaded, or stand-ins while validating), and its services
 * as the pool rules see them. `cloud` always, first.
 */
export function filePlacement(
  file: FilePools,
  teamIds: readonly number[],
  serviceIds: readonly number[],
): { pools: Pool[]; services: { id: number; path: string; team: { id: number }; subtype_id: number; subtype: string }[] } {
  const pools = new Map<string, Pool>(
    [{ name: CLOUD_POOL, description: 'The Lambda agent' }, ...(file.pools ?? [])].map((p) => [
      p.name,
      { name: p.name, description: p.description ?? '', subtypes: [], teams: [], services: [] },
    ]),
  );
  const subtypeNames = new Map(file.subtypes.map((s) => [s.id, String(s.name)]));
  for (const subtype of file.subtypes) if (subtype.pool) pools.get(subtype.pool)?.subtypes.push(subtype.id);
  const services: ReturnType<typeof filePlacement>['services'] = [];
  file.teams.forEach((team, t) => {
    const teamId = teamIds[t]!;
    if (team.pool) pools.get(team.pool)?.teams.push(teamId);
    (team.services ?? []).forEach((service, s) => {
      const id = serviceIds[services.length]!;
      if (service.pool) pools.get(service.pool)?.services.push(id);
      services.push({
        id,
        path: `teams.${t}.services.${s}`,
        team: { id: teamId },
        subtype_id: service.subtype_id,
        subtype: subtypeNames.get(service.subtype_id) ?? '',
      });
    });
  });
  return { pools: [...pools.values()], services };
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
