import { isIPv4, isIPv6 } from 'node:net';
import { encodeName, TYPE, type NameKey, type RecordTypeName, type ResourceRecord } from './message';

/**
 * Zone files as `renderZone` writes them (RFC 1035 §5, the part it uses):
 * `$ORIGIN`, `$TTL`, then one resource record per line, `owner [ttl] [IN]
 * type data`, a line that starts with a blank keeping the last owner, `;`
 * comments, quoted character-strings with `\"`, `\\` and `\DDD` escapes.
 * Parentheses, `$INCLUDE` and `$GENERATE` are not written by the renderer
 * and refused here, as is any type outside A, AAAA, NS, CNAME, SOA, MX and
 * TXT: the server answers from exactly what the zone export would hand an
 * organiser, or says why it cannot. One pass over the text, no backtracking.
 */
export class ZoneFileError extends Error {}

/** A resource record set member, and the name it points to (a CNAME's target), when it points to one. */
export interface StoredRecord {
  record: ResourceRecord;
  target?: NameKey;
}

export interface Zone {
  origin: NameKey;
  /** The SOA, for negative answers (its TTL: the lower of its own and its minimum, RFC 2308 §3). */
  negative: ResourceRecord;
  /** Owner → type → the records of that type. */
  records: Map<NameKey, Map<number, StoredRecord[]>>;
  /** Every owner and every name between an owner and the origin (empty non-terminals answer NODATA, not NXDOMAIN). */
  names: Set<NameKey>;
}

const LABEL = /^[a-z0-9_-]{1,63}$/;
const MAX_NAME = 253;

/** Parses one zone's text; `origin` is the zone's name (with or without its final dot), the default `$ORIGIN`. Errors name the zone. */
export function parseZone(originName: string, text: string): Zone {
  try {
    return parseZoneText(originName, text);
  } catch (error) {
    if (error instanceof ZoneFileError) throw new ZoneFileError(`zone ${originName}: ${error.message}`);
    throw error;
  }
}

function parseZoneText(originName: string, text: string): Zone {
  const origin = absoluteKey(originName);
  if (origin === '') throw new ZoneFileError('the root zone is not served here');
  const records = new Map<NameKey, Map<number, StoredRecord[]>>();
  let currentOrigin = origin;
  let defaultTtl: number | undefined;
  let owner: NameKey | undefined;
  let soa: { record: ResourceRecord; minimum: number } | undefined;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, '');
    const where = `line ${index + 1}`;
    const tokens = tokenize(line, where);
    if (tokens.length === 0) continue;
    const first = tokens[0]!;
    if (!first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      if (directive === '$ORIGIN' && tokens.length === 2) currentOrigin = nameIn(tokens[1]!.text, currentOrigin, where, true);
      else if (directive === '$TTL' && tokens.length === 2) defaultTtl = ttlOf(tokens[1]!.text, where);
      else throw new ZoneFileError(`${where}: ${first.text} is not a directive this server reads`);
      continue;
    }
    const startsBlank = /^[ \t]/.test(line);
    let rest = tokens;
    if (!startsBlank) {
      owner = nameIn(first.text, currentOrigin, where);
      rest = tokens.slice(1);
    } else if (owner === undefined) {
      throw new ZoneFileError(`${where}: a record without an owner, and none before it`);
    }
    let ttl = defaultTtl;
    while (rest.length > 0 && (/^\d+$/.test(rest[0]!.text) || rest[0]!.text.toUpperCase() === 'IN')) {
      if (rest[0]!.text.toUpperCase() !== 'IN') ttl = ttlOf(rest[0]!.text, where);
      rest = rest.slice(1);
    }
    const typeName = rest[0]?.text.toUpperCase();
    if (typeName === undefined) throw new ZoneFileError(`${where}: a record without a type`);
    if (!(typeName in TYPE)) throw new ZoneFileError(`${where}: type ${typeName} is not one this server holds`);
    if (ttl === undefined) throw new ZoneFileError(`${where}: no TTL (give $TTL first)`);
    if (owner !== origin && !owner!.endsWith(`.${origin}`)) throw new ZoneFileError(`${where}: ${owner} is outside the zone ${origin}`);
    const type = TYPE[typeName as RecordTypeName];
    const stored = rdata(typeName as RecordTypeName, rest.slice(1), currentOrigin, where);
    const record = { name: owner!, type, ttl, data: stored.data };
    if (type === TYPE.SOA) {
      if (owner !== origin) throw new ZoneFileError(`${where}: an SOA away from the zone's apex`);
      if (soa) throw new ZoneFileError(`${where}: a second SOA`);
      soa = { record, minimum: stored.minimum! };
    }
    const byType = records.get(owner!) ?? records.set(owner!, new Map()).get(owner!)!;
    const set = byType.get(type) ?? byType.set(type, []).get(type)!;
    if (!set.some((s) => s.record.data.equals(record.data))) set.push({ record, ...(stored.target !== undefined ? { target: stored.target } : {}) });
    if (byType.has(TYPE.CNAME) && (byType.size > 1 || byType.get(TYPE.CNAME)!.length > 1)) {
      throw new ZoneFileError(`${where}: ${owner} has a CNAME and other data`);
    }
  }
  if (!soa) throw new ZoneFileError(`the zone ${origin} has no SOA`);
  const names = new Set<NameKey>();
  for (const name of records.keys()) {
    for (let n = name; n !== origin; n = n.slice(n.indexOf('.') + 1)) names.add(n);
    names.add(origin);
  }
  return { origin, negative: { ...soa.record, ttl: Math.min(soa.record.ttl, soa.minimum) }, records, names };
}

interface Token {
  text: string;
  quoted: boolean;
}

/** A line's fields: blanks separate them, `;` ends the line, a quoted string is one field (its escapes undone). */
function tokenize(line: string, where: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === ';') {
      break;
    } else if (c === '(' || c === ')') {
      throw new ZoneFileError(`${where}: records over several lines are not read here`);
    } else if (c === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new ZoneFileError(`${where}: a quoted string that does not end`);
        const d = line[i]!;
        if (d === '"') break;
        if (d === '\\') {
          const digits = /^\d{3}/.exec(line.slice(i + 1, i + 4));
          if (digits) {
            const code = Number(digits[0]);
            if (code > 255) throw new ZoneFileError(`${where}: \\${digits[0]} is not a byte`);
            text += String.fromCharCode(code);
            i += 4;
          } else if (i + 1 < line.length) {
            text += line[i + 1];
            i += 2;
          } else {
            throw new ZoneFileError(`${where}: a quoted string that ends in a backslash`);
          }
          continue;
        }
        text += d;
        i++;
      }
      i++;
      tokens.push({ text, quoted: true });
    } else {
      const start = i;
      while (i < line.length && !' \t;"()'.includes(line[i]!)) i++;
      tokens.push({ text: line.slice(start, i), quoted: false });
    }
  }
  return tokens;
}

function ttlOf(text: string, where: string): number {
  const ttl = Number(text);
  if (!/^\d{1,10}$/.test(text) || ttl > 2 ** 31 - 1) throw new ZoneFileError(`${where}: ${text} is not a TTL`);
  return ttl;
}

/** A name token as a key: `@` is the origin, a final dot makes it absolute, anything else sits under the origin. */
function nameIn(text: string, origin: NameKey, where: string, mustBeAbsolute = false): NameKey {
  if (text === '@') return origin;
  if (mustBeAbsolute && !text.endsWith('.')) throw new ZoneFileError(`${where}: $ORIGIN takes an absolute name`);
  const key = text.endsWith('.') ? absoluteKey(text, where) : [absoluteKey(text, where), origin].filter((part) => part !== '').join('.');
  if (key.length > MAX_NAME) throw new ZoneFileError(`${where}: a name longer than ${MAX_NAME} characters`);
  return key;
}

/** Host-name labels only (letters, digits, hyphens, underscores), lower-cased; the final dot dropped. */
function absoluteKey(text: string, where = 'the zone name'): NameKey {
  const bare = text.endsWith('.') ? text.slice(0, -1) : text;
  if (bare === '') return '';
  const key = bare.toLowerCase();
  if (!key.split('.').every((label) => LABEL.test(label)) || /[^\x21-\x7e]/.test(bare)) throw new ZoneFileError(`${where}: ${text} is not a host name`);
  return key;
}

function rdata(type: RecordTypeName, fields: Token[], origin: NameKey, where: string): { data: Buffer; target?: NameKey; minimum?: number } {
  const count = (n: number) => {
    if (fields.length !== n) throw new ZoneFileError(`${where}: ${type} takes ${n} field${n === 1 ? '' : 's'}, not ${fields.length}`);
  };
  switch (type) {
    case 'A':
      count(1);
      if (!isIPv4(fields[0]!.text)) throw new ZoneFileError(`${where}: ${fields[0]!.text} is not an IPv4 address`);
      return { data: Buffer.from(fields[0]!.text.split('.').map(Number)) };
    case 'AAAA':
      count(1);
      return { data: ipv6Bytes(fields[0]!.text, where) };
    case 'NS':
    case 'CNAME': {
      count(1);
      const target = nameIn(fields[0]!.text, origin, where);
      return { data: encodeName(target), target };
    }
    case 'MX': {
      count(2);
      const preference = Number(fields[0]!.text);
      if (!/^\d{1,5}$/.test(fields[0]!.text) || preference > 65535) throw new ZoneFileError(`${where}: ${fields[0]!.text} is not an MX preference`);
      const head = Buffer.alloc(2);
      head.writeUInt16BE(preference);
      return { data: Buffer.concat([head, encodeName(nameIn(fields[1]!.text, origin, where))]) };
    }
    case 'SOA': {
      count(7);
      const timers = fields.slice(2).map((f) => {
        if (!/^\d{1,10}$/.test(f.text) || Number(f.text) > 2 ** 32 - 1) throw new ZoneFileError(`${where}: ${f.text} is not an SOA number`);
        return Number(f.text);
      });
      const numbers = Buffer.alloc(20);
      timers.forEach((n, i) => numbers.writeUInt32BE(n, i * 4));
      return {
        data: Buffer.concat([encodeName(nameIn(fields[0]!.text, origin, where)), encodeName(nameIn(fields[1]!.text, origin, where)), numbers]),
        minimum: timers[4]!,
      };
    }
    case 'TXT': {
      if (fields.length === 0) throw new ZoneFileError(`${where}: TXT takes at least one string`);
      return {
        data: Buffer.concat(
          fields.map((f) => {
            const bytes = Buffer.from(f.text, 'latin1');
            if (bytes.length > 255) throw new ZoneFileError(`${where}: a TXT string longer than 255 bytes`);
            return Buffer.concat([Buffer.from([bytes.length]), bytes]);
          }),
        ),
      };
    }
  }
}

/** An IPv6 address in text (with `::`, and a dotted IPv4 tail) as its 16 bytes. */
function ipv6Bytes(text: string, where: string): Buffer {
  if (!isIPv6(text)) throw new ZoneFileError(`${where}: ${text} is not an IPv6 address`);
  let groups = text;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(groups);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number);
    groups = `${groups.slice(0, -tail[1]!.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, rest] = groups.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const all = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const out = Buffer.alloc(16);
  all.forEach((group, i) => out.writeUInt16BE(parseInt(group, 16), i * 2));
  return out;
}
