/**
 * DNS messages on the wire (RFC 1035 §4), as much as an authoritative server
 * of the competition's zones needs: a query's header and its one question
 * read, an answer written. Every read is bounded: a length or pointer that
 * runs past the packet, a name over 255 bytes, a pointer
 * that does not point backwards, a label type other than a plain one: each
 * is a `MalformedMessage`, never an exception of another kind, never a loop.
 */

/** Record types this server holds data for (RFC 1035, RFC 3596). */
export const TYPE = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28 } as const;
export type RecordTypeName = keyof typeof TYPE;
/** Query-only types (RFC 1035 §3.2.3, RFC 1995, RFC 6891): never data in a zone. */
export const QTYPE = { OPT: 41, TKEY: 249, TSIG: 250, IXFR: 251, AXFR: 252, MAILB: 253, MAILA: 254, ANY: 255 } as const;
export const CLASS_IN = 1;

export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
export const OPCODE_QUERY = 0;

/** The largest answer over UDP to a client that did not say it takes more (RFC 1035 §4.2.1). */
export const UDP_ANSWER_LIMIT = 512;
/** The largest query read: a question with EDNS options is well under this; anything longer is not a query of ours. */
export const QUERY_LIMIT = 4096;

const MAX_NAME_WIRE = 255;

export class MalformedMessage extends Error {}

/**
 * A domain name as a key: lower-case ASCII labels joined by dots, no final
 * dot; the root is ''. A label byte that a host name never holds (a dot
 * inside a label, a space, anything not printable) is written `\DDD`, so two
 * different names never share a key and no such name matches a zone's.
 */
export type NameKey = string;

export interface Question {
  /** The name's labels exactly as sent (their case kept, for the echo). */
  labels: Buffer[];
  key: NameKey;
  type: number;
  class: number;
}

export interface ParsedQuery {
  id: number;
  opcode: number;
  /** The client's recursion-desired bit, echoed. */
  rd: boolean;
  /** The question, when the message has exactly one that could be read. */
  question?: Question;
  /** Why there is no question: FORMERR. */
  problem?: string;
  /** A response (QR set) is never answered: two servers must not answer each other forever. */
  isResponse: boolean;
  /** It carries answer or authority records, which no query does (its additional records, EDNS's OPT, are ignored). */
  otherRecords?: boolean;
}

/**
 * Reads a query. Throws `MalformedMessage` only when the header itself is
 * missing (under 12 bytes: no id to answer with); every other defect comes
 * back as `problem`, answered FORMERR.
 */
export function parseQuery(packet: Buffer): ParsedQuery {
  if (packet.length < 12) throw new MalformedMessage('shorter than a header');
  const id = packet.readUInt16BE(0);
  const flags = packet.readUInt16BE(2);
  const query: ParsedQuery = {
    id,
    opcode: (flags >> 11) & 0xf,
    rd: (flags & 0x0100) !== 0,
    isResponse: (flags & 0x8000) !== 0,
    ...(packet.readUInt16BE(6) > 0 || packet.readUInt16BE(8) > 0 ? { otherRecords: true } : {}),
  };
  const questions = packet.readUInt16BE(4);
  if (questions !== 1) return { ...query, problem: `${questions} questions (one is asked at a time)` };
  try {
    const { labels, end } = readName(packet, 12);
    if (end + 4 > packet.length) throw new MalformedMessage('the question ends before its type and class');
    return { ...query, question: { labels, key: nameKey(labels), type: packet.readUInt16BE(end), class: packet.readUInt16BE(end + 2) } };
  } catch (error) {
    if (error instanceof MalformedMessage) return { ...query, problem: error.message };
    throw error;
  }
}

/**
 * Reads a name at `offset`: its labels and where the name ends in the packet
 * (after its first pointer, if it has one). Pointers must point strictly
 * before the label that holds them, so every jump goes back and the walk ends.
 */
export function readName(packet: Buffer, offset: number): { labels: Buffer[]; end: number } {
  const labels: Buffer[] = [];
  let wire = 1; // the root's zero byte
  let position = offset;
  let end: number | undefined;
  for (;;) {
    if (position >= packet.length) throw new MalformedMessage('a name runs past the end of the message');
    const length = packet[position]!;
    if ((length & 0xc0) === 0xc0) {
      if (position + 1 >= packet.length) throw new MalformedMessage('a name pointer runs past the end of the message');
      const target = ((length & 0x3f) << 8) | packet[position + 1]!;
      if (target >= position) throw new MalformedMessage('a name pointer that does not point backwards');
      end ??= position + 2;
      position = target;
      continue;
    }
    // 01 (extended labels, withdrawn by RFC 6891) and 10 (reserved) are not names: a plain label is at most 63 bytes.
    if ((length & 0xc0) !== 0) throw new MalformedMessage('a label type other than a plain label');
    if (length === 0) return { labels, end: end ?? position + 1 };
    if (position + 1 + length > packet.length) throw new MalformedMessage('a label runs past the end of the message');
    wire += length + 1;
    if (wire > MAX_NAME_WIRE) throw new MalformedMessage('a name longer than 255 bytes');
    labels.push(packet.subarray(position + 1, position + 1 + length));
    position += 1 + length;
  }
}

/** Letters, digits, hyphens and underscores stay as they are (lower-cased); every other byte is `\DDD`. */
export function nameKey(labels: readonly Buffer[]): NameKey {
  return labels
    .map((label) => {
      let text = '';
      for (const byte of label) {
        const plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x5f;
        const upper = byte >= 0x41 && byte <= 0x5a;
        text += plain ? String.fromCharCode(byte) : upper ? String.fromCharCode(byte + 0x20) : `\\${String(byte).padStart(3, '0')}`;
      }
      return text;
    })
    .join('.');
}

/** A name key (host-name labels only) in wire form, uncompressed. */
export function encodeName(key: NameKey): Buffer {
  const labels = key === '' ? [] : key.split('.');
  return Buffer.concat([...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')])), Buffer.from([0])]);
}

/** One resource record, its data already in wire form. */
export interface ResourceRecord {
  name: NameKey;
  type: number;
  ttl: number;
  data: Buffer;
}

export interface Answer {
  rcode: number;
  /** Authoritative: this server holds the zone the question is in. */
  aa: boolean;
  answers: ResourceRecord[];
  authority: ResourceRecord[];
}

/**
 * The answer's message: the question echoed as asked (when there is one),
 * then the records. Over UDP, an answer longer than `limit` goes without its
 * records and with TC set, so the client asks again over TCP.
 */
export function encodeAnswer(query: ParsedQuery, answer: Answer, limit = Infinity): Buffer {
  const question = query.question
    ? Buffer.concat([
        ...query.question.labels.map((label) => Buffer.concat([Buffer.from([label.length]), label])),
        Buffer.from([0]),
        u16(query.question.type),
        u16(query.question.class),
      ])
    : Buffer.alloc(0);
  const records = [...answer.answers, ...answer.authority].map(encodeRecord);
  const full = Buffer.concat([
    header(query, answer, false, [question.length > 0 ? 1 : 0, answer.answers.length, answer.authority.length]),
    question,
    ...records,
  ]);
  if (full.length <= limit) return full;
  return Buffer.concat([header(query, answer, true, [question.length > 0 ? 1 : 0, 0, 0]), question]);
}

function header(query: ParsedQuery, answer: Answer, truncated: boolean, [qd, an, ns]: number[]): Buffer {
  const flags = 0x8000 | ((query.opcode & 0xf) << 11) | (answer.aa ? 0x0400 : 0) | (truncated ? 0x0200 : 0) | (query.rd ? 0x0100 : 0) | (answer.rcode & 0xf);
  const out = Buffer.alloc(12);
  out.writeUInt16BE(query.id, 0);
  out.writeUInt16BE(flags, 2);
  out.writeUInt16BE(qd!, 4);
  out.writeUInt16BE(an!, 6);
  out.writeUInt16BE(ns!, 8);
  out.writeUInt16BE(0, 10);
  return out;
}

function encodeRecord(record: ResourceRecord): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(record.type, 0);
  fixed.writeUInt16BE(CLASS_IN, 2);
  fixed.writeUInt32BE(record.ttl, 4);
  fixed.writeUInt16BE(record.data.length, 8);
  return Buffer.concat([encodeName(record.name), fixed, record.data]);
}

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
}
