import type { CheckAccount } from '#shared/domain/accounts';
import { DEFAULT_BANNERS, type MailboxCheck, type SmtpCheck } from '#shared/domain/check-definitions';
import { compilePattern } from '#shared/domain/patterns';
import { checkBanner } from './banner';
import { fitsOnALine, LineSession } from './lines';
import { noAccount, pass, printable, refuse, withDeadline, type CheckOutcome, type FailedOutcome, type ProbeTarget } from './probe';

/**
 * What a round gives a mail check beyond its definition (round.ts works it
 * out): the message an SMTP check sends, or the one a mailbox check looks for.
 * A token is an HMAC of the sending check's scan id (mail-token.ts): the agent
 * keeps nothing between rounds, and a team cannot make one up.
 */
export interface MailRound {
  /** SMTP with `mail_to`: the complete addresses and this round's token. */
  send?: { to: string; from: string; token: string };
  /** A mailbox check with `sent_by`, when the previous round's SMTP check sent its message: that message's token. */
  find?: { token: string };
}

/** The subject of every message the SMTP check sends: the mailbox checks look for the token in it. */
export const subjectOf = (token: string) => `Scoring check ${token}`;

/** How many of a POP3 mailbox's newest messages the check reads the headers of, looking for the token. */
export const POP3_NEWEST_READ = 20;
/** How much of an IMAP literal the check keeps (a FETCH of one header field needs little). */
const LITERAL_KEPT_BYTES = 4096;
/** How many lines a reply may have (an EHLO's extensions, a message's headers, IMAP's untagged answers). */
const REPLY_MAX_LINES = 500;

/**
 * Lambda may not open connections to port 25 until AWS lifts its block on
 * the account (a support request, from a VPC with a NAT gateway): a check
 * that cannot reach port 25 from Lambda says so, since the team is not at
 * fault.
 */
const PORT_25_HINT = ' (AWS blocks port 25 from Lambda until it lifts the block on request: docs/agent.md)';

/**
 * SMTP (STARTTLS when offered) and SMTPS (TLS from the first byte). Without
 * `mail_to` it checks the greeting alone; with it, it says EHLO, logs in as
 * the round's account when the service has one (AUTH PLAIN or LOGIN), and
 * sends a message to `mail_to` with the round's token in its subject, which
 * the next round's mailbox checks look for.
 */
export async function checkSmtp(target: ProbeTarget, check: SmtpCheck, account: CheckAccount | undefined, mail: MailRound = {}): Promise<CheckOutcome> {
  if (check.check === 'smtp' && check.mail_to === undefined) return withPort25Hint(target, await checkBanner(target, check));
  if (account && account.password === undefined) return noAccount(`smtp logs in with a password; ${account.username} has only a key`);
  const banner = compilePattern(check.banner ?? DEFAULT_BANNERS.smtp);
  const outcome = await withDeadline(check.timeout_seconds, async (signal, progress) => {
    const session = await LineSession.open(target, check.check === 'smtps', signal);
    try {
      progress('the greeting');
      const greeting = await smtpReply(session);
      if (!banner.test(greeting.text)) refuse('content mismatch', `unexpected greeting "${printable(greeting.text)}"`);
      if (!mail.send) return quit(session);
      let extensions = await ehlo(session, progress);
      if (check.check === 'smtp' && extensions.has('STARTTLS')) {
        progress('STARTTLS');
        await command(session, 'STARTTLS', [220], 'tls');
        await session.startTls();
        extensions = await ehlo(session, progress);
      }
      if (account) await smtpLogin(session, extensions, account, progress);
      progress('the message');
      await command(session, `MAIL FROM:<${mail.send.from}>`, [250], 'content mismatch', `the sender ${mail.send.from}`);
      await command(session, `RCPT TO:<${mail.send.to}>`, [250, 251], 'content mismatch', `the recipient ${mail.send.to}`);
      await command(session, 'DATA', [354], 'content mismatch', 'the message');
      for (const line of message(mail.send)) session.send(line);
      await command(session, '.', [250], 'content mismatch', 'the message');
      return quit(session);
    } finally {
      session.close();
    }
  });
  return withPort25Hint(target, outcome);
}

/**
 * IMAP (STARTTLS when offered) and IMAPS: a login as the round's account,
 * the mailbox opened read-only (EXAMINE), and with a token to find, a SEARCH
 * for it in the subjects.
 */
export function checkImap(target: ProbeTarget, check: MailboxCheck, account: CheckAccount | undefined, mail: MailRound = {}): Promise<CheckOutcome> {
  const login = mailboxLogin(check, account);
  if ('passed' in login) return Promise.resolve(login);
  const { username, password } = login;
  const mailbox = check.mailbox ?? 'INBOX';
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    const session = await LineSession.open(target, check.check === 'imaps', signal);
    const imap = imapCommands(session, progress);
    try {
      progress('the greeting');
      const greeting = await session.line();
      if (/^\* BYE\b/i.test(greeting)) refuse('protocol error', `the server said goodbye: "${printable(greeting, 80)}"`);
      if (!/^\* (OK|PREAUTH)\b/i.test(greeting)) refuse('protocol error', `not an IMAP greeting: "${printable(greeting)}"`);
      let capabilities = await imap.capabilities();
      if (check.check === 'imap' && capabilities.has('STARTTLS')) {
        await imap.run('STARTTLS', 'tls');
        await session.startTls();
        capabilities = await imap.capabilities();
      }
      if (capabilities.has('LOGINDISABLED')) refuse('protocol error', 'the server refuses LOGIN (LOGINDISABLED) and offers no STARTTLS');
      session.hide(password, quoted(password).slice(1, -1));
      await imap.run(`LOGIN ${quoted(username)} ${quoted(password)}`, 'login failed', `login as ${username} refused`);
      await imap.run(`EXAMINE ${quoted(mailbox)}`, 'content mismatch', `the mailbox ${printable(mailbox, 40)} cannot be opened`);
      if (mail.find) {
        const found = await imap.run(`SEARCH SUBJECT ${quoted(mail.find.token)}`, 'protocol error', 'the search');
        const hits =
          found
            .find((line) => /^\* SEARCH\b/i.test(line))
            ?.replace(/^\* SEARCH/i, '')
            .trim() ?? '';
        if (hits === '') refuse('content mismatch', `message from the previous round not found in ${printable(mailbox, 40)}`);
        // The search's word is the server's: the subject of the newest hit must hold the token itself.
        const newest = hits.split(/\s+/).at(-1)!;
        if (!/^\d+$/.test(newest)) refuse('protocol error', `not a SEARCH answer: "${printable(hits, 60)}"`);
        const fetched = await imap.run(`FETCH ${newest} (BODY.PEEK[HEADER.FIELDS (SUBJECT)])`, 'protocol error', 'the fetch');
        if (!fetched.some((text) => text.includes(mail.find!.token))) {
          refuse(
            'content mismatch',
            `message from the previous round not found in ${printable(mailbox, 40)} (the search named message ${newest}, whose subject is not it)`,
          );
        }
      }
      session.send('z LOGOUT');
      return pass();
    } finally {
      session.close();
    }
  });
}

/**
 * POP3 (STLS when offered) and POP3S: a login as the round's account (USER
 * and PASS), the mailbox's size (STAT), and with a token to find, the headers
 * of its newest messages (TOP n 0), the token in a subject.
 */
export function checkPop3(target: ProbeTarget, check: MailboxCheck, account: CheckAccount | undefined, mail: MailRound = {}): Promise<CheckOutcome> {
  const login = mailboxLogin(check, account);
  if ('passed' in login) return Promise.resolve(login);
  const { username, password } = login;
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    const session = await LineSession.open(target, check.check === 'pop3s', signal);
    const pop3 = pop3Commands(session, progress);
    try {
      progress('the greeting');
      const greeting = await session.line();
      if (!/^\+OK\b/i.test(greeting)) refuse('protocol error', `not a POP3 greeting: "${printable(greeting)}"`);
      if (check.check === 'pop3') {
        const capabilities = await pop3.capabilities();
        if (capabilities.has('STLS')) {
          await pop3.run('STLS', 'tls', 'STLS');
          await session.startTls();
        }
      }
      session.hide(password);
      await pop3.run(`USER ${username}`, 'login failed', `login as ${username} refused`);
      await pop3.run(`PASS ${password}`, 'login failed', `login as ${username} refused`);
      const stat = await pop3.run('STAT', 'protocol error', 'STAT');
      const count = Number(/^\+OK\s+(\d+)/i.exec(stat)?.[1] ?? Number.NaN);
      if (!Number.isSafeInteger(count)) refuse('protocol error', `not a STAT answer: "${printable(stat)}"`);
      if (mail.find && !(await pop3.subjectAmongNewest(count, mail.find.token))) {
        refuse('content mismatch', `message from the previous round not found (in the newest ${Math.min(count, POP3_NEWEST_READ)} of ${count})`);
      }
      session.send('QUIT');
      return pass();
    } finally {
      session.close();
    }
  });
}

/** The round's account as a mailbox check logs in with it, or why it cannot. */
function mailboxLogin(check: MailboxCheck, account: CheckAccount | undefined): { username: string; password: string } | FailedOutcome {
  if (!account) return noAccount('the service has none');
  if (account.password === undefined) return noAccount(`${check.check} logs in with a password; ${account.username} has only a key`);
  if (!fitsOnALine(account.password)) return noAccount(`${check.check} sends the password on a command line; ${account.username}'s holds a line break`);
  // POP3's USER takes one word: a name with a space would be another name to the server.
  if (check.check.startsWith('pop3') && account.username.includes(' '))
    return noAccount(`pop3 sends the user name as one word; ${account.username} holds a space`);
  return { username: account.username, password: account.password };
}

type Reply = { code: number; text: string; lines: string[] };

/** One SMTP reply: its lines (`250-…` go on, `250 …` ends it) and their code. */
async function smtpReply(session: LineSession): Promise<Reply> {
  const lines: string[] = [];
  for (;;) {
    const line = await session.line();
    const code = /^(\d{3})([ -]|$)/.exec(line);
    if (!code) refuse('protocol error', `not an SMTP reply: "${printable(line)}"`);
    lines.push(line);
    if (code[2] !== '-') return { code: Number(code[1]), text: lines[0]!, lines };
    if (lines.length > REPLY_MAX_LINES) refuse('protocol error', `a reply of more than ${REPLY_MAX_LINES} lines`);
  }
}

/** Sends an SMTP command and wants one of `expected`; another reply fails the check in `category`, naming `what`. */
async function command(
  session: LineSession,
  line: string,
  expected: number[],
  category: FailedOutcome['category'],
  what = line.split(' ')[0]!,
): Promise<Reply> {
  session.step = `the reply to ${line.split(/[ :]/)[0]}`;
  session.send(line);
  const reply = await smtpReply(session);
  if (!expected.includes(reply.code)) refuse(category, `${what} refused: "${printable(reply.lines.at(-1)!, 100)}"`);
  return reply;
}

/** EHLO, and the extensions the server names (upper-case keywords; AUTH with its mechanisms). */
async function ehlo(session: LineSession, progress: (stage: string) => void): Promise<Map<string, string[]>> {
  progress('the reply to EHLO');
  const reply = await command(session, 'EHLO scoring-check.invalid', [250], 'protocol error', 'EHLO');
  return new Map(
    reply.lines.slice(1).map((line) => {
      const [keyword = '', ...parameters] = line.slice(4).trim().toUpperCase().split(/\s+/);
      return [keyword, parameters];
    }),
  );
}

async function smtpLogin(session: LineSession, extensions: Map<string, string[]>, account: CheckAccount, progress: (stage: string) => void): Promise<void> {
  const mechanisms = extensions.get('AUTH') ?? [];
  const refused = `login as ${account.username} refused`;
  progress(`the login as ${account.username}`);
  session.step = 'the reply to AUTH';
  const password = account.password!;
  session.hide(password, base64(`\0${account.username}\0${password}`), base64(password));
  const answer = async (line: string, expected: number) => {
    session.send(line);
    const reply = await smtpReply(session);
    if (reply.code === 535 || reply.code === 534) refuse('login failed', refused);
    if (reply.code !== expected) refuse('protocol error', `AUTH refused: "${printable(reply.text, 100)}"`);
  };
  if (mechanisms.includes('PLAIN')) return answer(`AUTH PLAIN ${base64(`\0${account.username}\0${account.password}`)}`, 235);
  if (mechanisms.includes('LOGIN')) {
    await answer('AUTH LOGIN', 334);
    await answer(base64(account.username), 334);
    return answer(base64(account.password!), 235);
  }
  refuse(
    'protocol error',
    mechanisms.length ? `the server offers no AUTH PLAIN or LOGIN (${printable(mechanisms.join(' '), 60)})` : 'the server offers no AUTH',
  );
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function quit(session: LineSession): CheckOutcome {
  session.send('QUIT');
  return pass();
}

/** The message's lines, DATA's terminating dot apart: headers, then a body that holds the token too. */
function message(send: { to: string; from: string; token: string }): string[] {
  return [
    `From: <${send.from}>`,
    `To: <${send.to}>`,
    `Subject: ${subjectOf(send.token)}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${send.token}@scoring-check.invalid>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `The scoring engine sent this message to check that mail reaches this mailbox (token ${send.token}).`,
  ];
}

/** A failure that may be Lambda's port-25 block says so. */
function withPort25Hint(target: ProbeTarget, outcome: CheckOutcome): CheckOutcome {
  const blocked = !outcome.passed && target.port === 25 && process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;
  return blocked && ['timeout', 'connection refused', 'unreachable'].includes(outcome.category)
    ? { ...outcome, error: `${outcome.error}${PORT_25_HINT}` }
    : outcome;
}

/** An IMAP quoted string (the schema and fitsOnALine keep line breaks out of what is quoted). */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function imapCommands(session: LineSession, progress: (stage: string) => void) {
  let tag = 0;
  /** Runs a command: its untagged lines, once its tagged OK came; NO or BAD fail the check in `category` (BAD always a protocol error). */
  const run = async (line: string, category: FailedOutcome['category'], what = line.split(' ')[0]!): Promise<string[]> => {
    const name = line.split(' ')[0]!;
    const id = `a${++tag}`;
    session.step = `the reply to ${name}`;
    progress(session.step);
    session.send(`${id} ${line}`);
    const untagged: string[] = [];
    for (;;) {
      const reply = await session.line();
      // A counted literal follows its line: the first bytes of it kept as a line of their own (a FETCH's headers).
      const literal = /\{(\d+)\}$/.exec(reply);
      if (literal) untagged.push(await session.literal(Number(literal[1]), LITERAL_KEPT_BYTES));
      if (reply.startsWith(`${id} `)) {
        const status = reply.slice(id.length + 1);
        if (/^OK\b/i.test(status)) return untagged;
        if (/^NO\b/i.test(status)) refuse(category, category === 'login failed' ? what : `${what}: "${printable(status, 100)}"`);
        refuse('protocol error', `${name} refused: "${printable(status, 100)}"`);
      }
      if (untagged.push(reply) > REPLY_MAX_LINES) refuse('protocol error', `more than ${REPLY_MAX_LINES} lines in answer to ${name}`);
    }
  };
  return {
    run,
    async capabilities(): Promise<Set<string>> {
      const lines = await run('CAPABILITY', 'protocol error');
      const listed = lines.find((line) => /^\* CAPABILITY\b/i.test(line)) ?? '';
      return new Set(listed.toUpperCase().split(/\s+/).slice(2));
    },
  };
}

function pop3Commands(session: LineSession, progress: (stage: string) => void) {
  /** Sends a command; `-ERR` fails the check in `category`, naming `what`. Returns the +OK line. */
  const run = async (line: string, category: FailedOutcome['category'], what: string): Promise<string> => {
    session.step = `the reply to ${line.split(' ')[0]}`;
    progress(session.step);
    session.send(line);
    const reply = await session.line();
    if (/^\+OK\b/i.test(reply)) return reply;
    if (/^-ERR\b/i.test(reply)) refuse(category, category === 'login failed' ? what : `${what} refused: "${printable(reply, 100)}"`);
    return refuse('protocol error', `not a POP3 answer: "${printable(reply)}"`);
  };
  /** A multi-line answer's lines, dot-unstuffed, up to the lone dot. */
  const body = async (): Promise<string[]> => {
    const lines: string[] = [];
    for (;;) {
      const line = await session.line();
      if (line === '.') return lines;
      if (lines.push(line.startsWith('..') ? line.slice(1) : line) > REPLY_MAX_LINES)
        refuse('protocol error', `more than ${REPLY_MAX_LINES} lines in one answer`);
    }
  };
  return {
    run,
    /** CAPA's keywords; none when the server does not know CAPA (RFC 2449 is optional). */
    async capabilities(): Promise<Set<string>> {
      session.step = 'the reply to CAPA';
      progress(session.step);
      session.send('CAPA');
      const reply = await session.line();
      if (!/^\+OK\b/i.test(reply)) return new Set();
      return new Set((await body()).map((line) => line.split(' ')[0]!.toUpperCase()));
    },
    async subjectAmongNewest(count: number, token: string): Promise<boolean> {
      for (let n = count; n > Math.max(0, count - POP3_NEWEST_READ); n--) {
        await run(`TOP ${n} 0`, 'protocol error', `TOP ${n}`);
        const headers = await body();
        if (headers.some((line) => /^subject:/i.test(line) && line.includes(token))) return true;
      }
      return false;
    },
  };
}
