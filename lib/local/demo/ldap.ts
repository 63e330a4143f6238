/**
 * The demo's directory: enough of LDAPv3 (RFC 4511) for the LDAP check, a
 * simple bind and a search, over a fixed set of entries in memory. Binds are
 * the accounts given (the ones the API holds for the service, by their user
 * name or the DN the directory gives them); a team whose passwords "changed"
 * gets none. `empty` makes every search find nothing (a directory whose
 * users were deleted). The requests are read with ldapts' own parsers, the
 * answers written with its BER writer.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { BerReader, BerWriter, BindRequest, PresenceFilter, ProtocolOperation, SearchRequest } from 'ldapts';
import type { CheckAccount } from '#shared/domain/accounts';

export interface DirectoryEntry {
  dn: string;
  attributes: Record<string, string[]>;
}

/** LDAP result codes the demo answers with (RFC 4511, 4.1.9). */
const SUCCESS = 0;
const PROTOCOL_ERROR = 2;
const NO_SUCH_OBJECT = 32;
const INVALID_CREDENTIALS = 49;
/** A request larger than this closes the connection: the demo needs small ones only. */
const REQUEST_MAX_BYTES = 64 * 1024;

export function ldapServer(accepted: CheckAccount[], entries: DirectoryEntry[], options: { empty?: boolean } = {}): Server {
  return createServer((socket) => {
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let bound = false;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length > REQUEST_MAX_BYTES) return void socket.destroy();
      try {
        for (let frame = nextFrame(buffered); frame; frame = nextFrame(buffered)) {
          buffered = buffered.subarray(frame.length);
          bound = answer(socket, frame, bound);
        }
      } catch {
        // A request ldapts cannot parse: a real server would answer a protocol error; the demo hangs up.
        socket.destroy();
      }
    });
  });

  /** Answers one request; returns whether the connection is bound after it. */
  function answer(socket: Socket, frame: Buffer, bound: boolean): boolean {
    const reader = new BerReader(frame);
    reader.readSequence();
    const messageId = reader.readInt() ?? 0;
    const operation = reader.readSequence();
    if (operation === ProtocolOperation.LDAP_REQ_BIND) {
      const request = new BindRequest({ messageId });
      request.parse(reader, []);
      const account = accepted.find((a) => a.password !== undefined && a.password === request.password && dnOf(a.username) === request.dn);
      socket.write(result(messageId, 0x61, account ? SUCCESS : INVALID_CREDENTIALS));
      return account !== undefined;
    }
    if (operation === ProtocolOperation.LDAP_REQ_SEARCH) {
      const request = new SearchRequest({ messageId, filter: new PresenceFilter({ attribute: 'objectClass' }) });
      request.parse(reader, []);
      const base = request.baseDN.toLowerCase();
      const under = entries.filter((e) => e.dn.toLowerCase() === base || e.dn.toLowerCase().endsWith(`,${base}`));
      // As a hardened directory does: nothing for an anonymous search, not even whether the base exists.
      if (!bound || under.length === 0) {
        socket.write(result(messageId, 0x65, NO_SUCH_OBJECT));
        return bound;
      }
      for (const entry of options.empty ? [] : under.filter((e) => request.filter.matches(flat(e)))) socket.write(searchEntry(messageId, entry));
      socket.write(result(messageId, 0x65, SUCCESS));
      return bound;
    }
    if (operation === ProtocolOperation.LDAP_REQ_UNBIND) {
      socket.end();
      return false;
    }
    socket.write(result(messageId, 0x78, PROTOCOL_ERROR));
    return bound;
  }

  /** An account's bind name: a DN as it is, a bare user name as the demo's People entry. */
  function dnOf(username: string): string {
    return username.includes('=') ? username : (entries.find((e) => e.attributes.uid?.includes(username))?.dn ?? username);
  }
}

/** The first whole LDAPMessage in the buffer, or none yet. */
function nextFrame(buffered: Buffer): Buffer | undefined {
  if (buffered.length < 2) return undefined;
  const reader = new BerReader(buffered);
  try {
    if (reader.readSequence() === null || reader.remain < reader.length) return undefined;
  } catch {
    return undefined;
  }
  return buffered.subarray(0, reader.offset + reader.length);
}

/** An entry's attributes as the filter matcher reads them: one value each (the first). */
const flat = (entry: DirectoryEntry): Record<string, string> =>
  Object.fromEntries(Object.entries(entry.attributes).map(([name, values]) => [name, values[0] ?? '']));

/** An LDAPResult under the given application tag (0x61 BindResponse, 0x65 SearchResultDone, 0x78 ExtendedResponse). */
function result(messageId: number, tag: number, code: number): Buffer {
  const writer = new BerWriter();
  writer.startSequence();
  writer.writeInt(messageId);
  writer.startSequence(tag);
  writer.writeEnumeration(code);
  writer.writeString('');
  writer.writeString('');
  writer.endSequence();
  writer.endSequence();
  return writer.buffer;
}

function searchEntry(messageId: number, entry: DirectoryEntry): Buffer {
  const writer = new BerWriter();
  writer.startSequence();
  writer.writeInt(messageId);
  writer.startSequence(0x64);
  writer.writeString(entry.dn);
  writer.startSequence();
  for (const [name, values] of Object.entries(entry.attributes)) {
    writer.startSequence();
    writer.writeString(name);
    writer.startSequence(0x31);
    for (const value of values) writer.writeString(value);
    writer.endSequence();
    writer.endSequence();
  }
  writer.endSequence();
  writer.endSequence();
  writer.endSequence();
  return writer.buffer;
}
