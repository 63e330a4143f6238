import { AnnouncementBody } from '#shared/api/schemas/requests/injects';
import { AnnouncementSchema } from '#shared/api/schemas/responses/injects';
import { route, json, list } from '#shared/api/route';

/** Announcements: organisers' messages to every team or to one, which team pages show as they arrive. */
export const announcementsRoutes = {
  ListAnnouncements: route('ListAnnouncements', 'GET', '/announcements', 'announcements/list-announcements', 'admin', 'read', {
    summary: 'Every announcement, newest first',
    responses: { 200: list('Newest first.', AnnouncementSchema) },
  }),
  PostAnnouncement: route('PostAnnouncement', 'POST', '/announcements', 'announcements/post-announcement', 'admin', 'read-write', {
    summary: 'Post an announcement to every team, or to one: team pages show it from their next poll',
    body: AnnouncementBody,
    idempotent: true,
    responses: { 201: json('The announcement as kept.', AnnouncementSchema) },
    problems: { 503: ['announcement_busy'] },
  }),
} as const;
