import { dnsRoutes } from '#shared/api/routes/dns';
import { deleteDnsRecord, written } from '#shared/app/dns';
import { endpoint } from '#shared/http/endpoint';
import { ifMatchCondition } from '#shared/http/conditional';
import { auditContext } from '#shared/http/audit-context';
import { principalName } from '#shared/http/principal';
import { noContent } from '#shared/http/responses';

export const handler = endpoint(dnsRoutes.DeleteDnsRecord, {}, async (request) => {
  const { id, principal, headers, log } = request;
  const by = principalName(principal);
  const { record } = written(await deleteDnsRecord(id, by, auditContext(request), ifMatchCondition(headers['if-match'])), id);
  log.info('dns record deleted', { by, id, team: record.team, name: record.name, type: record.type });
  return noContent();
});
