import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { freshSettings } from '#shared/data/fresh';
import { listServiceRecords } from '#shared/data/services';
import { getTeamRecord } from '#shared/data/teams';
import { seesCheckDetails } from '#shared/domain/team-view';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** A team's own services, live, with the newest check's full reason (when the setting lets teams see it). */
export const handler = endpoint(blueTeamRoutes.ListTeamServices, {}, async ({ id, principal }) => {
  const [record, settings] = await Promise.all([getTeamRecord(id), freshSettings()]);
  if (!record) throw notFound(`No team has id ${id}.`);
  const details = seesCheckDetails(principal?.role, settings.settings);
  const services = await listServiceRecords({ teamNumber: record.team.number });
  return ok({
    team: record.team,
    details,
    services: services
      .filter((r) => !r.disabled)
      .map(({ service: s, last_scan_reason }) => ({
        id: s.id,
        subtype: s.subtype,
        subtype_id: s.subtype_id,
        url: s.url,
        port: s.port,
        last_scan: s.last_scan,
        last_scan_time: s.last_scan_time,
        last_scan_error: s.last_scan_error,
        last_scan_reason: details ? last_scan_reason : null,
        in_progress: s.in_progress,
        max_score: s.max_score,
      })),
  });
});
