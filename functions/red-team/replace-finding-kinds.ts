import { redTeamRoutes } from '#shared/api/routes/red-team';
import { replaceFindingKinds } from '#shared/app/findings';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser replaces the table of finding kinds; audited. */
export const handler = endpoint(redTeamRoutes.ReplaceFindingKinds, {}, async (request) => {
  const kinds = await replaceFindingKinds(request.body.kinds, auditContext(request));
  request.log.info('finding kinds replaced', { kinds: kinds.length });
  return ok({ kinds });
});
