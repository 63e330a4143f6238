import type * as v from 'valibot';
import type { ServiceCreateBody } from '#shared/api/schemas/requests/live-edits';
import {
  definitionsOfTeam,
  endpointsOfSubtype,
  listServiceDefinitions,
  readServiceEndpoint,
  writeNewService,
  writeServiceEndpoint,
  type ServiceEndpoint,
  type StoredDefinition,
} from '#shared/data/services';
import type { AuditContext } from '#shared/data/audit';
import { canonicalCheck, readServiceCheck, writeServiceCheck } from '#shared/data/service-checks';
import type { ServiceCheck } from '#shared/domain/service-check';
import { readServiceStates } from '#shared/data/service-state';
import { readTotalsItems, toTotalsState } from '#shared/data/totals';
import { catchUpStandings } from '#shared/app/fold';
import { emptyServiceState, judgedBy } from '#shared/domain/scoring/fold';
import { statusCell, statusDeltas } from '#shared/domain/scoring/status';
import { accountsItem } from '#shared/data/account-secrets';
import { allocateId } from '#shared/data/counters';
import { getSettings } from '#shared/data/settings';
import { retryDeadline } from '#shared/data/deadline';
import {
  usesOfSuperType,
  claimSubtypeEdit,
  deleteSubtype,
  listStoredSuperTypes,
  listSubtypes,
  listSuperTypes,
  readSuperType,
  writeSuperType,
  type StoredSuperType,
  readSubtype,
  subtypeSla,
  writeNewSubtype,
  writeSubtypeCheck,
  writeSubtypeFields,
  type StoredSubtype,
} from '#shared/data/subtypes';
import type { NewSubtype } from '#shared/domain/competition';
import { randomUUID } from 'node:crypto';
import { mailReadersWithoutSender, type CheckDefinition } from '#shared/domain/check-definitions';
import {
  listTeamProfiles,
  listTeamRecords,
  readTeamProfile,
  TEAM_EDIT_MAX_SERVICES,
  teamServiceIds,
  writeNewTeam,
  writeTeamProfile,
  teamEditMaxServices,
  type TeamProfile,
} from '#shared/data/teams';
import { nameInZone } from '#shared/domain/dns';
import { teamFields, type Team } from '#shared/domain/model';
import { DEFAULT_SETTINGS, MAX_TEAM_NUMBER_IN_ADDRESS } from '#shared/domain/settings';
import { competitionFinal, conflict, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { ATTEMPTS, editConditionally } from '#shared/app/conditional-edit';
import { refuseCommandChecksInCloud } from '#shared/app/pool-scope';
import { nameKey } from '#shared/domain/names';
import { overlapWithOthers } from '#shared/domain/networks';
import { endSessionsOf } from '#shared/data/sessions';

/** What a fan-out leaves itself before its function's end: one more service edit and the answer. */
const FAN_OUT_MARGIN_MS = 1500;

/**
 * Live editing of a service (issue #28): its address, port and points (and,
 * as a subtype's rename fans out, the subtype's name it embeds), and whether
 * it is enabled. Results already recorded keep what they earned and the
 * max_score they counted with; the agent lists the services every round, so
 * its next round checks the new place (or skips a disabled service), and
 * every function's kept copy of the definition is read again within
 * FRESHNESS_MS (data/fresh.ts). With If-Match, a stale ETag is 412; without,
 * the latest edit wins.
 */
export function editService(
  id: number,
  change: Partial<Pick<ServiceEndpoint, 'url' | 'port' | 'max_score' | 'subtype' | 'enabled'>>,
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<ServiceEndpoint> {
  return editConditionally(
    { kind: 'service', id, readAt: `/services/${id}/endpoint`, busy: 'service_busy' },
    ifMatch,
    () => readServiceEndpoint(id),
    async (before) => {
      const after: ServiceEndpoint = { ...before, ...change, version: before.version + 1 };
      if (after.enabled === before.enabled) return (await writeServiceEndpoint(before, after, audit)) === 'written' ? after : undefined;
      return toggleService(before, after, audit);
    },
  );
}

/** Tries of enabling or disabling a service that a fold of its team got in the way of (each a fresh read). */
const TOGGLE_ATTEMPTS = 8;

/**
 * Enables or disables a service: its status moves in or out of its team's
 * counts in the same transaction as its definition, from a consistent read
 * of its state and its team's totals. A fold of the team landing between
 * that read and the write fails the write's conditions (never counting the
 * service twice or not at all), and the read is done again.
 */
async function toggleService(before: ServiceEndpoint, after: ServiceEndpoint, audit: AuditContext): Promise<ServiceEndpoint | undefined> {
  for (let attempt = 1; attempt <= TOGGLE_ATTEMPTS; attempt++) {
    const [states, totals] = await Promise.all([readServiceStates([before.id], { consistent: true }), readTotalsItems([before.team_id], { consistent: true })]);
    const state = states.get(before.id) ?? emptyServiceState();
    const cell = statusCell(state, judgedBy(state, before.max_score));
    const { services_up, services_down } = statusDeltas('unscanned', cell.status);
    const totalsVersion = toTotalsState(totals.get(before.team_id)).version;
    const outcome = await writeServiceEndpoint(before, after, audit, { state, totalsVersion, counts: { services_up, services_down }, cell });
    if (outcome === 'stale') return undefined;
    if (outcome === 'written') {
      await catchUpStandings(before.team_id);
      return after;
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
  throw serviceUnavailable('service_busy', `Service ${before.id}'s team is being scored right now: try again.`, 1);
}

/**
 * Renames a subtype or changes its points (issue #28). Its services embed
 * both, and a subtype may have more services than one transaction holds, so
 * each service is edited on its own first (a service whose points are the
 * subtype's follows it; one with points of its own keeps them), and the
 * subtype last: an edit stopped midway is finished by the same edit again,
 * whose If-Match still holds. Results already recorded keep what they
 * earned and the max_score they counted with.
 */
export function editSubtype(
  id: number,
  change: { name?: string; max_score?: number },
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<StoredSubtype> {
  return editConditionally(
    { kind: 'subtype', id, readAt: `/subtypes/${id}`, busy: 'subtype_busy' },
    ifMatch,
    () => readSubtype(id),
    async (before) => {
      if (change.name !== undefined && change.name !== before.name) {
        const subtypes = await listSubtypes();
        const reader = subtypes.find((s) => s.sent_by === before.name);
        if (reader)
          throw conflict(
            'subtype_in_use',
            `Subtype ${reader.name}'s mailbox check reads the mail this subtype sends (sent_by): rename it in both at once with a new competition load.`,
          );
      }
      // The claim lasts as long as this function may run: a crashed edit's lapses with it.
      const claim = randomUUID();
      if (!(await claimSubtypeEdit(before, claim, retryDeadline()))) return undefined;
      const services = await endpointsOfSubtype(id);
      const deadline = retryDeadline() - FAN_OUT_MARGIN_MS;
      // One at a time: every edit moves the definitions mark and the public version, which parallel edits would fight over.
      for (const [done, service] of services.entries()) {
        const serviceChange = {
          ...(change.name !== undefined && service.subtype !== change.name ? { subtype: change.name } : {}),
          ...(change.max_score !== undefined && service.max_score === before.max_score && before.max_score !== change.max_score
            ? { max_score: change.max_score }
            : {}),
        };
        if (Object.keys(serviceChange).length === 0) continue;
        if (Date.now() > deadline) {
          const lapses = Math.ceil((retryDeadline() - Date.now()) / 1000) + 1;
          throw serviceUnavailable(
            'subtype_busy',
            `${done} of ${services.length} services of subtype ${id} looked at so far: send the same request again to finish (after ${lapses} s).`,
            lapses,
          );
        }
        await editService(service.id, serviceChange, undefined, audit);
      }
      return writeSubtypeFields(before, change, claim, audit);
    },
  );
}

/**
 * Live editing of a team: its name, logo and division, and hiding or showing
 * it (a team with results is never deleted, only hidden; hidden, its members
 * are signed out). Every item that
 * embeds the team changes in one transaction (data/teams.ts), so the
 * scoreboard, the status view and the services never disagree about it.
 */
export async function editTeam(
  id: number,
  change: Partial<Pick<TeamProfile, 'name' | 'logo' | 'guest_division' | 'hidden' | 'team_url' | 'networks'>>,
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<TeamProfile> {
  const edited = await editTeamProfile(id, change, ifMatch, audit);
  // A hidden team is out of the event: its members are signed out (and may not sign in again while it is hidden).
  // After the write: a sign-in that began before it reads the team again once its session exists (app/team-accounts.ts).
  if (edited.hidden) await endSessionsOf(id, audit);
  return edited;
}

function editTeamProfile(
  id: number,
  change: Partial<Pick<TeamProfile, 'name' | 'logo' | 'guest_division' | 'hidden' | 'team_url' | 'networks'>>,
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<TeamProfile> {
  let found: { version: number; serviceIds: number[] } | undefined;
  return editConditionally(
    { kind: 'team', id, readAt: `/teams/${id}/profile`, busy: 'team_busy' },
    ifMatch,
    () => readTeamProfile(id),
    async (before) => {
      // Found again only when the team's version moved: adding a service moves it (data/services.ts).
      if (found?.version !== before.version) found = { version: before.version, serviceIds: await teamServiceIds(before.number) };
      const { serviceIds } = found;
      const after: TeamProfile = { ...before, ...change, version: before.version + 1 };
      const most = teamEditMaxServices(before, after);
      if (serviceIds.length > most) {
        throw conflict('team_too_large', `Team ${id} has ${serviceIds.length} services, more than one edit can change at once (${most}).`);
      }
      await checkNewNameAndZone(before, after);
      if (change.networks !== undefined) await checkNetworks(before.id, change.networks);
      const written = await writeTeamProfile(before, after, serviceIds, audit);
      if (written === 'name-taken') throw validationFailed([TAKEN.name]);
      if (written === 'zone-taken') throw validationFailed([TAKEN.team_url]);
      return written ? after : undefined;
    },
  );
}

/** What a team's number, name or zone name is refused for: another team has it (compared trimmed, in any case). */
const TAKEN = {
  number: { path: 'number', message: 'is the number of another team' },
  name: { path: 'name', message: 'is the name of another team' },
  team_url: { path: 'team_url', message: "is another team's zone" },
};
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/**
 * A team may be renamed to a name no other team has, and its zone may move
 * (its DNS records are relative to it and move with it) to a name no other
 * team has, unless a name server of the settings lies inside it: that name
 * server's address is a record of this zone, and the settings would name a
 * host the zone no longer serves. (Read here for every team, the loaded
 * ones included; the edit's claims settle a race between two edits.)
 */
async function checkNewNameAndZone(before: TeamProfile, after: TeamProfile): Promise<void> {
  const renames = !sameName(before.name, after.name);
  const movesZone = !sameName(before.team_url, after.team_url);
  if (!renames && !movesZone) return;
  const [teams, settings] = await Promise.all([listTeamRecords({ consistent: true, totals: false }), getSettings({ consistent: true })]);
  const others = teams.filter((t) => t.team.id !== before.id);
  const errors = [
    renames && others.some((t) => sameName(t.team.name, after.name)) && TAKEN.name,
    movesZone && others.some((t) => sameName(t.team.team_url, after.team_url)) && TAKEN.team_url,
  ].filter((e) => e !== false);
  if (errors.length > 0) throw validationFailed(errors);
  const inside = movesZone && (settings?.settings.dns_nameservers ?? []).find((ns) => nameInZone(ns, before.team_url) !== undefined);
  if (inside) throw conflict('zone_in_use', `The settings' name server ${inside} lies in ${before.team_url}: change dns_nameservers first.`);
}

/**
 * A team's networks may share no address with another team's (decision
 * 0085): a check-in from it could not be told apart. Read here for every
 * team; two edits at once could still cross (nothing claims a range).
 */
async function checkNetworks(id: number | undefined, networks: readonly string[]): Promise<void> {
  if (networks.length === 0) return;
  const others = (await listTeamProfiles()).filter((t) => t.id !== id);
  const overlap = overlapWithOthers(networks, others);
  if (overlap) throw validationFailed([{ path: 'networks', message: overlap }]);
}

/** A new team as an organiser gives it: its profile, hidden or shown from the start. */
export type NewTeam = Omit<Team, 'id'> & { hidden: boolean; networks: string[] };

/**
 * Adds a team to a running event (issue #28): shown on every public read at
 * once (unless created hidden), with no services and no points. Its number,
 * name and zone name must be new; the number is an octet of its addresses
 * when the DNS address template uses it. Refused once finalised.
 */
export async function addTeam(fields: NewTeam, audit: AuditContext): Promise<TeamProfile> {
  const [teams, settings] = await Promise.all([listTeamRecords({ consistent: true, totals: false }), getSettings({ consistent: true })]);
  const template = (settings?.settings ?? DEFAULT_SETTINGS).dns_address_template;
  const errors = [
    teams.some((t) => t.team.number === fields.number) && TAKEN.number,
    teams.some((t) => sameName(t.team.name, fields.name)) && TAKEN.name,
    teams.some((t) => sameName(t.team.team_url, fields.team_url)) && TAKEN.team_url,
    template.includes('{team_number}') &&
      fields.number > MAX_TEAM_NUMBER_IN_ADDRESS && {
        path: 'number',
        message: `must be at most ${MAX_TEAM_NUMBER_IN_ADDRESS}: it is an octet of the team's addresses (settings.dns_address_template)`,
      },
  ].filter((e) => e !== false);
  if (errors.length > 0) throw validationFailed(errors);
  await checkNetworks(undefined, fields.networks);

  const profile: TeamProfile = { ...teamFields({ ...fields, id: await allocateId('team') }), hidden: fields.hidden, networks: fields.networks, version: 1 };
  switch (await writeNewTeam(profile, audit)) {
    case 'created':
      return profile;
    case 'number-taken':
      throw validationFailed([TAKEN.number]);
    case 'name-taken':
      throw validationFailed([TAKEN.name]);
    case 'url-taken':
      throw validationFailed([TAKEN.team_url]);
    case 'final':
      throw competitionFinal();
  }
}

/** A new service as an organiser gives it: its team, subtype and place, optionally its own points and check accounts. */
export type NewService = v.InferOutput<typeof ServiceCreateBody>;

/**
 * Adds a service to a team during the event (issue #28). It is checked from
 * the agent's next round, and earns and counts toward the maximum only from
 * its first result: what the other services earned before stays. Its check
 * accounts, when its subtype's check signs in, are sealed at once (or set
 * later with PUT /services/{id}/accounts).
 */
export async function addService(fields: NewService, audit: AuditContext): Promise<ServiceEndpoint> {
  const subtype = await readSubtype(fields.subtype_id);
  if (!subtype) throw validationFailed([{ path: 'subtype_id', message: `no subtype has id ${fields.subtype_id}` }]);
  let id: number | undefined;
  let accounts: Record<string, unknown> | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const team = await readTeamProfile(fields.team_id);
    if (!team) throw validationFailed([{ path: 'team_id', message: `no team has id ${fields.team_id}` }]);
    const services = await definitionsOfTeam(team.number);
    if (services.length >= TEAM_EDIT_MAX_SERVICES) {
      throw conflict(
        'team_too_large',
        `Team ${team.id} has ${services.length} services, as many as one team edit can change at once (${TEAM_EDIT_MAX_SERVICES}).`,
      );
    }
    const place = (s: { subtype_id: number; url: string; port: number }) => `${s.subtype_id} ${s.url.toLowerCase()}:${s.port}`;
    // A new service has no pool of its own yet: its team's or its subtype's, else cloud, where a command check cannot run.
    if (subtype.check === 'command') await refuseCommandChecksInCloud([{ id: 0, team: { id: team.id }, subtype_id: subtype.id }], new Set([subtype.id]));
    if (services.some((s) => place(s.service) === place(fields))) {
      throw conflict('service_exists', `Team ${team.id} already has a ${subtype.name} service at ${fields.url}:${fields.port}.`);
    }
    id ??= await allocateId('service');
    if (fields.accounts && fields.accounts.length > 0) accounts ??= await accountsItem(id, fields.accounts);
    const definition: StoredDefinition = {
      service: {
        id,
        subtype: subtype.name,
        subtype_id: subtype.id,
        team: teamFields(team),
        url: fields.url,
        port: fields.port,
        max_score: fields.max_score ?? subtype.max_score,
      },
      hidden: team.hidden,
      super_type_id: subtype.super_type_id,
      ...subtypeSla(subtype),
    };
    switch (await writeNewService(definition, team.version, accounts, audit)) {
      case 'created':
        return {
          id,
          team_id: team.id,
          subtype_id: subtype.id,
          subtype: subtype.name,
          url: fields.url,
          port: fields.port,
          max_score: definition.service.max_score,
          enabled: true,
          version: 1,
        };
      case 'final':
        throw competitionFinal();
      case 'team-changed':
        continue;
      case 'subtype-gone':
        throw validationFailed([{ path: 'subtype_id', message: `no subtype has id ${fields.subtype_id}` }]);
    }
  }
  throw serviceUnavailable('team_busy', `Team ${fields.team_id} kept changing; try again.`, 1);
}

/**
 * Replaces how the agent checks a subtype's services (issue #28: "fix a
 * check's expected content"): its kind and parameters, validated as a
 * competition file's. The agent reads the subtypes at the start of every
 * round, so the next round checks by the new definition; results already
 * recorded keep their points. A mailbox check must still name a subtype that
 * sends mail, and a sender still used by one must keep sending.
 */
export function replaceSubtypeCheck(id: number, definition: CheckDefinition, ifMatch: string | undefined, audit: AuditContext): Promise<StoredSubtype> {
  return editConditionally(
    { kind: 'subtype', id, readAt: `/subtypes/${id}`, busy: 'subtype_busy' },
    ifMatch,
    () => readSubtype(id),
    async (before) => {
      const subtypes = (await listSubtypes()).map((s) => (s.id === id ? { id, name: s.name, ...definition } : s));
      const orphans = mailReadersWithoutSender(subtypes);
      if (orphans.some((s) => s.id === id)) throw validationFailed([{ path: 'sent_by', message: 'no smtp or smtps subtype with mail_to has that name' }]);
      const [orphan] = orphans;
      if (orphan)
        throw validationFailed([{ path: 'check', message: `subtype ${orphan.name} reads the mail this subtype sends: keep an smtp check with mail_to` }]);
      if (definition.check === 'command') {
        const services = (await listServiceDefinitions()).filter((d) => d.service.subtype_id === id).map((d) => d.service);
        await refuseCommandChecksInCloud(services, new Set([id]));
      }
      return writeSubtypeCheck(before, definition, audit);
    },
  );
}

/** Kinds whose checks pair across a team's services by subtype (a mailbox check reads what its sender subtype sent): their parameters stay the subtype's. */
const PAIRED_KINDS: readonly string[] = ['smtp', 'smtps', 'imap', 'imaps', 'pop3', 'pop3s'];

/**
 * Gives one service a check of its own in place of its subtype's (issue
 * #28), or (null) takes it back to its subtype's: the agent reads the
 * services' own checks with the subtypes every round, so its next round
 * runs it. Of the subtype's kind only (what it logs in with, what it is
 * worth and how it shows stay the subtype's), and never a mail check,
 * which pairs with its team's other mail service by subtype.
 */
export function replaceServiceCheck(id: number, definition: CheckDefinition | null, ifMatch: string | undefined, audit: AuditContext): Promise<ServiceCheck> {
  return editConditionally(
    { kind: 'service', id, readAt: `/services/${id}/check`, busy: 'service_busy' },
    ifMatch,
    async () => ((await readServiceEndpoint(id)) ? readServiceCheck(id) : undefined),
    async (before) => {
      if (definition === null && before.check === null) throw notFound(`Service ${id} has no check of its own: it is checked as its subtype says.`);
      if (definition) {
        const endpoint = (await readServiceEndpoint(id))!;
        const kind = (await readSubtype(endpoint.subtype_id))?.check;
        if (kind === undefined) throw validationFailed([{ path: 'check', message: `its subtype ${endpoint.subtype} has no check to replace` }]);
        if (definition.check !== kind) throw validationFailed([{ path: 'check', message: `must be its subtype's kind (${kind})` }]);
        if (PAIRED_KINDS.includes(kind))
          throw validationFailed([
            { path: 'check', message: `a ${kind} check pairs with its team's other mail service by subtype: change the subtype's check` },
          ]);
      }
      const after: ServiceCheck = { service_id: id, check: definition ? canonicalCheck(definition) : null, version: definition ? before.version + 1 : 0 };
      return (await writeServiceCheck(before, after, audit)) ? after : undefined;
    },
  );
}

/**
 * Adds a subtype during the event (issue #28): a kind of check its services
 * can then be added with. Validated as a competition file's subtype (its
 * super type must exist, its name be new: a mailbox check names its sender
 * by it), with the id given or the next free one. Refused once finalised.
 */
export async function addSubtype(fields: NewSubtype, audit: AuditContext): Promise<StoredSubtype> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [subtypes, superTypes] = await Promise.all([listSubtypes(), listSuperTypes()]);
    const id = fields.id ?? Math.max(0, ...subtypes.map((s) => s.id)) + 1;
    const subtype = { ...fields, id };
    const errors = [
      !superTypes.some((s) => s.id === fields.super_type_id) && { path: 'super_type_id', message: `no super type has id ${fields.super_type_id}` },
      subtypes.some((s) => s.name.trim().toLowerCase() === fields.name.trim().toLowerCase()) && { path: 'name', message: 'is the name of another subtype' },
      fields.id !== undefined && subtypes.some((s) => s.id === fields.id) && { path: 'id', message: 'is the id of another subtype' },
      mailReadersWithoutSender([...subtypes, subtype]).some((s) => s.id === id) && {
        path: 'sent_by',
        message: 'no smtp or smtps subtype with mail_to has that name',
      },
    ].filter((e) => e !== false);
    if (errors.length > 0) throw validationFailed(errors);
    switch (await writeNewSubtype(subtype, audit)) {
      case 'created':
        // As every read shows it (its fields in their order): the ETag a later edit names is of exactly this.
        return (await readSubtype(id))!;
      case 'final':
        throw competitionFinal();
      case 'id-taken':
        if (fields.id !== undefined) throw validationFailed([{ path: 'id', message: 'is the id of another subtype' }]);
        continue;
    }
  }
  throw serviceUnavailable('subtype_busy', 'Subtypes kept being added at once; try again.', 1);
}

/**
 * Retires a subtype no service has (a service's results keep their subtype
 * forever, so one with services is never retired: 409 `subtype_in_use`), nor
 * a mailbox check reads the mail of. If-Match as for every live edit.
 */
export async function retireSubtype(id: number, ifMatch: string | undefined, audit: AuditContext): Promise<void> {
  await editConditionally(
    { kind: 'subtype', id, readAt: `/subtypes/${id}`, busy: 'subtype_busy' },
    ifMatch,
    () => readSubtype(id),
    async (before) => {
      const [services, subtypes] = await Promise.all([endpointsOfSubtype(id), listSubtypes()]);
      if (services.length > 0) throw conflict('subtype_in_use', `Subtype ${before.name} has ${services.length} service(s): a subtype with services stays.`);
      const reader = subtypes.find((s) => s.sent_by === before.name);
      if (reader) throw conflict('subtype_in_use', `Subtype ${reader.name}'s mailbox check reads the mail this subtype sends (sent_by).`);
      if (await deleteSubtype(before, audit)) return true;
      // Moved, or a service was added meanwhile: read again (a service is then found, and refused).
      return undefined;
    },
  );
}

/**
 * Adds a super type during the event (issue #28): where subtypes and
 * adjustments put their points, a column of every scorecard. Its name must
 * be new; its id is the one given or the next free one. Refused once
 * finalised.
 */
export async function addSuperType(fields: { id?: number; name: string }, audit: AuditContext): Promise<StoredSuperType> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const superTypes = await listStoredSuperTypes();
    const id = fields.id ?? Math.max(0, ...superTypes.map((s) => s.id)) + 1;
    const errors = [
      superTypes.some((s) => s.name.trim().toLowerCase() === fields.name.trim().toLowerCase()) && {
        path: 'name',
        message: 'is the name of another super type',
      },
      fields.id !== undefined && superTypes.some((s) => s.id === fields.id) && { path: 'id', message: 'is the id of another super type' },
    ].filter((e) => e !== false);
    if (errors.length > 0) throw validationFailed(errors);
    const after: StoredSuperType = { id, name: fields.name, version: 1 };
    const written = await writeSuperType(null, after, audit);
    if (written === 'final') throw competitionFinal();
    if (written) return after;
    if (fields.id !== undefined) throw validationFailed([{ path: 'id', message: 'is the id of another super type' }]);
  }
  throw serviceUnavailable('super_type_busy', 'Super types kept being added at once; try again.', 1);
}

/** Renames a super type: every scorecard shows the new name at once (it is read with them, never copied). */
export function renameSuperType(id: number, name: string, ifMatch: string | undefined, audit: AuditContext): Promise<StoredSuperType> {
  return editConditionally(
    { kind: 'super type', id, readAt: `/super-types/${id}`, busy: 'super_type_busy' },
    ifMatch,
    () => readSuperType(id),
    async (before) => {
      const others = (await listStoredSuperTypes()).filter((s) => s.id !== id);
      if (others.some((s) => s.name.trim().toLowerCase() === name.trim().toLowerCase()))
        throw validationFailed([{ path: 'name', message: 'is the name of another super type' }]);
      const after = { ...before, name, version: before.version + 1 };
      return (await writeSuperType(before, after, audit)) === true ? after : undefined;
    },
  );
}

/**
 * Retires a super type that no subtype has and in which no team has points
 * or a maximum (results or adjustments): a team's total would otherwise
 * count what its scorecard no longer shows (409 `super_type_in_use`).
 */
export async function retireSuperType(id: number, ifMatch: string | undefined, audit: AuditContext): Promise<void> {
  await editConditionally(
    { kind: 'super type', id, readAt: `/super-types/${id}`, busy: 'super_type_busy' },
    ifMatch,
    () => readSuperType(id),
    async (before) => {
      const [subtypes, teams, { adjustments, injects }] = await Promise.all([listSubtypes(), listTeamRecords({ consistent: true }), usesOfSuperType(id)]);
      const subtype = subtypes.find((s) => s.super_type_id === id);
      if (subtype) throw conflict('super_type_in_use', `Subtype ${subtype.name} is in super type ${before.name}.`);
      if (adjustments > 0) throw conflict('super_type_in_use', `${adjustments} adjustment(s) were made in super type ${before.name}.`);
      if (injects > 0) throw conflict('super_type_in_use', `${injects} inject(s) were put in super type ${before.name}.`);
      const key = String(id);
      const team = teams.find((t) => (t.totals.points[key] ?? 0) !== 0 || (t.totals.max_points[key] ?? 0) !== 0);
      if (team) throw conflict('super_type_in_use', `Team ${team.team.number} has points in super type ${before.name}.`);
      const written = await writeSuperType(before, null, audit);
      if (written === 'named-by-settings') {
        throw conflict(
          'super_type_in_use',
          `The settings grade incident reports into super type ${before.name}, or take the red team's findings from it (incident_reports_super_type_id, red_team_findings_super_type_id).`,
        );
      }
      return written === true ? true : undefined;
    },
  );
}
