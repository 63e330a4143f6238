/**
 * The tests' side of DNS on the wire: a query built byte by byte, and an
 * answer read back into plain values (names made absolute keys, data decoded
 * by type), so the zone server's answers and BIND's can be compared as values.
 */
import { readName, nameKey } from '../../functions/agent/local/dns/message';

export interface QueryOptions {
  id?: number;
  type: number;
  klass?: number;
  opcode?: number;
  rd?: boolean;
  /** Labels as sent (their case kept). */
  name: string;
}

export function query({ id = 0x1234, type, klass = 1, opcode = 0, rd = true, name }: QueryOptions): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(((opcode & 0xf) << 11) | (rd ? 0x0100 : 0), 2);
  header.writeUInt16BE(1, 4);
  const labels = name === '' ? [] : name.split('.');
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(type, 0);
  tail.writeUInt16BE(klass, 2);
  return Buffer.concat([header, ...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0]), tail]);
}

export interface DecodedRecord {
  name: string;
  type: number;
  ttl: number;
  data: string;
}

export interface DecodedAnswer {
  id: number;
  rcode: number;
  aa: boolean;
  tc: boolean;
  rd: boolean;
  opcode: number;
  /** The question as echoed, with its case. */
  question?: string;
  answers: DecodedRecord[];
  authority: DecodedRecord[];
}

const TYPES = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28 };

export function decode(message: Buffer): DecodedAnswer {
  const flags = message.readUInt16BE(2);
  const counts = [4, 6, 8, 10].map((at) => message.readUInt16BE(at));
  let offset = 12;
  let question: string | undefined;
  for (let i = 0; i < counts[0]!; i++) {
    const { labels, end } = readName(message, offset);
    question = labels.map((l) => l.toString('latin1')).join('.');
    offset = end + 4;
  }
  const section = (count: number) => {
    const records: DecodedRecord[] = [];
    for (let i = 0; i < count; i++) {
      const { labels, end } = readName(message, offset);
      const type = message.readUInt16BE(end);
      const ttl = message.readUInt32BE(end + 4);
      const length = message.readUInt16BE(end + 8);
      const start = end + 10;
      records.push({ name: nameKey(labels), type, ttl, data: rdata(message, type, start, length) });
      offset = start + length;
    }
    return records;
  };
  const answers = section(counts[1]!);
  const authority = section(counts[2]!);
  return {
    id: message.readUInt16BE(0),
    rcode: flags & 0xf,
    aa: (flags & 0x0400) !== 0,
    tc: (flags & 0x0200) !== 0,
    rd: (flags & 0x0100) !== 0,
    opcode: (flags >> 11) & 0xf,
    ...(question !== undefined ? { question } : {}),
    answers,
    authority,
  };
}

function rdata(message: Buffer, type: number, start: number, length: number): string {
  const name = (at: number) => readName(message, at);
  switch (type) {
    case TYPES.A:
      return [...message.subarray(start, start + 4)].join('.');
    case TYPES.AAAA:
      return message.subarray(start, start + 16).toString('hex');
    case TYPES.NS:
    case TYPES.CNAME:
      return nameKey(name(start).labels);
    case TYPES.MX:
      return `${message.readUInt16BE(start)} ${nameKey(name(start + 2).labels)}`;
    case TYPES.SOA: {
      const mname = name(start);
      const rname = name(mname.end);
      const numbers = [0, 1, 2, 3, 4].map((i) => message.readUInt32BE(rname.end + i * 4));
      return [nameKey(mname.labels), nameKey(rname.labels), ...numbers].join(' ');
    }
    case TYPES.TXT: {
      const strings: string[] = [];
      for (let at = start; at < start + length; at += 1 + message[at]!) strings.push(message.subarray(at + 1, at + 1 + message[at]!).toString('latin1'));
      return JSON.stringify(strings);
    }
    default:
      return message.subarray(start, start + length).toString('hex');
  }
}
