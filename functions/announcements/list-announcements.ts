import { announcementsRoutes } from '#shared/api/routes/announcements';
import { listAnnouncements } from '#shared/data/announcements';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every announcement, newest first. */
export const handler = endpoint(announcementsRoutes.ListAnnouncements, {}, async () => ok(await listAnnouncements()));
