/**
 * How a scoring agent checks the services of a subtype, written in the
 * competition file next to the subtype (`check: http`, with its parameters)
 * and served to agents by `GET /subtypes`. One kind per protocol, each with
 * its own timeout and explicit pass conditions, in the manner of Prometheus'
 * blackbox_exporter modules. The kinds, their shapes and the parameter names
 * live here; their schemas (domain/checks.ts) only where a competition file is
 * validated, so the API's functions never bundle the pattern engine.
 */
export const CHECK_KINDS = [
  'http',
  'https',
  'tcp',
  'dns',
  'ssh',
  'smtp',
  'smtps',
  'ftp',
  'ftps',
  'mysql',
  'postgres',
  'imap',
  'imaps',
  'pop3',
  'pop3s',
  'ldap',
  'ldaps',
  'vnc',
  'smb',
  'rdp',
  'command',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const DEFAULT_CHECK_TIMEOUT_SECONDS = 5;
export const MAX_CHECK_TIMEOUT_SECONDS = 30;

/** The banner a banner check expects when the file gives none. */
export const DEFAULT_BANNERS: Record<BannerKind, string> = {
  ssh: '^SSH-2\\.0-',
  smtp: '^220[ -]',
  smtps: '^220[ -]',
  ftp: '^220[ -]',
  ftps: '^220[ -]',
};

const MATCH_RULE_NAMES = ['content', 'exact', 'sha256', 'reject'] as const;
/** The parameters of both HTTP kinds, both FTP kinds and both database kinds. */
const HTTP_PARAMETER_NAMES = [
  'path',
  'status',
  'host',
  'auth',
  'login_path',
  'username_field',
  'password_field',
  ...MATCH_RULE_NAMES,
  'properties',
  'timeout_seconds',
] as const;
const FTP_PARAMETER_NAMES = ['banner', 'file', 'upload', ...MATCH_RULE_NAMES, 'properties', 'timeout_seconds'] as const;
const SQL_PARAMETER_NAMES = ['database', 'sql', ...MATCH_RULE_NAMES, 'properties', 'timeout_seconds'] as const;
const SMTP_PARAMETER_NAMES = ['banner', 'mail_to', 'mail_from', 'timeout_seconds'] as const;
const IMAP_PARAMETER_NAMES = ['mailbox', 'sent_by', 'timeout_seconds'] as const;
const POP3_PARAMETER_NAMES = ['sent_by', 'timeout_seconds'] as const;
const LDAP_PARAMETER_NAMES = ['base_dn', 'filter', ...MATCH_RULE_NAMES, 'properties', 'timeout_seconds'] as const;
const SMB_PARAMETER_NAMES = ['share', 'file', 'folder', 'expect', ...MATCH_RULE_NAMES, 'properties', 'timeout_seconds'] as const;

/** The parameters each kind takes, beside the subtype's own fields (domain/checks.ts validates them; a test keeps the two lists one). */
export const CHECK_PARAMETER_NAMES: Record<CheckKind, readonly string[]> = {
  http: HTTP_PARAMETER_NAMES,
  https: HTTP_PARAMETER_NAMES,
  tcp: ['timeout_seconds'],
  dns: ['query', 'timeout_seconds'],
  ssh: ['banner', 'command', ...MATCH_RULE_NAMES, 'properties', 'timeout_seconds'],
  smtp: SMTP_PARAMETER_NAMES,
  smtps: SMTP_PARAMETER_NAMES,
  ftp: FTP_PARAMETER_NAMES,
  ftps: FTP_PARAMETER_NAMES,
  mysql: SQL_PARAMETER_NAMES,
  postgres: SQL_PARAMETER_NAMES,
  imap: IMAP_PARAMETER_NAMES,
  imaps: IMAP_PARAMETER_NAMES,
  pop3: POP3_PARAMETER_NAMES,
  pop3s: POP3_PARAMETER_NAMES,
  ldap: LDAP_PARAMETER_NAMES,
  ldaps: LDAP_PARAMETER_NAMES,
  vnc: ['timeout_seconds'],
  smb: SMB_PARAMETER_NAMES,
  rdp: ['nla', 'timeout_seconds'],
  command: ['recipe', 'args', ...MATCH_RULE_NAMES, 'timeout_seconds'],
};

/**
 * What a check that reads something back expects of it, the same way for
 * every such kind: `content` a regular expression over the first bytes read,
 * `exact` the whole text, `sha256` the digest of the whole bytes (lower-case
 * hex), and `reject` a regular expression that fails the check even when the
 * rest holds (a defaced page).
 */
export interface MatchRules {
  content?: string;
  exact?: string;
  sha256?: string;
  reject?: string;
}

/** One HTTP property set: what one round asks (`path`, `host`) and expects, over the subtype's own parameters. */
export type HttpProperties = MatchRules & { path?: string; status?: number; host?: string };

export type HttpCheck = MatchRules & {
  check: 'http' | 'https';
  path: string;
  status: number;
  /** The Host header (and SNI) to send instead of the service's host name: a virtual host. */
  host?: string;
  /** Sign in as the round's account first: HTTP basic auth, or a login form (POST, then the page with its cookies). */
  auth?: 'basic' | 'form';
  /** The form's action (default /login) and its fields' names (default username, password). */
  login_path?: string;
  username_field?: string;
  password_field?: string;
  /** Several pages to check, one picked at random each round. */
  properties?: HttpProperties[];
  timeout_seconds: number;
};
export type TcpCheck = { check: 'tcp'; timeout_seconds: number };
export type DnsCheck = { check: 'dns'; query: string; timeout_seconds: number };
/** The kinds whose server speaks first, and which check its first line when they have no account to log in with. */
export type BannerKind = 'ssh' | 'smtp' | 'smtps' | 'ftp' | 'ftps';
export type BannerCheck = { check: BannerKind; banner?: string; timeout_seconds: number };

/** SSH: the banner alone without an account; with one, a login and, when given, a command whose output meets the match rules. */
export type SshProperties = MatchRules & { command?: string };
export type SshCheck = BannerCheck & SshProperties & { check: 'ssh'; properties?: SshProperties[] };

/**
 * FTP, and FTPS (explicit TLS: AUTH TLS on the control connection, then
 * protected data connections): the banner alone without an account; with
 * one, a login, then a download of `file` matched with the match rules,
 * and with `upload` a file of random name and content written, read back
 * and deleted.
 */
export type FtpProperties = MatchRules & { file?: string };
export type FtpCheck = BannerCheck & FtpProperties & { check: 'ftp' | 'ftps'; upload?: boolean; properties?: FtpProperties[] };

/** MySQL (MariaDB) and PostgreSQL: a login as the round's account, then `sql` run read-only, its rows (as text) matched with the match rules. */
export type SqlProperties = MatchRules & { database?: string; sql?: string };
export type SqlCheck = SqlProperties & { check: 'mysql' | 'postgres'; properties?: SqlProperties[]; timeout_seconds: number };

/**
 * SMTP (STARTTLS when the server offers it) and SMTPS (TLS from the first
 * byte, port 465): the banner alone without `mail_to`; with it, EHLO, a
 * login as the round's account when the service has one, and a message to
 * `mail_to` carrying the round's token (an HMAC of the check's scan id), which
 * the mailbox checks of the next round look for.
 */
export type SmtpCheck = BannerCheck & {
  check: 'smtp' | 'smtps';
  /** The recipient: an address, or a local part that gets the team's domain (`ops` → `ops@team1.example`). */
  mail_to?: string;
  /** The sender (MAIL FROM), in the same two forms; by default the account's name, or `scoring`. */
  mail_from?: string;
};

/**
 * IMAP and POP3 (STARTTLS/STLS when offered), IMAPS and POP3S (TLS first):
 * a login as the round's account, the mailbox opened (IMAP: `mailbox`,
 * INBOX by default) and, with `sent_by`, the message the team's service of
 * that SMTP subtype sent in the previous round found by its token: mail end
 * to end.
 */
export type MailboxCheck = {
  check: 'imap' | 'imaps' | 'pop3' | 'pop3s';
  mailbox?: string;
  /** The SMTP subtype (its name) whose message of the previous round must be in the mailbox. */
  sent_by?: string;
  timeout_seconds: number;
};

/** LDAP and LDAPS: a bind as the round's account (a DN, or `user@domain` where the server takes it), a search under `base_dn`, its entries (as LDIF) matched. */
export type LdapProperties = MatchRules & { base_dn?: string; filter?: string };
export type LdapCheck = LdapProperties & { check: 'ldap' | 'ldaps'; base_dn: string; properties?: LdapProperties[]; timeout_seconds: number };

/**
 * VNC (RFB 3.3 to 3.8): VNC authentication with the round's account's
 * password, then the desktop's ServerInit. VNC has no user name (the
 * account's is only its label) and reads only a password's first 8 bytes.
 */
export type VncCheck = { check: 'vnc'; timeout_seconds: number };

/**
 * SMB (a file share, SMB 2 and 3): a sign-in as the round's account (NTLMv2),
 * a connection to `share`, then, when given, `file` read and matched with the
 * match rules, and `folder` listed (the share's root when only `expect` is
 * given), which must hold the name `expect`.
 */
export type SmbProperties = MatchRules & { share?: string; file?: string; folder?: string; expect?: string };
export type SmbCheck = SmbProperties & { check: 'smb'; share: string; properties?: SmbProperties[]; timeout_seconds: number };

/**
 * RDP: the X.224 negotiation, TLS, then NLA (CredSSP with NTLMv2) as the
 * round's account, up to the server's public key echo: the account is
 * accepted. With `nla: false` the server need only negotiate RDP (and
 * finish TLS when it chooses it): no account is asked, none is checked.
 */
export type RdpCheck = { check: 'rdp'; nla?: boolean; timeout_seconds: number };

/**
 * The words a command check's two halves share: the organisers' definition
 * (domain/checks.ts) and the agent's recipes (functions/agent/kinds/command.ts).
 */
export const RECIPE_NAME_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
/** A placeholder's name, as `{name}` stands for it in a recipe's arguments. */
export const PLACEHOLDER_NAME_PATTERN = '[a-z][a-z0-9_]{0,31}';
/** Filled by the agent (the resolved address, the service's port, the round's account), never by a definition. */
export const AGENT_PLACEHOLDERS = ['host', 'port', 'username'] as const;
/** A value that may fill a placeholder: it cannot pass for an option, nor split a line or an argument. */
export const isSafePlaceholderValue = (value: string) => !value.startsWith('-') && !/[\0\r\n]/.test(value);

/**
 * A command: one of the recipes the agent's operator lists in the agent's own
 * configuration (a program and its arguments), with `args` filling the
 * recipe's placeholders, each a whole argument. It passes when the program
 * exits 0 and its output meets the match rules. The organiser names a recipe
 * and fills its blanks; never a program, never a free argument
 * (functions/agent/kinds/command.ts). The Lambda agent has no recipes: a
 * command check is refused in the `cloud` pool.
 */
export type CommandCheck = MatchRules & { check: 'command'; recipe: string; args?: Record<string, string>; timeout_seconds: number };

export type CheckDefinition =
  HttpCheck | TcpCheck | DnsCheck | SshCheck | FtpCheck | SqlCheck | SmtpCheck | MailboxCheck | LdapCheck | VncCheck | SmbCheck | RdpCheck | CommandCheck;

/** The fields of a check definition, picked from a stored subtype. */
export function checkOf(subtype: Record<string, unknown>): CheckDefinition | undefined {
  const kind = subtype.check;
  if (typeof kind !== 'string' || !(CHECK_KINDS as readonly string[]).includes(kind)) return undefined;
  const definition: Record<string, unknown> = { check: kind };
  for (const field of CHECK_PARAMETER_NAMES[kind as CheckKind]) {
    if (subtype[field] !== undefined) definition[field] = subtype[field];
  }
  return definition as CheckDefinition;
}

/**
 * The check a round runs: a definition with property sets becomes one of
 * them (picked with `random`, in [0, 1)) laid over the rest, so each round
 * may look at another page and no single one carries the service.
 */
export function roundCheck(definition: CheckDefinition, random: () => number = Math.random): CheckDefinition {
  if (!('properties' in definition) || !definition.properties?.length) return definition;
  const { properties, ...rest } = definition;
  const picked = properties[Math.min(properties.length - 1, Math.floor(random() * properties.length))]!;
  return { ...rest, ...picked };
}

/** Whether a check signs in with the service's accounts (the agent then reads them for the round). */
export function logsIn(check: CheckDefinition): boolean {
  switch (check.check) {
    case 'http':
    case 'https':
      return check.auth !== undefined;
    case 'ssh':
    case 'ftp':
    case 'ftps':
    case 'mysql':
    case 'postgres':
    case 'imap':
    case 'imaps':
    case 'pop3':
    case 'pop3s':
    case 'ldap':
    case 'ldaps':
    case 'vnc':
    case 'smb':
      return true;
    case 'rdp':
      return check.nla !== false;
    // A recipe may sign in ({username}, a password): the agent reads the service's accounts, and a recipe without either ignores them.
    case 'command':
      return true;
    case 'smtp':
    case 'smtps':
      // A message is sent as the account when the service has one (a relay on port 25 may take it without).
      return check.mail_to !== undefined;
    case 'tcp':
    case 'dns':
      return false;
  }
}

/**
 * The ids of the subtypes whose mailbox check (`sent_by`) names no subtype
 * that sends mail (an smtp or smtps check with `mail_to`), names compared
 * trimmed and in lower case: a competition file is refused so, and so is a
 * live edit of a check.
 */
export function mailReadersWithoutSender<T extends { name?: unknown; check?: unknown; mail_to?: unknown; sent_by?: unknown }>(subtypes: readonly T[]): T[] {
  const normalised = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
  const senders = new Set(subtypes.filter((s) => (s.check === 'smtp' || s.check === 'smtps') && s.mail_to !== undefined).map((s) => normalised(s.name)));
  return subtypes.filter((s) => s.sent_by !== undefined && !senders.has(normalised(s.sent_by)));
}
