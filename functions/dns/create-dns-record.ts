import { API_PREFIX } from '#shared/api/routes';
import { createDnsRecord } from '#shared/data/dns';
import { endpoint } from '#shared/http/endpoint';
import { auditContext } from '#shared/http/audit-context';
import { principalName } from '#shared/http/principal';
import { created } from '#shared/http/responses';
import { written } from './write-outcome';

export const handler = endpoint('CreateDnsRecord', {}, async (request) => {
  const { body, principal, log } = request;
  const by = principalName(principal);
  const { record } = written(await createDnsRecord(body, by, auditContext(request)));
  log.info('dns record created', { by, id: record.id, team: record.team, name: record.name, type: record.type });
  return created(record, `${API_PREFIX}/dns/${record.id}`);
});
