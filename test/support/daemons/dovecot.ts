/**
 * Dovecot (Debian's dovecot-core, -imapd, -pop3d, -submissiond, -lmtpd) for
 * the mail login checks' tests: one master in the foreground with everything
 * in a temporary directory (its sockets, state, the mailboxes), serving on
 * 127.0.0.1 and free ports IMAP and POP3 (STARTTLS and STLS offered), IMAPS
 * and POP3S, and submission (STARTTLS offered) and submissions (implicit
 * TLS), with a self-signed certificate. Plaintext logins are allowed on the
 * plain ports, as many blue teams' servers allow them.
 *
 * Its users are not Unix users: a passwd-file of names and salted SHA-512
 * hashes, and a static userdb under which every mailbox (a Maildir in the
 * user's home, <mailDir>/<name>) belongs to Debian's `mail` user. A user logs
 * in by name or by address (`ops` or `ops@mail.test`). Mail is delivered by
 * Dovecot's LMTP, into which the submission service's relay (mail-relay.ts)
 * and deliver() hand messages: a message submitted with AUTH can be read over
 * IMAP and POP3 as soon as the submission's DATA is answered.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { selfSignedCertificate } from '../../../functions/agent/local/certificate';
import { freePort, runPrefix, startDaemon, unixIds } from './daemon';
import { lmtpDeliver, startSubmissionRelay } from './mail-relay';

/** The users' mail domain: their addresses, and the name Dovecot greets with. */
const DOMAIN = 'mail.test';

/** A mail account as created: what a login check signs in with. */
export interface MailUser {
  /** The login name (Dovecot also takes the address). */
  name: string;
  password: string;
  /** `<name>@mail.test`: where a message for the user is sent. */
  address: string;
}

/** The ports, by Dovecot's (and IANA's) names for its listeners. */
export interface DovecotPorts {
  /** IMAP, STARTTLS offered (143's kind). */
  imap: number;
  /** IMAP over implicit TLS (993's kind). */
  imaps: number;
  /** POP3, STLS offered (110's kind). */
  pop3: number;
  /** POP3 over implicit TLS (995's kind). */
  pop3s: number;
  /** Message submission, STARTTLS offered, AUTH PLAIN and LOGIN (587's kind). */
  submission: number;
  /** Message submission over implicit TLS (465's kind). */
  submissions: number;
}

export interface DovecotInfo<Name extends string = string> {
  ports: DovecotPorts;
  /** The users by the names the tests know them by. */
  users: Record<Name, MailUser>;
  /** Dovecot's LMTP socket (root's), where deliver() hands messages. */
  lmtpSocket: string;
  /** The passdb: `name:{SSHA512}…` lines. */
  passwdFile: string;
  /** The users' homes, one per name; each one's mailbox is its `Maildir`. */
  mailDir: string;
}

/** The listeners of each login service: one plain (STARTTLS offered) and one on implicit TLS. */
const LISTENERS = [
  ['imap-login', 'imap', 'imaps'],
  ['pop3-login', 'pop3', 'pop3s'],
  ['submission-login', 'submission', 'submissions'],
] as const;

export function startDovecot<Name extends string>(names: readonly Name[]) {
  return startDaemon('dovecot', async (scope): Promise<DovecotInfo<Name>> => {
    const dir = scope.tempDir();
    // The mail processes run as `mail`: they must get through to the homes (the key stays root's alone).
    chmodSync(dir, 0o755);
    const { key, cert } = selfSignedCertificate(['localhost', DOMAIN]);
    writeFileSync(join(dir, 'key.pem'), key, { mode: 0o600 });
    writeFileSync(join(dir, 'cert.pem'), cert, { mode: 0o644 });
    const mail = unixIds('mail');
    const mailDir = join(dir, 'mail');
    mkdirSync(mailDir, { mode: 0o755 });
    chownSync(mailDir, mail.uid, mail.gid);
    const users = {} as Record<Name, MailUser>;
    for (const name of names) users[name] = { name, password: randomBytes(12).toString('base64url'), address: `${name}@${DOMAIN}` };
    const passwdFile = join(dir, 'passwd');
    writePasswd(passwdFile, Object.fromEntries(Object.values<MailUser>(users).map((user) => [user.name, passwordHash(user.password)])));
    const lmtpSocket = join(dir, 'run', 'lmtp');
    // Up before Dovecot: its submission service connects to the relay as soon as a user has logged in.
    const relayPort = await startSubmissionRelay(scope, lmtpSocket);
    let ports: DovecotPorts | undefined;
    await scope.serve(
      async (port) => {
        const [imaps, pop3, pop3s, submission, submissions] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
        ports = { imap: port, imaps, pop3, pop3s, submission, submissions };
        writeFileSync(join(dir, 'dovecot.conf'), config({ dir, mailDir, passwdFile, mailUid: mail.uid, relayPort, ports }));
        return { command: '/usr/sbin/dovecot', args: ['-F', '-c', join(dir, 'dovecot.conf')] };
      },
      // Its login processes accept connections before its auth process is up, and say nothing until it is.
      (port) => greets(port, '* OK'),
    );
    return { ports: ports!, users, lmtpSocket, passwdFile, mailDir };
  });
}

/** Dovecot's configuration: nothing of /etc/dovecot, everything in `dir`. */
function config(settings: { dir: string; mailDir: string; passwdFile: string; mailUid: number; relayPort: number; ports: DovecotPorts }): string {
  const { dir, ports } = settings;
  const listeners = LISTENERS.map(
    ([service, plain, tls]) =>
      `service ${service} {\n  inet_listener ${plain} {\n    port = ${ports[plain]}\n  }\n` +
      `  inet_listener ${tls} {\n    port = ${ports[tls]}\n    ssl = yes\n  }\n}`,
  );
  return (
    [
      `base_dir = ${join(dir, 'run')}`,
      `state_dir = ${join(dir, 'state')}`,
      // Its processes' titles say whose they are: dovecot-sc<pid>/imap-login.
      `instance_name = ${runPrefix()}`,
      'log_path = /dev/stderr',
      'protocols = imap pop3 submission lmtp',
      'listen = 127.0.0.1',
      `hostname = ${DOMAIN}`,
      'ssl = yes',
      `ssl_cert = <${join(dir, 'cert.pem')}`,
      `ssl_key = <${join(dir, 'key.pem')}`,
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      // Tests fail logins on purpose: no 2 s delay per failure (Dovecot still answers a failure on its next half-second tick).
      'auth_failure_delay = 0',
      // The users log in by name or by address: both are looked up by the name.
      `passdb {\n  driver = passwd-file\n  args = username_format=%n ${settings.passwdFile}\n}`,
      `userdb {\n  driver = static\n  args = uid=mail gid=mail home=${settings.mailDir}/%n\n}`,
      // Dovecot refuses mail processes below first_valid_uid (500 by default): `mail` is 8.
      `first_valid_uid = ${settings.mailUid}`,
      'mail_location = maildir:~/Maildir',
      // The tests' connections all come from 127.0.0.1, many at once for one user.
      'mail_max_userip_connections = 100',
      'submission_relay_host = 127.0.0.1',
      `submission_relay_port = ${settings.relayPort}`,
      ...listeners,
      // LMTP on a socket only: the relay and deliver() (both root) reach it there.
      'service lmtp {\n  unix_listener lmtp {\n    mode = 0600\n  }\n}',
      // No auth penalty: anvil would otherwise delay every login from an address after failed ones (2, 4, 8, up to 15 s),
      // and every test logs in from 127.0.0.1. Without its socket the auth process goes without (Dovecot's documented way).
      'service anvil {\n  unix_listener anvil-auth-penalty {\n    mode = 0\n  }\n}',
    ].join('\n') + '\n'
  );
}

/** Whether a connection to the port gets a greeting that starts so (then it is closed). */
function greets(port: number, greeting: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(false)));
    socket.once('data', (chunk) => (socket.destroy(), resolve(chunk.toString().startsWith(greeting))));
    socket.once('error', () => resolve(false));
  });
}

/**
 * A password as the passdb stores it: Dovecot's SSHA512 scheme (SHA-512 of
 * the password and an 8-byte salt, then the salt, in base64), made here
 * without a child process, where SHA512-CRYPT would need `doveadm pw`.
 */
function passwordHash(password: string): string {
  const salt = randomBytes(8);
  return `{SSHA512}${Buffer.concat([createHash('sha512').update(password).update(salt).digest(), salt]).toString('base64')}`;
}

/**
 * Writes the passdb whole, by a rename (Dovecot never reads half a file),
 * readable by Dovecot's auth process (which runs as `dovecot`), with a
 * modification time later than the file's before: Dovecot re-reads a
 * passwd-file whose time or size changed, and a changed password keeps the
 * size and may come within the same second.
 */
function writePasswd(file: string, hashes: Record<string, string>): void {
  const before = existsSync(file) ? Math.floor(statSync(file).mtimeMs / 1000) : 0;
  const seconds = Math.max(Math.floor(Date.now() / 1000), before + 1);
  const next = `${file}.next`;
  writeFileSync(
    next,
    Object.entries(hashes)
      .map(([name, hash]) => `${name}:${hash}\n`)
      .join(''),
    { mode: 0o640 },
  );
  chownSync(next, 0, unixIds('dovecot').gid);
  utimesSync(next, seconds, seconds);
  renameSync(next, file);
}

/**
 * Sets a user's password (a blue team changing it). Dovecot looks at the
 * passwd-file at most once a second: this resolves once the clock has passed
 * into the next second, when every login is checked against the new password.
 */
export async function setMailPassword(dovecot: Pick<DovecotInfo, 'passwdFile'>, name: string, password: string): Promise<void> {
  const hashes = Object.fromEntries(
    readFileSync(dovecot.passwdFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
  if (!(name in hashes)) throw new Error(`no mail user ${name}`);
  hashes[name] = passwordHash(password);
  writePasswd(dovecot.passwdFile, hashes);
  await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));
}

/** Delivers a message (its raw text, headers first) to a user's INBOX through Dovecot's LMTP, as a mail server would. */
export function deliver<Name extends string>(dovecot: Pick<DovecotInfo<Name>, 'lmtpSocket' | 'users'>, name: Name, message: string): Promise<void> {
  return lmtpDeliver(dovecot.lmtpSocket, `sender@${DOMAIN}`, dovecot.users[name].address, message);
}

/** The messages in a user's INBOX, read and unread, oldest first: their text (UTF-8) as Dovecot stored it, its headers added. */
export function mailboxMessages(dovecot: Pick<DovecotInfo, 'mailDir'>, name: string): string[] {
  // Maildir names start with the delivery time in seconds, then a unique part: close enough to delivery order.
  return messageFiles(dovecot, name)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((file) => readFileSync(file.path, 'utf8'));
}

/** Empties a user's INBOX (Dovecot notices at its next look: Maildir's files are the truth). */
export function clearMailbox(dovecot: Pick<DovecotInfo, 'mailDir'>, name: string): void {
  for (const file of messageFiles(dovecot, name)) rmSync(file.path);
}

/** The files of a user's INBOX: new/ holds what no client has seen yet, cur/ the rest. */
function messageFiles(dovecot: Pick<DovecotInfo, 'mailDir'>, name: string): { name: string; path: string }[] {
  const maildir = join(dovecot.mailDir, name, 'Maildir');
  return ['new', 'cur'].flatMap((sub) => {
    const folder = join(maildir, sub);
    return existsSync(folder) ? readdirSync(folder).map((file) => ({ name: file, path: join(folder, file) })) : [];
  });
}
