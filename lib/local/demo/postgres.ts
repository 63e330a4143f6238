/**
 * The demo's database server: PostgreSQL's wire protocol (version 3.0, the
 * simple query flow) in front of a few in-memory tables, enough for a real
 * client (`pg`) to log in with a password, run `SELECT … FROM <table>` and
 * read the rows, which is what the postgres login check does. It asks for
 * the password in clear text (a real server would use SCRAM; pg speaks
 * both) and answers any other statement with PostgreSQL's own error codes.
 * Logins are the accounts given (the ones the API holds for the service).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { CheckAccount } from '#shared/domain/accounts';

export interface DemoTable {
  columns: string[];
  rows: string[][];
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** One backend message: its type byte, then its length (counting itself) and body. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
function int32(n: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(n);
  return bytes;
}
function int16(n: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeInt16BE(n);
  return bytes;
}
const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');

const error = (code: string, text: string, severity = 'ERROR') =>
  message('E', Buffer.concat([cstring(`S${severity}`), cstring(`V${severity}`), cstring(`C${code}`), cstring(`M${text}`), Buffer.from([0])]));
const ready = () => message('Z', Buffer.from('I'));

export function postgresServer(accepted: CheckAccount[], tables: Record<string, DemoTable>): Server {
  return createServer((socket: Socket) => {
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let started = false;
    let user = '';
    let loggedIn = false;

    const answer = (sql: string) => {
      const table = /\bfrom\s+"?([a-z_][a-z0-9_]*)"?/i.exec(sql)?.[1]?.toLowerCase();
      if (!/^\s*select\b/i.test(sql)) return socket.write(Buffer.concat([error('25006', 'cannot execute this in a read-only demo database'), ready()]));
      if (!table || !tables[table]) return socket.write(Buffer.concat([error('42P01', `relation "${table ?? '?'}" does not exist`), ready()]));
      const { columns, rows } = tables[table];
      const fields = columns.map((c) => Buffer.concat([cstring(c), int32(0), int16(0), int32(25), int16(-1), int32(-1), int16(0)]));
      socket.write(
        Buffer.concat([
          message('T', Buffer.concat([int16(columns.length), ...fields])),
          ...rows.map((row) => message('D', Buffer.concat([int16(row.length), ...row.flatMap((v) => [int32(Buffer.byteLength(v)), Buffer.from(v)])]))),
          message('C', cstring(`SELECT ${rows.length}`)),
          ready(),
        ]),
      );
    };

    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          // The startup packet has no type byte: its length, then a protocol version or a request code.
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          const body = buffered.subarray(8, length);
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            socket.write('N');
            continue;
          }
          const parameters = body.toString('utf8').split('\0');
          user = parameters[parameters.indexOf('user') + 1] ?? '';
          started = true;
          socket.write(message('R', int32(3))); // AuthenticationCleartextPassword
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0]!);
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        const body = buffered.subarray(5, length + 1);
        buffered = buffered.subarray(length + 1);
        const text = body.toString('utf8').replace(/\0$/, '');
        if (type === 'p' && !loggedIn) {
          loggedIn = accepted.some((a) => a.username === user && a.password !== undefined && a.password === text);
          if (!loggedIn) return void socket.end(error('28P01', `password authentication failed for user "${user}"`, 'FATAL'));
          socket.write(
            Buffer.concat([
              message('R', int32(0)),
              ...[
                ['server_version', '15.0 (demo)'],
                ['client_encoding', 'UTF8'],
                ['standard_conforming_strings', 'on'],
                ['DateStyle', 'ISO, MDY'],
              ].map(([name, value]) => message('S', Buffer.concat([cstring(name!), cstring(value!)]))),
              message('K', Buffer.concat([int32(process.pid), int32(0)])),
              ready(),
            ]),
          );
        } else if (type === 'Q' && loggedIn) {
          answer(text);
        } else if (type === 'X') {
          return void socket.end();
        } else {
          return void socket.end(error('08P01', `unexpected message ${type}`, 'FATAL'));
        }
      }
    });
  });
}
