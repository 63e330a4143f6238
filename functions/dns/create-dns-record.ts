import { dnsRoutes } from '#shared/api/routes/dns';
import { API_PREFIX } from '#shared/api/prefix';
import { createDnsRecord, written } from '#shared/app/dns';
import { endpoint } from '#shared/http/endpoint';
import { auditContext } from '#shared/http/audit-context';
import { principalName } from '#shared/http/principal';
import { created } from '#shared/http/responses';

export const handler = endpoint(dnsRoutes.CreateDnsRecord, {}, async (request) => {
  const { body, principal, log } = request;
  const by = principalName(principal);
  const { record } = written(await createDnsRecord(body, by, auditContext(request)));
  log.info('dns record created', { by, id: record.id, team: record.team, name: record.name, type: record.type });
  return created(record, `${API_PREFIX}/dns/${record.id}`);
});
