import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { editSubtype } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser renames a subtype or changes its points; its services follow; audited, If-Match honoured. */
export const handler = endpoint(subtypesRoutes.UpdateSubtype, {}, async (request) => {
  const { id, body, headers, log } = request;
  const subtype = await editSubtype(id, body, headers['if-match'], auditContext(request));
  log.info('subtype edited', { subtype: id, name: subtype.name, max_score: subtype.max_score, version: subtype.version });
  return ok(subtype);
});
