import { redTeamRoutes } from '#shared/api/routes/red-team';
import { findingKinds } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The table of finding kinds: what the red team may file, and what each takes off a team. */
export const handler = endpoint(redTeamRoutes.ListFindingKinds, {}, async () => ok({ kinds: await findingKinds() }));
