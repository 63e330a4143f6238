/**
 * Settings, the use case: PUT and PATCH of the one settings object. A change
 * is applied to the settings as they are now and saved if nobody wrote in
 * between (If-Match makes that the client's condition), with the rules a
 * change must keep: a freeze time announced ahead, no locked field changed
 * after finalise, a name server inside a team's zone only with its address.
 */
import { getTeamZone } from '#shared/data/dns';
import { retryDeadline } from '#shared/data/deadline';
import { backoff } from '#shared/data/operations';
import { getSettings, saveSettings, withId, type VersionedSettings } from '#shared/data/settings';
import { listTeamRecords } from '#shared/data/teams';
import { inZoneNameserverProblems, nameInZone } from '#shared/domain/dns';
import { lockedFieldsChanged, type FinalMark } from '#shared/domain/final';
import { freezeTimeProblem } from '#shared/domain/scoring/freeze';
import { SETTINGS_ID, settingsETag, versionsFromIfMatch, type SettingsFields } from '#shared/domain/settings';
import type { AuditContext } from '#shared/data/audit';
import type { ApiRequest } from '#shared/http/endpoint';
import { auditContext } from '#shared/http/audit-context';
import { principalName } from '#shared/http/principal';
import { conflict, HttpProblem, notFound, preconditionFailed, serviceUnavailable, validationFailed } from '#shared/http/problem';
import { ok } from '#shared/http/responses';
import { recordSettingsChange } from '#shared/metrics';
import type { FieldError, Parsed } from '#shared/validation';

export type SettingsChangeResult =
  | { kind: 'saved'; value: VersionedSettings }
  | { kind: 'stale'; current: number }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'missing' }
  /** The competition is finalised and the change would alter these locked fields. */
  | { kind: 'final'; fields: string[]; final: FinalMark }
  | { kind: 'busy' };

/**
 * Applies `change` to the current settings and saves the result if nobody
 * wrote in between. With `ifMatch` versions, a concurrent or earlier write
 * makes it `stale` (the client asked for exactly that version); without, the
 * change is re-applied to the newer settings until it lands, so no write is
 * lost and none fails for contention (`busy` only if it cannot land within
 * the function's time). A change that changes nothing keeps the version.
 */
export async function changeSettings(
  change: (current: SettingsFields) => Parsed<SettingsFields>,
  options: { ifMatch: number[] | 'any'; audit: AuditContext & { action: string } },
): Promise<SettingsChangeResult> {
  const deadline = retryDeadline();
  for (let attempt = 0; ; attempt++) {
    const current = await getSettings({ consistent: true });
    if (!current) return { kind: 'missing' };
    if (options.ifMatch !== 'any' && !options.ifMatch.includes(current.version)) return { kind: 'stale', current: current.version };
    const { id: _id, ...fields } = current.settings;
    const next = change(fields);
    if (!next.ok) return { kind: 'invalid', errors: next.errors };
    const freezeProblem = freezeTimeProblem(fields.scoreboard_freeze_time, next.value.scoreboard_freeze_time, new Date());
    if (freezeProblem) return { kind: 'invalid', errors: [freezeProblem] };

    if (JSON.stringify(withId(next.value)) === JSON.stringify(current.settings)) return { kind: 'saved', value: current };
    if (current.final) {
      const locked = lockedFieldsChanged(fields, next.value);
      if (locked.length > 0) return { kind: 'final', fields: locked, final: current.final };
    }
    // Incident reports graded into, or findings taken from, another super type: it must exist when the settings are written.
    const namedFields = SUPER_TYPE_FIELDS.filter((field) => next.value[field] !== null && next.value[field] !== fields[field]);
    const saved = await saveSettings(next.value, current, options.audit, { superTypesExist: namedFields.map((field) => next.value[field]!) });
    if (typeof saved === 'object' && 'superTypeGone' in saved) {
      const gone = saved.superTypeGone;
      return { kind: 'invalid', errors: namedFields.filter((f) => next.value[f] === gone).map((path) => ({ path, message: `no super type has id ${gone}` })) };
    }
    if (saved !== 'stale') return { kind: 'saved', value: saved };
    if (options.ifMatch !== 'any') return { kind: 'stale', current: current.version };
    if (Date.now() > deadline) return { kind: 'busy' };
    await backoff(attempt);
  }
}

/** The settings that name a super type. */
const SUPER_TYPE_FIELDS = ['incident_reports_super_type_id', 'red_team_findings_super_type_id'] as const;

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
