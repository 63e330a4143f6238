import { dnsRoutes } from '#shared/api/routes/dns';
import { getDnsRecord } from '#shared/data/dns';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

export const handler = endpoint(dnsRoutes.GetDnsRecord, {}, async ({ id }) => {
  const record = await getDnsRecord(id);
  if (!record) throw notFound(`No DNS record has id ${id}.`);
  return ok(record);
});
