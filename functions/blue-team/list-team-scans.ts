import * as v from 'valibot';
import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { freshSettings } from '#shared/data/fresh';
import { scanHistoryPage } from '#shared/data/results';
import { getServiceDefinition } from '#shared/data/services';
import { shownFailure } from '#shared/domain/scoring/failure';
import { seesCheckDetails } from '#shared/domain/team-view';
import { openCursor, sealCursor } from '#shared/http/cursor';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';
import { Timestamp } from '#shared/validation';

const Position = v.strictObject({ time: Timestamp, scan_id: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) });

/** One of the team's services' checks, newest first and live, with their full reasons. */
export const handler = endpoint(blueTeamRoutes.ListTeamScans, {}, async ({ id, query, principal }) => {
  const serviceId = query.service_id;
  const scope = `team-scans:${serviceId}`;
  const after = query.cursor === undefined ? undefined : openCursor(scope, query.cursor, Position);
  const [definition, page, settings] = await Promise.all([getServiceDefinition(serviceId), scanHistoryPage(serviceId, query.limit, after), freshSettings()]);
  // Another team's service is as absent as one that does not exist.
  if (!definition || definition.service.team.id !== id) throw notFound(`Team ${id} has no service with id ${serviceId}.`);
  const details = seesCheckDetails(principal?.role, settings.settings);
  return ok({
    items: page.items.map((scan) => ({
      scan_id: scan.scan_id,
      time: scan.time,
      score: scan.score,
      error: shownFailure(scan.error, scan.category),
      reason: details ? scan.error : null,
      voided: scan.voided,
    })),
    cursor: page.next ? sealCursor(scope, page.next) : null,
  });
});
