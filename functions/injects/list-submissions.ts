import { injectsRoutes } from '#shared/api/routes/injects';
import { injectSubmissions } from '#shared/app/injects';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every team's submissions for one inject, or the grading queue (what organisers grade). */
export const handler = endpoint(injectsRoutes.ListSubmissions, {}, async ({ query }) =>
  ok(await injectSubmissions(query.inject_id, { ungraded: query.state === 'ungraded' })),
);
