import type { Team } from '#shared/domain/model';
import { isAcceptedRecord, mxParts, type DnsRecord } from '#shared/domain/dns';
import { teamAddressPrefix, type SettingsFields } from '#shared/domain/settings';

/** The media type of a zone file (RFC 4027). */
export const ZONE_CONTENT_TYPE = 'text/dns';

/**
 * SOA timers other than the serial. Secondaries refresh hourly, retry every
 * ten minutes and keep serving a week without the primary; the negative-caching
 * TTL (the last field) is the settings' TTL.
 */
const SOA_REFRESH = 3600;
const SOA_RETRY = 600;
const SOA_EXPIRE = 604800;

/** SOA serials are unsigned 32-bit numbers (RFC 1982). */
const MAX_SERIAL = 2 ** 32 - 1;

/**
 * The SOA serial of a team's zone. The zone item's serial grows with every
 * write to the team's records; the settings version grows with every settings
 * change (TTL, name servers, hostmaster, address template all change the
 * zone). Both only ever grow, so their sum does too.
 */
export function zoneSerial(recordsSerial: number, settingsVersion: number): number {
  const serial = recordsSerial + settingsVersion;
  if (!Number.isSafeInteger(serial) || serial < 0 || serial > MAX_SERIAL) {
    throw new RangeError(`Zone serial ${serial} is outside 0..${MAX_SERIAL}`);
  }
  return serial;
}

export interface ZoneInput {
  team: Pick<Team, 'number' | 'team_url'>;
  /** The team's records (any order; rendered in id order). */
  records: readonly DnsRecord[];
  serial: number;
  settings: SettingsFields;
}

/** `hostmaster@example.com` as the SOA's mailbox name: `hostmaster.example.com.` */
export function mailboxName(address: string): string {
  return absolute(address.replace('@', '.'));
}

/**
 * A team's BIND zone file: `$ORIGIN`, `$TTL`, one SOA, the name servers, then
 * the records in id order, one resource record per line.
 *
 * Owners and relative targets are written as stored: they are relative to
 * `$ORIGIN`, which is what the API promises. A records become the team's
 * address prefix plus the stored octet. TXT text is quoted, with `"` and `\`
 * escaped, so it is one character-string whatever it holds.
 *
 * Records that the write rules would not accept are refused rather than
 * written: the file must never carry anything a client could use to inject
 * lines or directives, even if the table was edited by hand.
 */
export function renderZone({ team, records, serial, settings }: ZoneInput): string {
  const origin = absolute(team.team_url);
  const [primary] = settings.dns_nameservers;
  if (primary === undefined) throw new Error('The settings name no name server.');
  const prefix = teamAddressPrefix(settings, team.number);

  const lines = [
    `$ORIGIN ${origin}`,
    `$TTL ${settings.dns_ttl}`,
    rr('@', 'SOA', [absolute(primary), mailboxName(settings.dns_hostmaster), serial, SOA_REFRESH, SOA_RETRY, SOA_EXPIRE, settings.dns_ttl].join(' ')),
    ...settings.dns_nameservers.map((ns) => rr('@', 'NS', absolute(ns))),
  ];
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    if (!isAcceptedRecord(record)) throw new Error(`DNS record ${record.id} is not valid zone data; refusing to render it.`);
    lines.push(rr(record.name, record.type, rdata(record, prefix)));
  }
  return `${lines.join('\n')}\n`;
}

function rdata(record: DnsRecord, addressPrefix: string): string {
  switch (record.type) {
    case 'A':
      return `${addressPrefix}.${record.value}`;
    case 'CNAME':
      return record.value;
    case 'MX': {
      const { preference, host } = mxParts(record.value);
      return `${preference} ${host}`;
    }
    case 'TXT':
      return quoted(record.value);
  }
}

/** A zone-file character-string: `"` and `\` escaped, everything else (printable ASCII) literal. */
export function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

const rr = (owner: string, type: string, data: string) => `${owner}\tIN\t${type}\t${data}`;

/** A host name with exactly one final dot. */
function absolute(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}
