/**
 * A DNS record as the API shows it, and its four types: the shape alone (the
 * rules a record and a zone must keep are in dns.ts), so that a response
 * schema can name the types without carrying the validation.
 */

export const DNS_TYPES = ['A', 'CNAME', 'MX', 'TXT'] as const;
export type DnsType = (typeof DNS_TYPES)[number];

/** What a record says; a team's zone item keeps this per record id. */
export interface DnsRecordData {
  name: string;
  type: DnsType;
  value: string;
}

/** The API's DNS record. `team` is the team's id, not its number. */
export interface DnsRecord extends DnsRecordData {
  id: number;
  team: number;
}

/** A record with exactly the API's fields, in the API's order (stored maps lose order). */
export function dnsRecordFields(r: DnsRecord): DnsRecord {
  return { id: r.id, name: r.name, type: r.type, value: r.value, team: r.team };
}
