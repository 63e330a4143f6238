/**
 * The run's Dovecot (test/support/daemons/dovecot.ts) does what the mail
 * login checks rely on, spoken to line by line over node:net and node:tls as
 * a check would: IMAP and POP3 let a user in with the right password on the
 * plain ports, after STARTTLS and on the implicit-TLS ports, and refuse a
 * wrong one; a message submitted with AUTH on the submission port is in the
 * recipient's INBOX by the time DATA is answered; the helpers deliver, list
 * and clear messages and change a password.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { describe, inject, it } from 'vitest';
import { clearMailbox, deliver, mailboxMessages, setMailPassword } from '../support/daemons/dovecot';

/** How long a reply may take (a failed login is answered on Dovecot's next half-second tick). */
const REPLY_TIMEOUT_MS = 5_000;

/** A line protocol's session (IMAP, POP3, SMTP) over TCP, or TLS from the start or after STARTTLS. */
class Session {
  #socket: Socket | TLSSocket;
  #buffer = '';

  private constructor(socket: Socket | TLSSocket) {
    this.#socket = socket;
    this.#listen();
  }

  static async open(port: number, tls = false): Promise<Session> {
    const socket = tls ? connectTls({ host: '127.0.0.1', port, rejectUnauthorized: false }) : connectTcp(port, '127.0.0.1');
    await once(socket, tls ? 'secureConnect' : 'connect');
    return new Session(socket);
  }

  get tls(): TLSSocket | undefined {
    return 'encrypted' in this.#socket ? this.#socket : undefined;
  }

  /** Reads up to the first line that matches `last` and returns what it read, that line included. */
  async read(last: RegExp): Promise<string> {
    for (;;) {
      const lines = this.#buffer.split('\r\n');
      const at = lines.slice(0, -1).findIndex((line) => last.test(line));
      if (at >= 0) {
        this.#buffer = lines.slice(at + 1).join('\r\n');
        return lines.slice(0, at + 1).join('\r\n') + '\r\n';
      }
      await once(this.#socket, 'data', { signal: AbortSignal.timeout(REPLY_TIMEOUT_MS) }).catch(() => {
        throw new Error(`no line like ${last} within ${REPLY_TIMEOUT_MS / 1000} s; got ${JSON.stringify(this.#buffer)}`);
      });
    }
  }

  /** Sends a line and reads the reply up to the line that matches `last`. */
  command(line: string, last: RegExp): Promise<string> {
    this.#socket.write(`${line}\r\n`);
    return this.read(last);
  }

  /** Goes on over TLS on the same connection (after the server said yes to STARTTLS or STLS). */
  async startTls(): Promise<void> {
    this.#socket.removeAllListeners('data');
    const secure = connectTls({ socket: this.#socket, rejectUnauthorized: false });
    await once(secure, 'secureConnect');
    this.#socket = secure;
    this.#listen();
  }

  close(): void {
    this.#socket.destroy();
  }

  #listen(): void {
    this.#socket.setEncoding('utf8');
    this.#socket.on('data', (chunk: string) => (this.#buffer += chunk));
  }
}

/** The end of a tagged IMAP reply (not an untagged "* OK"), of a one-line POP3 reply, of an SMTP reply (its last line). */
const IMAP_DONE = /^\w+ (OK|NO|BAD) /;
const POP3_DONE = /^[+-]/;
const SMTP_DONE = /^\d{3} /;

async function withSession<T>(port: number, tls: boolean, use: (session: Session) => Promise<T>): Promise<T> {
  const session = await Session.open(port, tls);
  try {
    return await use(session);
  } finally {
    session.close();
  }
}

describe.concurrent('Dovecot', () => {
  const dovecot = inject('dovecot');
  const { ports } = dovecot;
  const { blue, ops } = dovecot.users;

  it('IMAP: offers STARTTLS, refuses a wrong password (AUTHENTICATIONFAILED) and lets in the right one in plaintext', async ({ expect }) => {
    await withSession(ports.imap, false, async (imap) => {
      expect(await imap.read(/^\* OK/)).toMatch(/STARTTLS.*AUTH=PLAIN AUTH=LOGIN/);
      expect(await imap.command(`a1 LOGIN ${blue.name} "not-the-password"`, IMAP_DONE)).toMatch(/^a1 NO \[AUTHENTICATIONFAILED\]/m);
      expect(await imap.command(`a2 LOGIN ${blue.name} "${blue.password}"`, IMAP_DONE)).toMatch(/^a2 OK .*Logged in/m);
    });
  });

  it('IMAPS and IMAP after STARTTLS: TLS with the self-signed certificate, then a login by address', async ({ expect }) => {
    await withSession(ports.imaps, true, async (imaps) => {
      expect(imaps.tls?.getProtocol()).toMatch(/^TLSv1\.[23]$/);
      expect(imaps.tls?.getPeerCertificate().subject.CN).toBe('localhost');
      await imaps.read(/^\* OK/);
      expect(await imaps.command(`a LOGIN ${blue.address} "${blue.password}"`, IMAP_DONE)).toMatch(/^a OK /m);
    });
    await withSession(ports.imap, false, async (imap) => {
      await imap.read(/^\* OK/);
      expect(await imap.command('a STARTTLS', IMAP_DONE)).toMatch(/^a OK /m);
      await imap.startTls();
      expect(await imap.command(`b LOGIN ${blue.name} "${blue.password}"`, IMAP_DONE)).toMatch(/^b OK /m);
    });
  });

  it('POP3: offers STLS and USER, refuses a wrong PASS and takes the right one; POP3S greets over TLS', async ({ expect }) => {
    await withSession(ports.pop3, false, async (pop3) => {
      expect(await pop3.read(POP3_DONE)).toMatch(/^\+OK/);
      expect(await pop3.command('CAPA', /^\.$/)).toMatch(/^STLS$[\s\S]*^USER$/m);
      await pop3.command(`USER ${blue.name}`, POP3_DONE);
      expect(await pop3.command('PASS not-the-password', POP3_DONE)).toMatch(/^-ERR \[AUTH\]/);
      await pop3.command(`USER ${blue.name}`, POP3_DONE);
      expect(await pop3.command(`PASS ${blue.password}`, POP3_DONE)).toMatch(/^\+OK Logged in/);
      expect(await pop3.command('STAT', POP3_DONE)).toMatch(/^\+OK \d+ \d+/);
    });
    await withSession(ports.pop3s, true, async (pop3s) => {
      expect(await pop3s.read(POP3_DONE)).toMatch(/^\+OK/);
    });
  });

  it('submission: AUTH PLAIN (a wrong password 535), then a message to ops is in its INBOX when DATA is answered', async ({ expect }) => {
    const subject = `scored ${randomUUID()}`;
    const plain = (password: string) => Buffer.from(`\0${ops.name}\0${password}`).toString('base64');
    await withSession(ports.submission, false, async (smtp) => {
      expect(await smtp.read(SMTP_DONE)).toMatch(/^220 /);
      expect(await smtp.command('EHLO check.test', SMTP_DONE)).toMatch(/^250-AUTH PLAIN LOGIN$[\s\S]*^250-STARTTLS$/m);
      expect(await smtp.command(`AUTH PLAIN ${plain('not-the-password')}`, SMTP_DONE)).toMatch(/^535 /);
      expect(await smtp.command(`AUTH PLAIN ${plain(ops.password)}`, SMTP_DONE)).toMatch(/^235 /);
      expect(await smtp.command(`MAIL FROM:<${ops.address}>`, SMTP_DONE)).toMatch(/^250 /);
      expect(await smtp.command(`RCPT TO:<${ops.address}>`, SMTP_DONE)).toMatch(/^250 /);
      expect(await smtp.command('DATA', SMTP_DONE)).toMatch(/^354 /);
      const message = [`From: <${ops.address}>`, `To: <${ops.address}>`, `Subject: ${subject}`, '', 'Sent through submission.', '.'];
      expect(await smtp.command(message.join('\r\n'), SMTP_DONE)).toMatch(/^250 /);
      await smtp.command('QUIT', SMTP_DONE);
    });
    await withSession(ports.imap, false, async (imap) => {
      await imap.read(/^\* OK/);
      await imap.command(`a LOGIN ${ops.name} "${ops.password}"`, IMAP_DONE);
      const selected = await imap.command('b SELECT INBOX', IMAP_DONE);
      expect(Number(/^\* (\d+) EXISTS$/m.exec(selected)?.[1])).toBeGreaterThanOrEqual(1);
    });
    expect(mailboxMessages(dovecot, 'ops').some((message) => message.includes(`Subject: ${subject}`))).toBe(true);
  });

  it('submissions (implicit TLS) offers AUTH PLAIN and LOGIN', async ({ expect }) => {
    await withSession(ports.submissions, true, async (smtps) => {
      await smtps.read(SMTP_DONE);
      expect(await smtps.command('EHLO check.test', SMTP_DONE)).toMatch(/^250-AUTH PLAIN LOGIN$/m);
    });
  });

  it('the helpers deliver, list and clear a message, and change a password (the old one then fails)', async ({ expect }) => {
    // Its own user: the others' passwords and mailboxes stay as other test files expect them.
    const { deploy } = dovecot.users;
    const stat = (password: string) =>
      withSession(ports.pop3, false, async (pop3) => {
        await pop3.read(POP3_DONE);
        await pop3.command(`USER ${deploy.name}`, POP3_DONE);
        const login = await pop3.command(`PASS ${password}`, POP3_DONE);
        return login.startsWith('+OK') ? pop3.command('STAT', POP3_DONE) : login;
      });
    await deliver(dovecot, 'deploy', 'Subject: flag\n\n.leading dot\n');
    expect(mailboxMessages(dovecot, 'deploy')).toEqual([expect.stringMatching(/^Subject: flag\n\n\.leading dot\n$/m)]);
    expect(await stat(deploy.password)).toMatch(/^\+OK 1 /);
    clearMailbox(dovecot, 'deploy');
    expect(mailboxMessages(dovecot, 'deploy')).toEqual([]);
    expect(await stat(deploy.password)).toMatch(/^\+OK 0 0/);
    try {
      await setMailPassword(dovecot, 'deploy', 'changed-by-blue');
      expect(await stat(deploy.password)).toMatch(/^-ERR \[AUTH\]/);
      expect(await stat('changed-by-blue')).toMatch(/^\+OK 0 0/);
    } finally {
      // As the run's users were given (a rerun in watch mode logs in with it).
      await setMailPassword(dovecot, 'deploy', deploy.password);
    }
  });
});
