import { passwordChangesRoutes } from '#shared/api/routes/password-changes';
import { listPasswordChanges } from '#shared/data/password-changes';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** How many requests the organisers' list holds at most, newest first. */
const LIMIT = 500;

export const handler = endpoint(passwordChangesRoutes.ListPasswordChanges, {}, async ({ query }) =>
  ok(await listPasswordChanges({ state: query.state, limit: LIMIT })),
);
