/**
 * A DNS record as the API shows it, and its four types: the schema alone (the
 * rules a record and a zone must keep are in dns.ts), so that a response can
 * use it without carrying the validation.
 */
import * as v from 'valibot';
import { Id, named } from '#shared/domain/shapes';

export const DNS_TYPES = ['A', 'CNAME', 'MX', 'TXT'] as const;
export type DnsType = (typeof DNS_TYPES)[number];

/** The API's DNS record. `team` is the team's id, not its number. */
export const DnsRecordSchema = named(
  'DnsRecord',
  "A record in a blue team's zone. `team` is the team's id, not its number; an A record's value is the address's last octet.",
  v.strictObject({ id: Id, name: v.string(), type: v.picklist(DNS_TYPES), value: v.string(), team: Id }),
);
export type DnsRecord = v.InferOutput<typeof DnsRecordSchema>;

/** What a record says; a team's zone item keeps this per record id. */
export type DnsRecordData = Pick<DnsRecord, 'name' | 'type' | 'value'>;
