import { getTeamZone } from '#shared/data/dns';
import { changeSettings, type VersionedSettings } from '#shared/data/settings';
import { listTeamRecords } from '#shared/data/teams';
import { inZoneNameserverProblems, nameInZone } from '#shared/domain/dns';
import { SETTINGS_ID, settingsETag, versionsFromIfMatch, type SettingsFields } from '#shared/domain/settings';
import type { Parsed } from '#shared/validation';
import type { ApiRequest } from '#shared/http/endpoint';
import { auditContext } from '#shared/http/audit-context';
import { principalName } from '#shared/http/principal';
import { conflict, HttpProblem, notFound, preconditionFailed, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { ok } from '#shared/http/responses';
import { recordSettingsChange } from '#shared/metrics';

/** The settings object with its version as the ETag (what If-Match must name). */
export function settingsResult({ settings, version }: VersionedSettings) {
  return ok(settings, { etag: settingsETag(version) });
}

/** There is one settings object: any other id is 404, before the body is looked at. */
export const isSettingsId = (id: number) => id === SETTINGS_ID;

/** PUT and PATCH: honour If-Match, apply the change, answer with the new settings or the problem. */
export async function saveSettingsChange(
  request: ApiRequest<unknown, unknown>,
  action: 'settings.replace' | 'settings.update',
  change: (current: SettingsFields) => Parsed<SettingsFields>,
): Promise<ReturnType<typeof settingsResult>> {
  const nameservers = (request.body as { dns_nameservers?: string[] }).dns_nameservers;
  if (nameservers) await checkNameserversAgainstZones(nameservers);
  const ifMatch = versionsFromIfMatch(request.headers['if-match']);
  const result = await changeSettings(change, { ifMatch, audit: { ...auditContext(request), action } });
  switch (result.kind) {
    case 'missing':
      throw notFound('No competition is loaded, so there are no settings yet.');
    case 'stale':
      throw preconditionFailed(`The settings changed since you read them; the current ETag is ${settingsETag(result.current)}.`);
    case 'invalid':
      throw validationFailed(result.errors);
    case 'final':
      throw conflict(
        'competition_final',
        `The competition was finalised at ${result.final.at} by ${result.final.by}: ${result.fields.join(', ')} can no longer change (the results are locked).`,
      );
    case 'busy':
      throw serviceUnavailable('settings_busy', 'The settings are being changed by many writers at once; nothing was written. Try again.', 1);
    case 'saved':
      request.log.info('settings changed', { by: principalName(request.principal), version: result.value.version });
      recordSettingsChange();
      return settingsResult(result.value);
  }
}

/** A name server inside a team's zone must already have its A record there (409 otherwise). */
async function checkNameserversAgainstZones(nameservers: string[]): Promise<void> {
  const teams = (await listTeamRecords()).map((r) => r.team);
  const inside = teams.filter((t) => nameservers.some((ns) => nameInZone(ns, t.team_url) !== undefined));
  const zones = await Promise.all(inside.map(async (t) => ({ teamUrl: t.team_url, records: (await getTeamZone(t.id)).records })));
  const problems = inZoneNameserverProblems(nameservers, zones);
  if (problems.length > 0) {
    throw new HttpProblem(409, 'nameserver_needs_address', problems.map((p) => `${p.path} ${p.message}`).join('; '), problems);
  }
}
