import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamAnnouncements } from '#shared/app/announcements';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The announcements a team is shown: for every team and its own, newest first. */
export const handler = endpoint(blueTeamRoutes.ListTeamAnnouncements, {}, async ({ id }) => ok(await teamAnnouncements(id)));
