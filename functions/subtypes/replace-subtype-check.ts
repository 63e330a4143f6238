import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { replaceSubtypeCheck } from '#shared/app/live-edits';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** An organiser changes how a subtype's services are checked (its kind and parameters); audited, If-Match honoured. */
export const handler = endpoint(subtypesRoutes.ReplaceSubtypeCheck, {}, async (request) => {
  const { id, body, headers, log } = request;
  const subtype = await replaceSubtypeCheck(id, body, headers['if-match'], auditContext(request));
  log.info('subtype check replaced', { subtype: id, check: subtype.check, version: subtype.version });
  return ok(subtype);
});
