import * as q from '#shared/api/schemas/requests';
import * as r from '#shared/api/schemas/responses';
import { route, page } from '#shared/api/route';

/** The audit trail. */
export const auditRoutes = {
  ListAuditEntries: route('ListAuditEntries', 'GET', '/audit', 'audit/list-audit-entries', 'admin', 'read', {
    summary: 'The audit trail: who changed what, paged, by target or action if asked',
    query: q.AuditQuery,
    responses: {
      200: page(
        'One page, newest first; `cursor` (also in `Link: rel="next"`) resumes, null on the last page. A filtered page may hold fewer entries than `limit`, even none, and still have a next one.',
        r.AuditPageSchema,
      ),
    },
    problems: { 400: ['invalid_cursor'] },
  }),
} as const;
