import { auditRoutes } from '#shared/api/routes/audit';
import * as v from 'valibot';
import { auditPage } from '#shared/data/audit';
import { endpoint } from '#shared/http/endpoint';
import { openCursor, sealCursor } from '#shared/http/cursor';
import { ok } from '#shared/http/responses';

/** Where a page resumes: the id of the last entry shown. */
const Position = v.strictObject({ after: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });
const SCOPE = 'audit';
const path = auditRoutes.ListAuditEntries.path;

export const handler = endpoint(auditRoutes.ListAuditEntries, {}, async ({ query }) => {
  const after = query.cursor === undefined ? undefined : openCursor(SCOPE, query.cursor, Position).after;
  const filter = { ...(query.target ? { target: query.target } : {}), ...(query.action ? { action: query.action } : {}) };
  const page = await auditPage(query.limit, after, filter);
  const cursor = page.next ? sealCursor(SCOPE, { after: page.next }) : null;
  const headers: Record<string, string> = {};
  if (cursor) {
    const next = new URLSearchParams({ limit: String(query.limit), ...filter, cursor });
    headers.link = `<${path}?${next.toString()}>; rel="next"`;
  }
  return ok({ items: page.items, cursor }, headers);
});
