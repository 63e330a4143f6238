/**
 * The demo's mail server: an SMTP server that takes a message from a logged-in
 * account (AUTH PLAIN or LOGIN) into a mailbox in memory, and an IMAP server
 * that shows that mailbox (LOGIN, EXAMINE, SEARCH SUBJECT, FETCH of a
 * subject): enough of RFC 5321 and RFC 3501 for the mail checks, end to end. Logins are the accounts
 * given (the ones the API holds for each service); a team whose passwords
 * "changed" gets none. `drop` takes every message and keeps none (a blue
 * team's broken delivery): its SMTP check passes, its IMAP check does not.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { CheckAccount } from '#shared/domain/accounts';

/** The subjects of the messages a mailbox holds, oldest first; bounded, as a mail server's quota would. */
export class Mailbox {
  readonly subjects: string[] = [];
  add(subject: string): void {
    this.subjects.push(subject);
    if (this.subjects.length > 1000) this.subjects.shift();
  }
}

/** A line-at-a-time server: `handle` gets each line (without CRLF) and the socket. */
function lineServer(greeting: string, handle: (line: string, socket: Socket) => void): Server {
  return createServer((socket) => {
    socket.on('error', () => undefined);
    socket.write(`${greeting}\r\n`);
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      if (buffered.length > 64 * 1024) return void socket.destroy();
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end).replace(/\r$/, '');
        buffered = buffered.slice(end + 1);
        handle(line, socket);
      }
    });
  });
}

const knows = (accepted: CheckAccount[], username: string, password: string) =>
  accepted.some((a) => a.password !== undefined && a.password === password && (a.username === username || username.startsWith(`${a.username}@`)));

/** Where an SMTP session stands: logged in, amid DATA's lines, amid AUTH LOGIN's two answers. */
interface SmtpSession {
  authed?: boolean;
  data?: string[];
  login?: string[];
}

export function smtpServer(host: string, accepted: CheckAccount[], mailbox: Mailbox, options: { drop?: boolean } = {}): Server {
  const sessions = new WeakMap<Socket, SmtpSession>();
  return lineServer(`220 ${host} ESMTP Demo`, (line, socket) => {
    const state = sessions.get(socket) ?? {};
    sessions.set(socket, state);
    const reply = (text: string) => socket.write(`${text}\r\n`);
    if (state.data) {
      if (line !== '.') {
        // Headers are what the demo keeps; a message of more lines than a check sends is cut off.
        if (state.data.length < 200) state.data.push(line);
        return;
      }
      const subject = state.data.find((l) => /^subject:/i.test(l))?.replace(/^subject:\s*/i, '') ?? '';
      state.data = undefined;
      if (!options.drop) mailbox.add(subject);
      return reply('250 2.0.0 Queued');
    }
    if (state.login) {
      state.login.push(Buffer.from(line, 'base64').toString('utf8'));
      if (state.login.length === 1) return reply('334 UGFzc3dvcmQ6');
      const [user = '', password = ''] = state.login;
      state.login = undefined;
      state.authed = knows(accepted, user, password);
      return reply(state.authed ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
    }
    const [verb = '', ...rest] = line.split(' ');
    switch (verb.toUpperCase()) {
      case 'EHLO':
        return reply(`250-${host}\r\n250 AUTH PLAIN LOGIN`);
      case 'AUTH': {
        if (rest[0]?.toUpperCase() === 'LOGIN') {
          state.login = [];
          return reply('334 VXNlcm5hbWU6');
        }
        const [, user = '', password = ''] = Buffer.from(rest[1] ?? '', 'base64')
          .toString('utf8')
          .split('\0');
        state.authed = rest[0]?.toUpperCase() === 'PLAIN' && knows(accepted, user, password);
        return reply(state.authed ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
      }
      case 'MAIL':
        return reply(state.authed ? '250 2.1.0 Ok' : '530 5.7.0 Authentication required');
      case 'RCPT':
        return reply('250 2.1.5 Ok');
      case 'DATA':
        state.data = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'QUIT':
        return void socket.end('221 2.0.0 Bye\r\n');
      default:
        return reply('502 5.5.2 Command not recognized');
    }
  });
}

/** IMAP's quoted strings and atoms in a command's arguments. */
function imapArguments(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!));
}

export function imapServer(accepted: CheckAccount[], mailbox: Mailbox): Server {
  const loggedIn = new WeakSet<Socket>();
  return lineServer('* OK IMAP4rev1 Demo ready', (line, socket) => {
    const [tag = '*', verb = '', ...rest] = line.split(' ');
    const args = imapArguments(rest.join(' '));
    const reply = (text: string) => socket.write(`${text}\r\n`);
    switch (verb.toUpperCase()) {
      case 'CAPABILITY':
        return reply(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK CAPABILITY completed`);
      case 'LOGIN':
        if (!knows(accepted, args[0] ?? '', args[1] ?? '')) return reply(`${tag} NO [AUTHENTICATIONFAILED] Authentication failed.`);
        loggedIn.add(socket);
        return reply(`${tag} OK Logged in`);
      case 'SELECT':
      case 'EXAMINE':
        if (!loggedIn.has(socket)) return reply(`${tag} BAD Log in first`);
        if (args[0]?.toUpperCase() !== 'INBOX') return reply(`${tag} NO Mailbox doesn't exist: ${args[0] ?? ''}`);
        return reply(`* ${mailbox.subjects.length} EXISTS\r\n${tag} OK [READ-ONLY] Examine completed`);
      case 'SEARCH': {
        if (!loggedIn.has(socket)) return reply(`${tag} BAD Log in first`);
        const wanted = args[0]?.toUpperCase() === 'SUBJECT' ? (args[1] ?? '') : '';
        const hits = mailbox.subjects.flatMap((subject, i) => (subject.includes(wanted) ? [i + 1] : []));
        return reply(`* SEARCH${hits.map((n) => ` ${n}`).join('')}\r\n${tag} OK Search completed`);
      }
      case 'FETCH': {
        // Only what the check asks: one message's Subject header.
        if (!loggedIn.has(socket)) return reply(`${tag} BAD Log in first`);
        const number = Number(args[0]);
        const subject = mailbox.subjects[number - 1];
        if (subject === undefined) return reply(`${tag} NO No such message`);
        const header = `Subject: ${subject}\r\n\r\n`;
        return reply(`* ${number} FETCH (BODY[HEADER.FIELDS (SUBJECT)] {${Buffer.byteLength(header)}}\r\n${header})\r\n${tag} OK Fetch completed`);
      }
      case 'LOGOUT':
        return void socket.end(`* BYE Logging out\r\n${tag} OK Logout completed\r\n`);
      default:
        return reply(`${tag} BAD Unknown command`);
    }
  });
}
