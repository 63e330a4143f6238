import * as v from 'valibot';
import { injectsRoutes } from '#shared/api/routes/injects';
import { injectSubmissions } from '#shared/app/injects';
import { endpoint } from '#shared/http/endpoint';
import { openCursor, sealCursor } from '#shared/http/cursor';
import { ok } from '#shared/http/responses';

/** Where a page resumes: after this team's this version. */
const Position = v.strictObject({ team: v.pipe(v.number(), v.integer(), v.minValue(1)), version: v.pipe(v.number(), v.integer(), v.minValue(1)) });
const path = injectsRoutes.ListSubmissions.path;

/** Every team's submissions for one inject, or the grading queue (what organisers grade), a page at a time. */
export const handler = endpoint(injectsRoutes.ListSubmissions, {}, async ({ query }) => {
  // A cursor is good for the inject and the list it was made for.
  const scope = `submissions:${query.inject_id}:${query.state ?? 'all'}`;
  const after = query.cursor === undefined ? undefined : openCursor(scope, query.cursor, Position);
  const page = await injectSubmissions(query.inject_id, { ungraded: query.state === 'ungraded', limit: query.limit, after });
  const cursor = page.next ? sealCursor(scope, page.next) : null;
  const headers: Record<string, string> = {};
  if (cursor) {
    const next = new URLSearchParams({
      inject_id: String(query.inject_id),
      ...(query.state ? { state: query.state } : {}),
      limit: String(query.limit),
      cursor,
    });
    headers.link = `<${path}?${next.toString()}>; rel="next"`;
  }
  return ok({ items: page.items, cursor }, headers);
});
