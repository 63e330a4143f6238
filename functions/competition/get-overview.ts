import { competitionRoutes } from '#shared/api/routes/competition';
import { eventOverview } from '#shared/app/overview';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The event at a glance; a poll whose copy is current gets a 304 (the endpoint's ETag of the answer). */
export const handler = endpoint(competitionRoutes.GetOverview, {}, async () => ok(await eventOverview()));
