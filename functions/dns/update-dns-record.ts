import { dnsRoutes } from '#shared/api/routes/dns';
import { updateDnsRecord, written } from '#shared/app/dns';
import { endpoint } from '#shared/http/endpoint';
import { ifMatchCondition } from '#shared/http/conditional';
import { auditContext } from '#shared/http/audit-context';
import { principalName } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

export const handler = endpoint(dnsRoutes.UpdateDnsRecord, {}, async (request) => {
  const { id, body, principal, headers, log } = request;
  const by = principalName(principal);
  const { record, previousTeam } = written(await updateDnsRecord(id, body, by, auditContext(request), ifMatchCondition(headers['if-match'])), id);
  log.info('dns record updated', { by, id, team: record.team, previous_team: previousTeam, name: record.name, type: record.type });
  return ok(record);
});
