import * as v from 'valibot';
import {
  AGENT_PLACEHOLDERS,
  CHECK_KINDS,
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  isSafePlaceholderValue,
  MAX_CHECK_TIMEOUT_SECONDS,
  PLACEHOLDER_NAME_PATTERN,
  RECIPE_NAME_PATTERN,
  type CheckDefinition,
  type CheckKind,
} from '#shared/domain/check-definitions';
import { isHostName } from '#shared/domain/hostnames';
import { patternProblem } from '#shared/domain/patterns';

/**
 * The schemas of each check kind's parameters, as a competition file gives
 * them (the kinds and their shapes: domain/check-definitions.ts). Only the
 * load validates with them: the pattern engine they compile with stays out
 * of the API's functions.
 */

/** A regular expression in RE2 syntax (JavaScript's without lookaround or backreferences; domain/patterns.ts), matched against at most the bytes the check reads. */
const Pattern = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = patternProblem(dataset.value);
    if (problem) addIssue({ message: `must be a regular expression the linear-time engine takes (no lookaround, no backreferences): ${problem}` });
  }),
);

const Timeout = v.optional(
  v.pipe(
    v.number('must be a number of seconds'),
    v.integer('must be a whole number of seconds'),
    v.minValue(1, 'must be at least 1 s'),
    v.maxValue(MAX_CHECK_TIMEOUT_SECONDS, `must be at most ${MAX_CHECK_TIMEOUT_SECONDS} s`),
  ),
  DEFAULT_CHECK_TIMEOUT_SECONDS,
);

const HttpPath = v.pipe(v.string(), v.maxLength(1000), v.regex(/^\/[\x21-\x7e]*$/, 'must start with / and hold only printable ASCII without spaces'));

/** The name a DNS check asks for, relative to the team's zone as DNS records are named: `@` or labels. */
const ZoneName = v.pipe(
  v.string(),
  v.check((n) => n === '@' || (isHostName(n) && !n.endsWith('.')), "must be @ or a name relative to the team's zone, such as www"),
  v.toLowerCase(),
);

const HttpStatus = v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599));

/** A lower-case hex SHA-256, as `sha256sum` prints it. */
const Sha256 = v.pipe(v.string(), v.toLowerCase(), v.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex (64 digits), as sha256sum prints it'));

/** What a check that reads something back expects of it (domain/check-definitions.ts, MatchRules). */
const matchRules = {
  content: v.optional(Pattern),
  exact: v.optional(v.pipe(v.string(), v.maxLength(10_000))),
  sha256: v.optional(Sha256),
  reject: v.optional(Pattern),
};

/**
 * Property sets: variants of a kind's per-round fields (a page, a command, a
 * file, a query, and what to expect of it), one picked at random each round
 * and laid over the subtype's own (check-definitions.ts, roundCheck).
 */
function propertySets<Fields extends v.ObjectEntries>(fields: Fields) {
  return v.optional(
    v.pipe(v.array(v.strictObject(fields)), v.minLength(1, 'must hold at least one property set'), v.maxLength(20, 'must hold at most 20 property sets')),
  );
}

/** What one HTTP round asks (the page, the virtual host) and expects. */
const httpRound = {
  path: v.optional(HttpPath),
  status: v.optional(HttpStatus),
  host: v.optional(v.pipe(v.string(), v.check(isHostName, 'must be a host name, such as www.team1.example'))),
  ...matchRules,
};

const FormField = v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'));

const http = {
  ...httpRound,
  path: v.optional(HttpPath, '/'),
  status: v.optional(HttpStatus, 200),
  auth: v.optional(v.picklist(['basic', 'form'], 'must be basic or form')),
  login_path: v.optional(HttpPath),
  username_field: v.optional(FormField),
  password_field: v.optional(FormField),
  properties: propertySets(httpRound),
  timeout_seconds: Timeout,
};

/** What one SSH round runs after the login, and expects it to print. */
const sshRound = {
  command: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(1000), v.regex(/^[^\n\r\0]+$/, 'must be one line'))),
  ...matchRules,
};

/** What one FTP round downloads, and expects it to hold. No control characters: a path goes into an FTP command line as it is. */
const ftpRound = {
  file: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(1000),
      v.check((path) => ![...path].some((c) => c < ' ' || c === '\x7f'), 'must be a path without control characters'),
    ),
  ),
  ...matchRules,
};

const ftp = {
  banner: v.optional(Pattern),
  ...ftpRound,
  upload: v.optional(v.boolean('must be true or false')),
  properties: propertySets(ftpRound),
  timeout_seconds: Timeout,
};

/** What one database round runs (read-only), where, and expects of its rows. */
const sqlRound = {
  database: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(63), v.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'))),
  sql: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2000), v.regex(/^[^\0]+$/, 'must not hold a NUL'))),
  ...matchRules,
};

const sql = { ...sqlRound, properties: propertySets(sqlRound), timeout_seconds: Timeout };

/**
 * A mail address, or a local part the team's domain completes (`ops` →
 * `ops@team1.example`). Printable ASCII without spaces, angle brackets or
 * more than one @: it goes into an SMTP command line as it is.
 */
const MailAddress = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(254),
  v.regex(/^[\x21-\x3b\x3d\x3f-\x7e]+$/, 'must be printable ASCII without spaces or angle brackets'),
  v.regex(/^[^@]+(@[a-z0-9.-]+)?$/i, 'must be an address (user@domain) or a local part (user)'),
);

const smtp = { banner: v.optional(Pattern), mail_to: v.optional(MailAddress), mail_from: v.optional(MailAddress), timeout_seconds: Timeout };

/** A subtype's name, as another subtype's parameter refers to it (the load checks that it is there). */
const SubtypeName = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** An IMAP mailbox name: it goes into the SELECT command as a quoted string, so no quote, backslash or control character. */
const MailboxName = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(200),
  v.check(
    (name) => ![...name].some((c) => c < ' ' || c === '\x7f' || c === '"' || c === '\\'),
    'must be a mailbox name without quotes, backslashes or control characters',
  ),
);

const imap = { mailbox: v.optional(MailboxName), sent_by: v.optional(SubtypeName), timeout_seconds: Timeout };
const pop3 = { sent_by: v.optional(SubtypeName), timeout_seconds: Timeout };

/** An LDAP DN or filter, as text (the server parses it; a malformed one is its error, reported as such). */
const LdapText = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(1000),
  v.check((text) => ![...text].some((c) => c < ' ' || c === '\x7f'), 'must not hold control characters'),
);

/** What one LDAP round searches (under which DN, with which filter) and expects of the entries. */
const ldapRound = { base_dn: v.optional(LdapText), filter: v.optional(LdapText), ...matchRules };
const ldap = { ...ldapRound, base_dn: LdapText, properties: propertySets(ldapRound), timeout_seconds: Timeout };

/** Whether a name holds a character no Windows file or share name may (`*`, `?`, `<`, `>`, `"` are also its search patterns' wildcards), or a control character. */
const notInSmbNames = (text: string) => [...text].some((c) => c < ' ' || c === '\x7f' || '"*:<>?|'.includes(c));

/** A share's name, as \\host\share names it: no separators, at most 80 characters (Windows' limit). */
const ShareName = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(80),
  v.check((name) => !notInSmbNames(name) && !/[\\/]/.test(name), 'must be a share name, without \\ / : * ? " < > | or control characters'),
);

/** A path in a share, names separated by / or \ (the root: /). */
const SharePath = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(1000),
  v.check((path) => !notInSmbNames(path), 'must be a path without : * ? " < > | or control characters'),
  v.check((path) => !path.split(/[\\/]/).some((name) => name === '.' || name === '..'), "must not hold . or .. (a path from the share's root)"),
);

/** A name a folder must list: one name, no separators or wildcards (it is the listing's search pattern). */
const ListedName = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(255),
  v.check((name) => !notInSmbNames(name) && !/[\\/]/.test(name), 'must be one file or folder name, without \\ / : * ? " < > | or control characters'),
);

/** What one SMB round reads (a file, a folder's listing) and where, and expects of it. */
const smbRound = { share: v.optional(ShareName), file: v.optional(SharePath), folder: v.optional(SharePath), expect: v.optional(ListedName), ...matchRules };
const smb = { ...smbRound, share: ShareName, properties: propertySets(smbRound), timeout_seconds: Timeout };

/** A recipe's name in the agent's configuration, and a value for one of its placeholders (functions/agent/kinds/command.ts). */
const RecipeName = v.pipe(v.string(), v.regex(new RegExp(RECIPE_NAME_PATTERN), 'must be a recipe name: lower-case letters, digits and hyphens'));
const PlaceholderValue = v.pipe(
  v.string(),
  v.maxLength(1024),
  v.check((value) => !value.startsWith('-'), 'must not start with "-" (the program could read it as an option)'),
  v.check(isSafePlaceholderValue, 'must be one line without NUL'),
);
const command = {
  recipe: RecipeName,
  args: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.regex(new RegExp(`^${PLACEHOLDER_NAME_PATTERN}$`), 'must be a placeholder name')), PlaceholderValue),
      v.check((args) => !AGENT_PLACEHOLDERS.some((name) => name in args), 'host, port and username are the agent’s to fill'),
      v.check((args) => Object.keys(args).length <= 20, 'at most 20 values'),
    ),
  ),
  ...matchRules,
  timeout_seconds: Timeout,
};

/** The check parameters each kind accepts, beside the subtype's own fields. */
export const checkParameters = {
  http,
  https: http,
  tcp: { timeout_seconds: Timeout },
  dns: { query: ZoneName, timeout_seconds: Timeout },
  ssh: { banner: v.optional(Pattern), ...sshRound, properties: propertySets(sshRound), timeout_seconds: Timeout },
  smtp,
  smtps: smtp,
  ftp,
  ftps: ftp,
  mysql: sql,
  postgres: sql,
  imap,
  imaps: imap,
  pop3,
  pop3s: pop3,
  ldap,
  ldaps: ldap,
  vnc: { timeout_seconds: Timeout },
  smb,
  rdp: {
    nla: v.optional(
      v.pipe(
        v.boolean('must be true or false'),
        v.description('false: the server need only negotiate RDP (and finish TLS), no sign-in; true (the default): NLA as the round’s account'),
      ),
    ),
    timeout_seconds: Timeout,
  },
  command,
} as const satisfies Record<CheckKind, Record<string, unknown>>;

/** A check definition on its own (its kind and that kind's parameters), as an organiser replaces a subtype's during the event. */
export const CheckDefinitionSchema = v.variant(
  'check',
  CHECK_KINDS.map((kind) => v.strictObject({ check: v.literal(kind), ...checkParameters[kind] })),
  `must be one of ${CHECK_KINDS.join(', ')}`,
  // Mapped over the kinds, the variant's own type is too loose to name; what it accepts is exactly a CheckDefinition.
) as unknown as v.GenericSchema<unknown, CheckDefinition>;
