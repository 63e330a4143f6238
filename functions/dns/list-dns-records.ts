import { dnsRoutes } from '#shared/api/routes/dns';
import { listDnsRecords } from '#shared/data/dns';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(dnsRoutes.ListDnsRecords, {}, async () => ok(await listDnsRecords()));
