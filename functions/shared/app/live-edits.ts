import { readServiceEndpoint, writeServiceEndpoint, type ServiceEndpoint } from '#shared/data/services';
import type { AuditContext } from '#shared/data/audit';
import { readTeamProfile, TEAM_EDIT_MAX_SERVICES, teamServiceIds, writeTeamProfile, type TeamProfile } from '#shared/data/teams';
import { etagOf, ifMatchPasses } from '#shared/http/conditional';
import { conflict, notFound, preconditionFailed, serviceUnavailable } from '#shared/http/problem';

/** Tries when a write without If-Match finds that someone edited the service between its read and its write. */
const ATTEMPTS = 3;

/**
 * Live editing of a service (issue #28): its address and port. Results
 * already recorded keep what they earned; the agent lists the services every
 * round, so its next round checks the new place, and every function's kept
 * copy of the definition is read again within FRESHNESS_MS (data/fresh.ts).
 * With If-Match, a stale ETag is 412; without, the latest edit wins.
 */
export async function moveService(
  id: number,
  change: { url?: string; port?: number },
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<ServiceEndpoint> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await readServiceEndpoint(id);
    if (!before) throw notFound(`No service has id ${id}.`);
    if (!ifMatchPasses(ifMatch, etagOf(before))) {
      throw preconditionFailed(`Service ${id} changed since that ETag: read it again (GET /services/${id}/endpoint) and retry with the new one.`);
    }
    const after: ServiceEndpoint = { ...before, ...change, version: before.version + 1 };
    if (await writeServiceEndpoint(before, after, audit)) return after;
    if (ifMatch !== undefined) throw preconditionFailed(`Service ${id} changed meanwhile: read it again and retry with the new ETag.`);
  }
  throw serviceUnavailable('service_busy', `Service ${id} kept changing; try again.`, 1);
}

/**
 * Live editing of a team: its name, logo and division, and hiding or showing
 * it (a team with results is never deleted, only hidden). Every item that
 * embeds the team changes in one transaction (data/teams.ts), so the
 * scoreboard, the status view and the services never disagree about it.
 */
export async function editTeam(
  id: number,
  change: Partial<Pick<TeamProfile, 'name' | 'logo' | 'guest_division' | 'hidden'>>,
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<TeamProfile> {
  let serviceIds: number[] | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await readTeamProfile(id);
    if (!before) throw notFound(`No team has id ${id}.`);
    if (!ifMatchPasses(ifMatch, etagOf(before))) {
      throw preconditionFailed(`Team ${id} changed since that ETag: read it again (GET /teams/${id}/profile) and retry with the new one.`);
    }
    // Read once: a team's number, which its services are found by, is not editable.
    serviceIds ??= await teamServiceIds(before.number);
    if (serviceIds.length > TEAM_EDIT_MAX_SERVICES) {
      throw conflict('team_too_large', `Team ${id} has ${serviceIds.length} services, more than one edit can change at once (${TEAM_EDIT_MAX_SERVICES}).`);
    }
    const after: TeamProfile = { ...before, ...change, version: before.version + 1 };
    if (await writeTeamProfile(before, after, serviceIds, audit)) return after;
    if (ifMatch !== undefined) throw preconditionFailed(`Team ${id} changed meanwhile: read it again and retry with the new ETag.`);
  }
  throw serviceUnavailable('team_busy', `Team ${id} kept changing; try again.`, 1);
}
