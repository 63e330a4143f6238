import { redTeamRoutes } from '#shared/api/routes/red-team';
import { findingRulings } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** Every ruling on a finding, newest first. */
export const handler = endpoint(redTeamRoutes.ListFindingRulings, {}, async ({ id }) => ok(await findingRulings(id)));
