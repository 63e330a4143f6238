import { DnsRecordSchema } from '#shared/api/schemas/responses/settings';
import { route, json, list, none } from '#shared/api/route';
import { DnsRecordBody } from '#shared/domain/dns';

const DNS_CONFLICTS = ['duplicate_dns_record', 'cname_conflict', 'too_many_dns_records', 'nameserver_needs_address'];

/** DNS records of the blue teams' zones. */
export const dnsRoutes = {
  ListDnsRecords: route('ListDnsRecords', 'GET', '/dns', 'dns/list-dns-records', 'admin-service-or-agent', 'read', {
    summary: 'List DNS records',
    responses: { 200: list("Every team's records, by id.", DnsRecordSchema) },
  }),
  CreateDnsRecord: route('CreateDnsRecord', 'POST', '/dns', 'dns/create-dns-record', 'admin-or-service', 'read-write', {
    summary: 'Create a DNS record',
    body: DnsRecordBody,
    idempotent: true,
    responses: { 201: { ...json('The record, as stored (names lower-case, type upper-case), and its ETag.', DnsRecordSchema), etag: true } },
    problems: { 400: ['unknown_team'], 409: DNS_CONFLICTS, 503: ['dns_zone_busy'] },
  }),
  GetDnsRecord: route('GetDnsRecord', 'GET', '/dns/{id}', 'dns/get-dns-record', 'admin-or-service', 'read', {
    summary: 'One DNS record',
    responses: { 200: json('The record.', DnsRecordSchema) },
  }),
  UpdateDnsRecord: route('UpdateDnsRecord', 'PUT', '/dns/{id}', 'dns/update-dns-record', 'admin-or-service', 'read-write', {
    summary: 'Replace a DNS record',
    body: DnsRecordBody,
    ifMatch: true,
    responses: { 200: { ...json('The record, as stored, and its new ETag.', DnsRecordSchema), etag: true } },
    problems: { 400: ['unknown_team'], 409: DNS_CONFLICTS, 503: ['dns_zone_busy'] },
  }),
  DeleteDnsRecord: route('DeleteDnsRecord', 'DELETE', '/dns/{id}', 'dns/delete-dns-record', 'admin-or-service', 'read-write', {
    summary: 'Delete a DNS record',
    ifMatch: true,
    responses: { 204: none },
    problems: { 409: ['nameserver_needs_address'], 503: ['dns_zone_busy'] },
  }),
} as const;
