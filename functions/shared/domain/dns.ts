import * as v from 'valibot';
import type { FieldError } from '#shared/validation';
import { isHostName } from '#shared/domain/hostnames';
import { INT_MAX } from '#shared/validation';
import { DNS_TYPES, type DnsRecordData } from '#shared/domain/dns-record';

export { DNS_TYPES, type DnsRecord, type DnsRecordData, type DnsType } from '#shared/domain/dns-record';

/**
 * DNS records of blue teams: what a client may write, and the rules a team's
 * zone must keep. Everything here is pure. The rules are deliberately narrower
 * than DNS allows, so that any accepted record can be written into a zone file
 * verbatim (TXT text is quoted and escaped) and the zone still loads.
 */

/** A team's records keyed by record id (the zone item's map). */
export type ZoneRecords = Readonly<Record<string, DnsRecordData>>;

/**
 * Records per team. The zone item holds them all and DynamoDB items stop at
 * 400 KB; 500 of the largest records (253-character name, 255-character TXT)
 * stay well below that.
 */
export const MAX_RECORDS_PER_ZONE = 500;

/** Longest domain name in presentation form without the final dot (255 octets on the wire). */
const MAX_NAME_LENGTH = 253;

// ---------------------------------------------------------------------------
// Request body

const LDH_AND_DOTS = /^[A-Za-z0-9.-]*$/;

const NAME_LABELS = 'must be DNS labels joined by dots: 1–63 letters, digits or hyphens each, no leading or trailing hyphen';

/**
 * `@` or relative labels. The character check runs before lower-casing:
 * `toLowerCase` maps some non-ASCII letters to ASCII ones (the Kelvin sign
 * becomes `k`), and a name must not be accepted because of that.
 */
const RecordName = v.pipe(
  v.string("must be a string: @ or a name relative to the team's zone"),
  v.check((s) => s === '@' || LDH_AND_DOTS.test(s), 'may contain only ASCII letters, digits, hyphens and dots, or be @ for the zone apex'),
  v.check((s) => s === '@' || !s.endsWith('.'), "must be relative to the team's zone (no trailing dot), or @ for the zone apex"),
  v.check((s) => s.length <= MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`),
  v.check((s) => s === '@' || isHostName(s.toLowerCase()), NAME_LABELS),
  v.toLowerCase(),
);

/** The apex always holds the SOA and NS records, and a CNAME may share its name with nothing. */
const CnameOwner = v.pipe(
  RecordName,
  v.check((s) => s !== '@', 'cannot be @ for a CNAME: the zone apex holds the SOA and NS records, and a CNAME may not share its name'),
);

function isTarget(text: string): boolean {
  return LDH_AND_DOTS.test(text) && isHostName(text.toLowerCase());
}

const TARGET = 'a host name: labels of letters, digits and hyphens joined by dots, relative to the zone or ending with a dot';

const Target = v.pipe(
  v.string(`must be a string: ${TARGET}`),
  v.check((s) => s.length <= MAX_NAME_LENGTH + 1, `must be at most ${MAX_NAME_LENGTH} characters`),
  v.check(isTarget, `must be ${TARGET}`),
  v.toLowerCase(),
);

const OCTET = 'must be the last octet of the address: a whole number from 1 to 254';

/** A number or a numeric string in, the canonical decimal string out. */
const AValue = v.pipe(
  v.union([v.string(), v.number()], OCTET),
  v.transform((x: string | number) => String(x)),
  v.regex(/^[1-9]\d{0,2}$/, OCTET),
  v.check((s) => Number(s) <= 254, OCTET),
);

const MX_SHAPE = 'must be "<preference> <host>", e.g. "10 mail" or "10 mail.example.com."';
const MX_PATTERN = /^(\d{1,5}) +([^ ]+)$/;

/** `<preference> <host>` with ASCII spaces only; stored as `<preference without leading zeros> <lower-case host>`. */
const MxValue = v.pipe(
  v.string(MX_SHAPE),
  v.regex(MX_PATTERN, MX_SHAPE),
  v.check((s) => Number(MX_PATTERN.exec(s)![1]) <= 65535, 'preference must be from 0 to 65535'),
  v.check((s) => MX_PATTERN.exec(s)![2]!.length <= MAX_NAME_LENGTH + 1 && isTarget(MX_PATTERN.exec(s)![2]!), `host must be ${TARGET}`),
  v.transform((s: string) => {
    const [, preference, host] = MX_PATTERN.exec(s)!;
    return `${Number(preference)} ${host!.toLowerCase()}`;
  }),
);

/** One TXT character-string: printable ASCII, so no line break or control character can reach the zone file. */
const TxtValue = v.pipe(
  v.string('must be a string of printable ASCII text'),
  v.regex(/^[\x20-\x7e]*$/, 'may contain only printable ASCII characters (no line breaks, tabs, control or non-ASCII characters)'),
  v.minLength(1, 'must not be empty'),
  v.maxLength(255, 'must be at most 255 characters'),
);

const TeamId = v.pipe(
  v.number('must be the team id (a positive integer), not the team number'),
  v.integer('must be the team id (a positive integer), not the team number'),
  v.minValue(1, 'must be the team id (a positive integer), not the team number'),
  v.maxValue(INT_MAX, `must be the team id (a positive integer up to ${INT_MAX}), not the team number`),
);

/** A missing field and an unknown one both come from the object schema; say which in words. */
const fieldsMessage = (issue: v.BaseIssue<unknown>) => (issue.received === 'undefined' ? 'is required' : 'is not a known field');

const TYPE_MESSAGE = `must be one of ${DNS_TYPES.join(', ')}`;
const BODY_MESSAGE = 'must be a JSON object with name, type, value and team';

/**
 * POST and PUT body: all four fields, nothing else. The type picks the value's
 * rules; it is accepted in any case (zone files ignore case) and stored upper-case.
 */
export const DnsRecordBody = v.pipe(
  v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), BODY_MESSAGE),
  v.transform((input: Record<string, unknown>) => (typeof input.type === 'string' ? { ...input, type: input.type.toUpperCase() } : input)),
  v.variant(
    'type',
    [
      v.strictObject({ name: RecordName, type: v.literal('A'), value: AValue, team: TeamId }, fieldsMessage),
      v.strictObject({ name: CnameOwner, type: v.literal('CNAME'), value: Target, team: TeamId }, fieldsMessage),
      v.strictObject({ name: RecordName, type: v.literal('MX'), value: MxValue, team: TeamId }, fieldsMessage),
      v.strictObject({ name: RecordName, type: v.literal('TXT'), value: TxtValue, team: TeamId }, fieldsMessage),
    ],
    TYPE_MESSAGE,
  ),
);

/** A validated body: the record's data and the id of the team it belongs to. */
export interface DnsRecordInput extends DnsRecordData {
  team: number;
}

/** Whether stored data is exactly what the write rules accept (the zone renderer trusts nothing else). */
export function isAcceptedRecord(data: DnsRecordData): boolean {
  const parsed = v.safeParse(DnsRecordBody, { name: data.name, type: data.type, value: data.value, team: 1 });
  return parsed.success && parsed.output.name === data.name && parsed.output.type === data.type && parsed.output.value === data.value;
}

// ---------------------------------------------------------------------------
// Names inside a zone

/** A team's zone as the rules need it: its origin and its name servers, without final dots. */
export interface ZoneContext {
  origin: string;
  nameservers: readonly string[];
}

const withoutFinalDot = (name: string) => (name.endsWith('.') ? name.slice(0, -1) : name).toLowerCase();

export function zoneContext(teamUrl: string, nameservers: readonly string[]): ZoneContext {
  return { origin: withoutFinalDot(teamUrl), nameservers: nameservers.map(withoutFinalDot) };
}

/** A record's owner as a full name without the final dot. */
export function ownerName(name: string, origin: string): string {
  return name === '@' ? origin : `${name}.${origin}`;
}

/** A CNAME or MX target as a full name without the final dot: relative targets sit under the origin. */
export function targetName(host: string, origin: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : `${host}.${origin}`;
}

/** The MX value split into its two parts. */
export function mxParts(value: string): { preference: number; host: string } {
  const [preference, host] = value.split(' ');
  return { preference: Number(preference), host: host! };
}

/** The record's data with every name made absolute: equal keys mean equal resource records. */
function rdataKey(record: DnsRecordData, origin: string): string {
  switch (record.type) {
    case 'CNAME':
      return targetName(record.value, origin);
    case 'MX': {
      const { preference, host } = mxParts(record.value);
      return `${preference} ${targetName(host, origin)}`;
    }
    default:
      return record.value;
  }
}

// ---------------------------------------------------------------------------
// Rules against the rest of the zone

export type DnsConflictCode = 'duplicate_dns_record' | 'cname_conflict' | 'too_many_dns_records' | 'nameserver_needs_address';

export type ZoneProblem = { kind: 'invalid'; errors: FieldError[] } | { kind: 'conflict'; code: DnsConflictCode; detail: string };

/**
 * Checks a record about to be written into a team's zone. `zone` holds the
 * zone's records; `except` is the id of the record being replaced (a PUT).
 * Returns the first problem, or undefined when the record fits.
 *
 * - Names must fit once the origin is appended (253 characters).
 * - No exact duplicate (same owner, type and data, names compared absolute).
 * - A CNAME shares its name with nothing (another CNAME included).
 * - A name server of the zone that lies inside it must resolve to an address,
 *   so it cannot be a CNAME.
 * - At most MAX_RECORDS_PER_ZONE records.
 */
export function checkRecordInZone(record: DnsRecordData, zone: ZoneRecords, context: ZoneContext, except?: number): ZoneProblem | undefined {
  const { origin } = context;
  const errors: FieldError[] = [];
  const tooLong = (full: string) => full.length > MAX_NAME_LENGTH;
  if (tooLong(ownerName(record.name, origin))) {
    errors.push({ path: 'name', message: `is too long for the zone ${origin}: with it, the full name exceeds ${MAX_NAME_LENGTH} characters` });
  }
  const target = record.type === 'CNAME' ? record.value : record.type === 'MX' ? mxParts(record.value).host : undefined;
  if (target !== undefined && tooLong(targetName(target, origin))) {
    errors.push({
      path: 'value',
      message: `names a host too long for the zone ${origin}: relative to it, the full name exceeds ${MAX_NAME_LENGTH} characters`,
    });
  }
  if (errors.length > 0) return { kind: 'invalid', errors };

  const owner = ownerName(record.name, origin);
  const others = Object.entries(zone)
    .map(([id, data]) => ({ id: Number(id), ...data }))
    .filter((other) => other.id !== except)
    .sort((a, b) => a.id - b.id);
  const atOwner = others.filter((other) => ownerName(other.name, origin) === owner);
  const key = rdataKey(record, origin);

  const duplicate = atOwner.find((other) => other.type === record.type && rdataKey(other, origin) === key);
  if (duplicate) {
    return conflictWith('duplicate_dns_record', `Record ${duplicate.id} is already ${describe(duplicate)}.`);
  }
  if (record.type === 'CNAME' && atOwner.length > 0) {
    const other = atOwner[0]!;
    return conflictWith(
      'cname_conflict',
      `${displayName(record.name)} already has record ${other.id} (${other.type}); a name with a CNAME may hold no other record.`,
    );
  }
  const alias = atOwner.find((other) => other.type === 'CNAME');
  if (alias) {
    return conflictWith('cname_conflict', `${displayName(record.name)} is an alias (CNAME record ${alias.id}); a name with a CNAME may hold no other record.`);
  }
  if (record.type === 'CNAME' && context.nameservers.includes(owner)) {
    return conflictWith(
      'cname_conflict',
      `${owner} is a name server of the zone (settings dns_nameservers); it must have an address, so it cannot be a CNAME.`,
    );
  }
  if (others.length >= MAX_RECORDS_PER_ZONE) {
    return conflictWith('too_many_dns_records', `The team already has ${others.length} DNS records, the most a zone may hold.`);
  }
  return undefined;
}

/**
 * Checks taking record `id` out of a zone (a DELETE, or a PUT that renames,
 * retypes or moves it; `replacement` is what a PUT leaves in the same zone).
 * A name server inside the zone must keep an address, or the zone no longer
 * loads: its last A record cannot go.
 */
export function checkRemovalFromZone(id: number, zone: ZoneRecords, context: ZoneContext, replacement?: DnsRecordData): ZoneProblem | undefined {
  const removed = zone[String(id)];
  if (removed?.type !== 'A') return undefined;
  const owner = ownerName(removed.name, context.origin);
  if (!context.nameservers.includes(owner)) return undefined;
  const isAddressOfOwner = (r: DnsRecordData) => r.type === 'A' && ownerName(r.name, context.origin) === owner;
  const others = Object.entries(zone).filter(([other, data]) => Number(other) !== id && isAddressOfOwner(data));
  if (others.length > 0 || (replacement && isAddressOfOwner(replacement))) return undefined;
  return conflictWith(
    'nameserver_needs_address',
    `${owner} is a name server of the zone (settings dns_nameservers) and record ${id} is its last address; add another A record for it first.`,
  );
}

const conflictWith = (code: DnsConflictCode, detail: string): ZoneProblem => ({ kind: 'conflict', code, detail });
const displayName = (name: string) => (name === '@' ? 'The zone apex (@)' : `The name ${name}`);
const describe = (r: DnsRecordData) => `${r.name} ${r.type} ${r.value}`;

/**
 * Name servers that lie inside a team's zone need an address there, and
 * cannot be a CNAME: BIND refuses to load a zone whose in-zone NS has no A
 * record. The DNS writes keep that true; this checks a settings change (or a
 * competition file) against the zones as they are. Names are lower-case.
 */
export function inZoneNameserverProblems(
  nameservers: readonly string[],
  zones: readonly { teamUrl: string; records: readonly DnsRecordData[] }[],
): FieldError[] {
  const problems: FieldError[] = [];
  nameservers.forEach((nameserver, index) => {
    for (const zone of zones) {
      const name = nameInZone(nameserver, zone.teamUrl);
      if (name === undefined) continue;
      const atName = zone.records.filter((r) => r.name === name);
      if (atName.some((r) => r.type === 'CNAME') || !atName.some((r) => r.type === 'A')) {
        problems.push({
          path: `dns_nameservers.${index}`,
          message: `is inside ${zone.teamUrl}, whose zone has no A record for "${name}" (create it first): BIND refuses a zone whose name server has no address`,
        });
      }
    }
  });
  return problems;
}

/** A host's name relative to a zone (`@` for the apex), or undefined when the host is outside it. */
export function nameInZone(host: string, zone: string): string | undefined {
  const bare = host.replace(/\.$/, '');
  if (bare === zone) return '@';
  return bare.endsWith(`.${zone}`) ? bare.slice(0, -(zone.length + 1)) : undefined;
}
