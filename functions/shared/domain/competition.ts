import * as v from 'valibot';
import type { FieldError } from '../http/problem';
import { parseWith, PositiveInt } from '../validation';
import { isHostName } from './hostnames';
import { DEFAULT_SETTINGS, MAX_TEAM_NUMBER_IN_ADDRESS, SettingsFieldsSchema, type SettingsFields } from './settings';

/**
 * The competition file: everything an organiser prepares before the event.
 * Super types and subtypes carry their ids (scoring agents are configured with
 * subtype ids); teams and services get ids allocated when the file is loaded.
 */
const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100));
const Host = v.pipe(
  v.string(),
  v.toLowerCase(),
  v.check(isHostName, 'must be a host name: labels of letters, digits and hyphens joined by dots'),
);
const LogoUrl = v.pipe(v.string(), v.maxLength(2048), v.regex(/^(https?:\/\/\S+)?$/, 'must be an http(s) URL or empty'));

const ServiceEntry = v.strictObject({
  subtype_id: PositiveInt,
  url: Host,
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  /** Overrides the subtype's max score for this one service. */
  max_score: v.optional(PositiveInt),
});

const TeamEntry = v.strictObject({
  number: PositiveInt,
  name: Name,
  logo: v.optional(LogoUrl, ''),
  team_url: Host,
  guest_division: v.optional(v.boolean(), false),
  hidden: v.optional(v.boolean(), false),
  services: v.optional(v.pipe(v.array(ServiceEntry), v.maxLength(200)), []),
});

export const CompetitionFileSchema = v.strictObject({
  settings: v.optional(v.record(v.string(), v.unknown()), {}),
  super_types: v.pipe(v.array(v.strictObject({ id: PositiveInt, name: Name })), v.minLength(1, 'needs at least one super type')),
  subtypes: v.array(
    v.strictObject({ id: PositiveInt, name: Name, super_type_id: PositiveInt, max_score: PositiveInt }),
  ),
  teams: v.pipe(v.array(TeamEntry), v.maxLength(5000)),
});

type FileShape = v.InferOutput<typeof CompetitionFileSchema>;
export type CompetitionTeam = v.InferOutput<typeof TeamEntry>;

/** A competition file that passed every check, with its settings complete. */
export interface Competition extends Omit<FileShape, 'settings'> {
  settings: SettingsFields;
}

/**
 * Validates a parsed file as a whole: shape, then every cross-reference and
 * uniqueness rule. Returns all problems at once, each with its path.
 */
export function validateCompetition(input: unknown): { ok: true; value: Competition } | { ok: false; errors: FieldError[] } {
  const shape = parseWith(CompetitionFileSchema, input);
  if (!shape.ok) return shape;
  const file = shape.value;
  const errors: FieldError[] = [];

  const settings = parseWith(SettingsFieldsSchema, { ...DEFAULT_SETTINGS, ...file.settings });
  if (!settings.ok) errors.push(...settings.errors.map((e) => ({ ...e, path: `settings.${e.path}` })));

  const duplicates = <T>(list: T[], field: keyof T & string, at: string) => {
    const seen = new Map<unknown, number>();
    list.forEach((entry, index) => {
      const value = entry[field];
      const first = seen.get(value);
      if (first !== undefined) errors.push({ path: `${at}.${index}.${field}`, message: `duplicates ${at}.${first}.${field} (${String(value)})` });
      else seen.set(value, index);
    });
  };
  duplicates(file.super_types, 'id', 'super_types');
  duplicates(file.super_types, 'name', 'super_types');
  duplicates(file.subtypes, 'id', 'subtypes');
  duplicates(file.subtypes, 'name', 'subtypes');
  duplicates(file.teams, 'number', 'teams');
  duplicates(file.teams, 'name', 'teams');
  duplicates(file.teams, 'team_url', 'teams');

  const superTypeIds = new Set(file.super_types.map((s) => s.id));
  file.subtypes.forEach((subtype, index) => {
    if (!superTypeIds.has(subtype.super_type_id)) {
      errors.push({ path: `subtypes.${index}.super_type_id`, message: `no super type has id ${subtype.super_type_id}` });
    }
  });

  const subtypeIds = new Set(file.subtypes.map((s) => s.id));
  const templateUsesNumber = settings.ok && settings.value.dns_address_template.includes('{team_number}');
  file.teams.forEach((team, t) => {
    if (templateUsesNumber && team.number > MAX_TEAM_NUMBER_IN_ADDRESS) {
      errors.push({
        path: `teams.${t}.number`,
        message: `must be at most ${MAX_TEAM_NUMBER_IN_ADDRESS}: it is an octet of the team's addresses (settings.dns_address_template)`,
      });
    }
    const endpoints = new Map<string, number>();
    team.services.forEach((service, s) => {
      if (!subtypeIds.has(service.subtype_id)) {
        errors.push({ path: `teams.${t}.services.${s}.subtype_id`, message: `no subtype has id ${service.subtype_id}` });
      }
      const endpoint = `${service.subtype_id} ${service.url}:${service.port}`;
      const first = endpoints.get(endpoint);
      if (first !== undefined) {
        errors.push({ path: `teams.${t}.services.${s}`, message: `duplicates teams.${t}.services.${first} (same subtype, url and port)` });
      } else endpoints.set(endpoint, s);
    });
  });

  if (errors.length > 0 || !settings.ok) return { ok: false, errors };
  return { ok: true, value: { ...file, settings: settings.value } };
}
