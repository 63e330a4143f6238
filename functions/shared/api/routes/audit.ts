import { AuditQuery } from '#shared/api/schemas/requests/scoring';
import { AuditPageSchema } from '#shared/api/schemas/responses/audit';
import { route, page } from '#shared/api/route';

/** The audit trail. */
export const auditRoutes = {
  ListAuditEntries: route('ListAuditEntries', 'GET', '/audit', 'audit/list-audit-entries', 'admin', 'read', {
    summary: 'The audit trail: who changed what, paged, by target or action if asked',
    query: AuditQuery,
    responses: {
      200: page(
        'One page, newest first; `cursor` (also in `Link: rel="next"`) resumes, null on the last page. A filtered page may hold fewer entries than `limit`, even none, and still have a next one.',
        AuditPageSchema,
      ),
    },
    problems: { 400: ['invalid_cursor'] },
  }),
} as const;
