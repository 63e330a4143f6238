import { redTeamRoutes } from '#shared/api/routes/red-team';
import { findingFileLink } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** A short-lived link that downloads a file of the red team's evidence as an attachment. */
export const handler = endpoint(redTeamRoutes.GetFindingFile, {}, async ({ query }) => ok(await findingFileLink(query.key)));
