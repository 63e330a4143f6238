/**
 * The mail checks against the run's real Dovecot (test/support/daemons/
 * dovecot.ts: IMAP, POP3, submission, with their TLS ports): SMTP submits a
 * message carrying the round's token, and the mailbox checks of the next
 * round find it by that token, in the clear, after STARTTLS/STLS and over
 * TLS from the start. A wrong password, a token no message carries (the
 * message "from the previous round" lost), a mailbox that does not exist and
 * a stopped server each fail with their own reason and category, none
 * holding a secret. `blue` sends, `ops` receives; neither password changes.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import type { MailboxCheck, SmtpCheck } from '#shared/domain/check-definitions';
import { runCheck, type CheckOutcome, type MailRound } from '../../functions/agent/kinds';
import { subjectOf } from '../../functions/agent/kinds/mail';
import { hmacMailToken } from '#shared/mail-token';
import { imapServer, Mailbox, smtpServer } from '../../lib/local/demo/mail';
import { freePort } from '../support/daemons/daemon';
import { mailboxMessages } from '../support/daemons/dovecot';

const dovecot = inject('dovecot');
const { blue, ops } = dovecot.users;
const WRONG = `Wrong-${randomUUID().slice(0, 8)}`;
const secrets = [blue.password, ops.password, WRONG];
const outcomes: CheckOutcome[] = [];
const token = hmacMailToken(`mail test ${randomUUID()}`);

async function check(port: number, definition: SmtpCheck | MailboxCheck, account?: CheckAccount, mail?: MailRound): Promise<CheckOutcome> {
  const outcome = await runCheck({ host: 'mail.team1.example', address: '127.0.0.1', port }, definition, { account, mail });
  outcomes.push(outcome);
  return outcome;
}
const as = (user: { name: string; password: string }, password = user.password) => ({ username: user.name, password });
const smtp = (extra: Partial<SmtpCheck> = {}): SmtpCheck => ({ check: 'smtp', mail_to: 'ops', timeout_seconds: 5, ...extra });
const mailbox = (kind: MailboxCheck['check'], extra: Partial<MailboxCheck> = {}): MailboxCheck => ({
  check: kind,
  sent_by: 'Mail out',
  timeout_seconds: 5,
  ...extra,
});
const sending = async (scanId: string) => ({ send: { to: ops.address, from: blue.address, token: await token(scanId) } });

describe('the mail checks (Dovecot on loopback)', () => {
  it('sends a message with the round token as the account, after STARTTLS and over TLS, which lands in the mailbox', async () => {
    const plain = await sending(`r1-svc1-${randomUUID()}`);
    expect(await check(dovecot.ports.submission, smtp(), as(blue), plain)).toEqual({ passed: true });
    const tls = await sending(`r1-svc2-${randomUUID()}`);
    expect(await check(dovecot.ports.submissions, smtp({ check: 'smtps' }), as(blue), tls)).toEqual({ passed: true });
    const delivered = mailboxMessages(dovecot, 'ops').join('\n');
    for (const sent of [plain, tls]) expect(delivered).toContain(`Subject: ${subjectOf(sent.send.token)}`);
    // Without mail_to, the greeting alone; with TLS from the first byte for smtps.
    expect(await check(dovecot.ports.submission, { check: 'smtp', timeout_seconds: 5 })).toEqual({ passed: true });
    expect(await check(dovecot.ports.submissions, { check: 'smtps', timeout_seconds: 5 })).toEqual({ passed: true });
  });

  it("finds the previous round's message by its token over IMAP and POP3, in the clear, after STARTTLS or STLS, and over TLS", async () => {
    const sent = await sending(`r2-svc1-${randomUUID()}`);
    expect(await check(dovecot.ports.submission, smtp(), as(blue), sent)).toEqual({ passed: true });
    const find = { find: { token: sent.send.token } };
    for (const [kind, port] of [
      ['imap', dovecot.ports.imap],
      ['imaps', dovecot.ports.imaps],
      ['pop3', dovecot.ports.pop3],
      ['pop3s', dovecot.ports.pop3s],
    ] as const) {
      expect(await check(port, mailbox(kind), as(ops), find), kind).toEqual({ passed: true });
      // Logged in by address too, as many mail servers want.
      expect(await check(port, mailbox(kind), { username: ops.address, password: ops.password }), kind).toEqual({ passed: true });
    }
  });

  it('fails a mailbox whose message of the previous round never arrived: a server that accepts mail and drops it', async () => {
    const dropper = await droppingSmtpServer();
    try {
      const lost = await sending(`r3-svc1-${randomUUID()}`);
      // The team's SMTP takes the message, so the SMTP check passes…
      expect(await check(dropper.port, smtp(), as(blue), lost)).toEqual({ passed: true });
      // …and the next round's mailbox checks do not find it.
      const find = { find: { token: lost.send.token } };
      expect(await check(dovecot.ports.imap, mailbox('imap'), as(ops), find)).toEqual({
        passed: false,
        error: 'message from the previous round not found in INBOX',
        category: 'content mismatch',
      });
      expect(await check(dovecot.ports.pop3, mailbox('pop3'), as(ops), find)).toMatchObject({
        passed: false,
        error: expect.stringMatching(/^message from the previous round not found \(in the newest \d+ of \d+\)$/),
        category: 'content mismatch',
      });
    } finally {
      dropper.server.close();
    }
  });

  it('fails a wrong password at each kind as a refused login, never saying it', async () => {
    const sent = await sending(`r4-svc1-${randomUUID()}`);
    expect(await check(dovecot.ports.submission, smtp(), as(blue, WRONG), sent)).toEqual({
      passed: false,
      error: `login as ${blue.name} refused`,
      category: 'login failed',
    });
    for (const [kind, port] of [
      ['imap', dovecot.ports.imap],
      ['pop3s', dovecot.ports.pop3s],
    ] as const) {
      expect(await check(port, mailbox(kind), as(ops, WRONG)), kind).toEqual({
        passed: false,
        error: `login as ${ops.name} refused`,
        category: 'login failed',
      });
    }
  });

  it('fails a mailbox that does not exist, a recipient the server refuses, a stopped server and TLS against a plain port, each as such', async () => {
    expect(await check(dovecot.ports.imap, mailbox('imap', { mailbox: 'Archive-missing' }), as(ops))).toMatchObject({
      passed: false,
      error: expect.stringMatching(/^the mailbox Archive-missing cannot be opened: "NO /),
      category: 'content mismatch',
    });
    const nobody = { send: { to: 'nobody@mail.test', from: blue.address, token: await token('r5') } };
    expect(await check(dovecot.ports.submission, smtp(), as(blue), nobody)).toMatchObject({
      passed: false,
      error: expect.stringMatching(/^the recipient nobody@mail\.test refused: "5\d\d /),
      category: 'content mismatch',
    });
    const stopped = await freePort();
    expect(await check(stopped, mailbox('imap'), as(ops))).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
    expect(await check(dovecot.ports.imap, mailbox('imaps'), as(ops))).toMatchObject({ passed: false, category: 'tls' });
    expect(await check(dovecot.ports.pop3, mailbox('pop3'))).toMatchObject({ passed: false, category: 'agent error' });
    // POP3's USER takes one word.
    expect(await check(dovecot.ports.pop3, mailbox('pop3'), { username: 'Scoring Bot', password: WRONG })).toEqual({
      passed: false,
      error: 'no check account to sign in with: pop3 sends the user name as one word; Scoring Bot holds a space',
      category: 'agent error',
    });
  });
});

describe('servers that echo what they refused', () => {
  /** A line server that answers each line with `answer` (or nothing), after its greeting. */
  async function echoing(greeting: string, answer: (line: string) => string | undefined): Promise<Server> {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write(`${greeting}\r\n`);
      let buffered = '';
      socket.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
          const reply = answer(buffered.slice(0, end).replace(/\r$/, ''));
          buffered = buffered.slice(end + 1);
          if (reply !== undefined) socket.write(`${reply}\r\n`);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  it('finds no message where an IMAP server names a search hit whose subject is not the token', async () => {
    const liar = await echoing('* OK ready', (line) => {
      const [tag, verb] = line.split(' ');
      if (verb === 'CAPABILITY') return `* CAPABILITY IMAP4rev1\r\n${tag} OK done`;
      if (verb === 'SEARCH') return `* SEARCH 1\r\n${tag} OK done`;
      if (verb === 'FETCH') return `* 1 FETCH (BODY[HEADER.FIELDS (SUBJECT)] {18}\r\nSubject: Lunch\r\n\r\n)\r\n${tag} OK done`;
      return `${tag} OK done`;
    });
    try {
      expect(await check((liar.address() as { port: number }).port, mailbox('imap'), as(ops), { find: { token: await token('liar') } })).toEqual({
        passed: false,
        error: 'message from the previous round not found in INBOX (the search named message 1, whose subject is not it)',
        category: 'content mismatch',
      });
    } finally {
      liar.close();
    }
  });

  it('never quote the secret: not as sent, not in base64, not cut short, not escaped', async () => {
    const long = `Long-${'x'.repeat(150)}-${randomUUID()}`;
    const quirky = `Grüße "quoted" \\ ${randomUUID().slice(0, 8)}`;
    secrets.push(long, quirky, Buffer.from(`\0blue\0${long}`).toString('base64'), long.slice(0, 40));
    const smtpd = await echoing('220 mx ESMTP', (line) => (/^EHLO/i.test(line) ? '250-mx\r\n250 AUTH PLAIN' : `501 5.5.4 Syntax error in "${line}"`));
    const imapd = await echoing('* OK ready', (line) => {
      const [tag, verb] = line.split(' ');
      return verb === 'CAPABILITY' ? `* CAPABILITY IMAP4rev1\r\n${tag} OK done` : `${tag} BAD Error in IMAP command: ${line}`;
    });
    const pop3d = await echoing('+OK ready', (line) => (line === 'CAPA' ? '-ERR' : line.startsWith('USER') ? '+OK' : `-ERR unknown command ${line}`));
    const port = (server: Server) => (server.address() as { port: number }).port;
    try {
      const sent = { send: { to: 'ops@mail.test', from: 'blue@mail.test', token: await token('echo') } };
      for (const password of [long, quirky]) {
        const account = { username: 'blue', password };
        expect(await check(port(smtpd), smtp(), account, sent)).toMatchObject({
          passed: false,
          category: 'protocol error',
          error: expect.stringContaining('[redacted]'),
        });
        expect(await check(port(imapd), mailbox('imap'), account)).toMatchObject({ passed: false, error: expect.stringContaining('[redacted]') });
        expect(await check(port(pop3d), mailbox('pop3'), account)).toMatchObject({ passed: false, category: 'login failed' });
      }
    } finally {
      for (const server of [smtpd, imapd, pop3d]) server.close();
    }
  });
});

describe('SMTP on port 25 from Lambda', () => {
  it('says that AWS blocks the port when the check cannot reach it from Lambda, and only there', async () => {
    const at25 = () => check(25, { check: 'smtp', timeout_seconds: 2 });
    expect(await at25()).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'scoring-test-Agent';
    try {
      expect(await at25()).toEqual({
        passed: false,
        error: 'connection refused (AWS blocks port 25 from Lambda until it lifts the block on request: docs/agent.md)',
        category: 'connection refused',
      });
    } finally {
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
  });
});

describe("the demo's mail server (lib/local/demo/mail.ts), which npm start plays the sample's teams with", () => {
  it("takes the account's message into the team's mailbox, where IMAP finds it; a dropping one keeps nothing; a wrong password is refused", async () => {
    const account = { username: 'blue', password: `Demo-${randomUUID().slice(0, 8)}` };
    secrets.push(account.password);
    const listening = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    };
    for (const drop of [false, true]) {
      const held = new Mailbox();
      const smtpd = smtpServer('mail.team1.example', [account], held, { drop });
      const imapd = imapServer([account], held);
      try {
        const [smtpPort, imapPort] = [await listening(smtpd), await listening(imapd)];
        const sent = { send: { to: 'blue@team1.example', from: 'blue@team1.example', token: await token(`demo-${randomUUID()}`) } };
        expect(await check(smtpPort, smtp({ mail_to: 'blue' }), account, sent)).toEqual({ passed: true });
        const found = await check(imapPort, mailbox('imap'), account, { find: { token: sent.send.token } });
        expect(found, `drop: ${drop}`).toEqual(
          drop ? { passed: false, error: 'message from the previous round not found in INBOX', category: 'content mismatch' } : { passed: true },
        );
        expect(await check(imapPort, mailbox('imap'), { ...account, password: WRONG })).toMatchObject({ passed: false, category: 'login failed' });
        expect(await check(smtpPort, smtp(), { ...account, password: WRONG }, sent)).toMatchObject({ passed: false, category: 'login failed' });
      } finally {
        smtpd.close();
        imapd.close();
      }
    }
  });
});

afterAll(() => {
  const reasons = JSON.stringify(outcomes);
  for (const secret of secrets) expect(reasons).not.toContain(secret);
});

/** A mail server that takes every message and keeps none (a blue team's broken delivery). */
async function droppingSmtpServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.write('220 drop.example ESMTP\r\n');
    let data = false;
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 2.0.0 queued\r\n');
          }
        } else if (/^EHLO/i.test(line)) socket.write('250-drop.example\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (/^AUTH/i.test(line)) socket.write('235 2.7.0 ok\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}
