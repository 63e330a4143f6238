import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { downloadLink } from '#shared/app/files';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** A short-lived link that downloads one of the team's files, or an attachment of an inject open to it, as an attachment. */
export const handler = endpoint(blueTeamRoutes.GetTeamFile, {}, async ({ id, query }) => ok(await downloadLink(id, query.key)));
