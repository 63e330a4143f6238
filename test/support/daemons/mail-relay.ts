/**
 * How mail reaches the test Dovecot's mailboxes: its LMTP server (Dovecot's
 * own delivery, into the user's Maildir), spoken to by lmtpDeliver() and by
 * the SMTP relay that Dovecot's submission service hands each message to.
 *
 * Why a relay of our own: dovecot-submissiond stores nothing itself, it relays
 * every message over SMTP to `submission_relay_host`, and it cannot relay to
 * Dovecot's LMTP directly: it greets with EHLO, which LMTP refuses ("500 5.5.1
 * Unknown command": LMTP says LHLO). A real MTA in between was the first
 * choice; Debian's smallest, OpenSMTPD (1 MB, 10 s to install), has its
 * control socket (/run/smtpd.sock) and queue (/var/spool/smtpd) compiled in:
 * a second run on the machine fails ("control socket already listening") and
 * both would share one queue. So the relay is this proxy, in the process that
 * starts the daemons: it answers EHLO itself, passes MAIL, RCPT, DATA (the
 * message as sent, dot-stuffing and all), RSET and NOOP to LMTP on a
 * connection of the session's own, and folds LMTP's one reply per accepted
 * recipient after DATA into SMTP's one. LMTP checks the recipients (an unknown
 * one is refused at RCPT) and has stored the message once DATA is answered.
 */
import { connect, createServer, type Socket } from 'node:net';
import type { Scope } from './daemon';

/** The name the relay gives itself in its greeting and EHLO reply. */
const RELAY_NAME = 'relay.test';

/**
 * The SMTP or LMTP replies arriving on a socket, in order, each whole
 * ("250-first line\r\n250 last line\r\n"). Read as Latin-1, as the relay
 * reads and writes everything: a message's 8-bit bytes pass through unchanged.
 */
class Replies {
  #buffer = '';
  readonly #ready: string[] = [];
  readonly #waiting: { resolve: (reply: string) => void; reject: (error: Error) => void }[] = [];
  #failure: Error | undefined;

  constructor(socket: Socket, what: string) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.#take(chunk));
    socket.once('error', (error) => this.#fail(new Error(`${what}: ${error.message}`)));
    socket.once('close', () => this.#fail(new Error(`${what} closed the connection`)));
  }

  /** The next reply (every call waits for one more). */
  next(): Promise<string> {
    const reply = this.#ready.shift();
    if (reply !== undefined) return Promise.resolve(reply);
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  #take(chunk: string): void {
    this.#buffer += chunk;
    // A reply ends with a line whose code is followed by a space (or nothing): "250 OK", not "250-…".
    for (let match; (match = /^(?:\d{3}-.*\r\n)*\d{3}(?: .*)?\r\n/.exec(this.#buffer));) {
      this.#buffer = this.#buffer.slice(match[0].length);
      const waiter = this.#waiting.shift();
      if (waiter) waiter.resolve(match[0]);
      else this.#ready.push(match[0]);
    }
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#failure);
  }
}

/** Sends one command and waits for its reply, which must have the expected code. */
async function command(socket: Socket, replies: Replies, line: string, expected: string): Promise<string> {
  socket.write(`${line}\r\n`, 'latin1');
  const reply = await replies.next();
  if (!reply.startsWith(expected)) throw new Error(`LMTP answered ${line.split(' ')[0]} with ${reply.trim()}`);
  return reply;
}

/** A message as DATA sends it: CRLF line ends, a leading dot doubled, the final dot line. */
function dataOf(message: string): string {
  const lines = message.replace(/\r?\n/g, '\r\n').replace(/\r\n$/, '').split('\r\n');
  return lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n') + '\r\n.\r\n';
}

interface Lmtp {
  socket: Socket;
  replies: Replies;
}

/** Opens an LMTP session on Dovecot's socket: greeted and LHLO said. */
async function lmtpSession(socketPath: string): Promise<Lmtp> {
  const socket = connect(socketPath);
  const replies = new Replies(socket, `LMTP (${socketPath})`);
  try {
    const greeting = await replies.next();
    if (!greeting.startsWith('220')) throw new Error(`LMTP greeted with ${greeting.trim()}`);
    await command(socket, replies, `LHLO ${RELAY_NAME}`, '250');
    return { socket, replies };
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/** Delivers a message (its text, headers first, sent as UTF-8) to one recipient through Dovecot's LMTP; resolves once it is stored. */
export async function lmtpDeliver(socketPath: string, sender: string, recipient: string, message: string): Promise<void> {
  const { socket, replies } = await lmtpSession(socketPath);
  try {
    await command(socket, replies, `MAIL FROM:<${sender}>`, '250');
    await command(socket, replies, `RCPT TO:<${recipient}>`, '250');
    await command(socket, replies, 'DATA', '354');
    socket.write(dataOf(message), 'utf8');
    const stored = await replies.next();
    if (!stored.startsWith('250')) throw new Error(`LMTP did not store the message: ${stored.trim()}`);
    socket.end('QUIT\r\n');
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/**
 * Starts the SMTP relay for Dovecot's submission service on 127.0.0.1 and a
 * port the system picks (no race: it is ours as it is bound), closed by the
 * Scope. Resolves to its port.
 */
export async function startSubmissionRelay(scope: Scope, lmtpSocket: string): Promise<number> {
  const sessions = new Set<Socket>();
  const server = createServer((client) => {
    sessions.add(client);
    client.once('close', () => sessions.delete(client));
    relay(client, lmtpSocket);
  });
  scope.defer(() => {
    server.close();
    for (const client of sessions) client.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return (server.address() as { port: number }).port;
}

/** One SMTP session from Dovecot's submission service, passed on to an LMTP session of its own. */
function relay(client: Socket, lmtpSocket: string): void {
  client.setEncoding('latin1');
  const session = lmtpSession(lmtpSocket);
  const state = { inData: false, recipients: 0 };
  let open = true;
  // Steps run one after the other (each may wait for LMTP), in the order the lines came; the first failure ends the session.
  let queue = Promise.resolve();
  const then = (step: (lmtp: Lmtp) => Promise<void> | void) => {
    queue = queue
      .then(async () => {
        if (open) await step(await session);
      })
      .catch((error: unknown) => {
        open = false;
        client.end(`421 4.3.0 ${error instanceof Error ? error.message : String(error)}\r\n`, 'latin1');
      });
  };
  then(() => void client.write(`220 ${RELAY_NAME} ESMTP relay to Dovecot's LMTP\r\n`, 'latin1'));
  let buffer = '';
  client.on('data', (chunk: string) => {
    const lines = (buffer + chunk).split('\r\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      then(async (lmtp) => {
        const quit = !state.inData && /^QUIT$/i.test(line.trim());
        client.write(await answer(line, lmtp, state), 'latin1');
        if (quit) {
          open = false;
          client.end();
        }
      });
    }
  });
  client.once('error', () => client.destroy());
  client.once('close', () => {
    session.then(({ socket }) => socket.end('QUIT\r\n')).catch(() => {});
  });
}

/** The relay's reply to one line from the client: its own for EHLO and QUIT, LMTP's for the rest. */
async function answer(line: string, lmtp: Lmtp, state: { inData: boolean; recipients: number }): Promise<string> {
  if (state.inData) {
    lmtp.socket.write(`${line}\r\n`, 'latin1');
    if (line !== '.') return '';
    state.inData = false;
    // LMTP answers once per accepted recipient; SMTP's one reply is the first failure, or the first success.
    const results = await Promise.all(Array.from({ length: state.recipients }, () => lmtp.replies.next()));
    state.recipients = 0;
    return results.find((reply) => !reply.startsWith('2')) ?? results[0] ?? '554 5.5.1 No valid recipients\r\n';
  }
  const verb = line.slice(0, 4).toUpperCase();
  if (verb === 'EHLO' || verb === 'HELO') return `250-${RELAY_NAME}\r\n250-8BITMIME\r\n250 ENHANCEDSTATUSCODES\r\n`;
  if (verb === 'QUIT') return '221 2.0.0 Bye\r\n';
  if (!['MAIL', 'RCPT', 'DATA', 'RSET', 'NOOP'].includes(verb)) return '502 5.5.1 Not a command this relay passes on\r\n';
  lmtp.socket.write(`${line}\r\n`, 'latin1');
  const reply = await lmtp.replies.next();
  if (verb === 'MAIL' || verb === 'RSET') state.recipients = 0;
  if (verb === 'RCPT' && reply.startsWith('2')) state.recipients++;
  if (verb === 'DATA' && reply.startsWith('354')) state.inData = true;
  return reply;
}
