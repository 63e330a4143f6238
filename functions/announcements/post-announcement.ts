import { announcementsRoutes } from '#shared/api/routes/announcements';
import { announce } from '#shared/app/announcements';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser posts an announcement; audited. */
export const handler = endpoint(announcementsRoutes.PostAnnouncement, {}, async (request) => {
  const announcement = await announce(request.body, auditContext(request));
  request.log.info('announcement posted', { announcement: announcement.id, team: announcement.team_id });
  return created(announcement, announcementsRoutes.ListAnnouncements.path);
});
