import * as v from 'valibot';
import { AccountSummarySchema, AccountsViewSchema } from '#shared/domain/accounts';
import { CHECK_KINDS } from '#shared/domain/check-definitions';
import { EditableSuperTypeSchema } from '#shared/domain/competition-update';
import { ServiceEndpointSchema } from '#shared/domain/model';
import { CheckDefinitionView, ServiceCheckSchema } from '#shared/domain/service-check';
import { Id, Count, named } from '#shared/domain/shapes';

/**
 * Answers about what is checked: subtypes, super types, services' checks and check accounts
 * (an account's summary and a service's accounts are the domain's, domain/accounts.ts; an
 * editable super type is domain/competition-update.ts's, a service's endpoint domain/model.ts's).
 */

export { AccountSummarySchema, AccountsViewSchema, EditableSuperTypeSchema, ServiceCheckSchema, ServiceEndpointSchema };

export const CheckAccountsSchema = named(
  'CheckAccounts',
  "Every service's check accounts, with their secrets, by service id.",
  v.strictObject({
    services: v.record(v.string(), v.array(v.strictObject({ username: v.string(), password: v.optional(v.string()), private_key: v.optional(v.string()) }))),
  }),
);

export const ServiceChecksSchema = named(
  'ServiceChecks',
  "The services checked otherwise than their subtype says: each one's own check, by service id.",
  v.strictObject({ services: v.record(v.string(), CheckDefinitionView) }),
);

/** A check parameter as the description shows it: optional, with what it does. */
const textParameter = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));

const numberParameter = (description: string) => v.optional(v.pipe(v.number(), v.description(description)));

export const SubtypeSchema = named(
  'Subtype',
  'A kind of check, its super type and the points a full pass earns; `check` and its parameters tell agents how to check.',
  v.looseObject({
    id: Id,
    name: v.string(),
    super_type_id: Id,
    max_score: Count,
    check: textParameter(`The kind: ${CHECK_KINDS.join(', ')} (absent: not checked by agents).`),
    timeout_seconds: numberParameter("The check's own deadline, in seconds."),
    path: textParameter('http(s): the page to GET.'),
    status: numberParameter('http(s): the status expected.'),
    host: textParameter("http(s): the Host header and SNI to send instead of the service's name (a virtual host)."),
    auth: textParameter("http(s): sign in first as the round's check account: `basic` or `form`."),
    login_path: textParameter('http(s) with auth: form: where the login form is POSTed.'),
    username_field: textParameter("http(s) with auth: form: the form field of the user's name."),
    password_field: textParameter('http(s) with auth: form: the form field of the password.'),
    content: textParameter('A regular expression (RE2) what the check reads must match (its first 256 KiB).'),
    exact: textParameter('The whole text the check must read.'),
    sha256: textParameter('The SHA-256 (hex) of the whole bytes the check must read.'),
    reject: textParameter('A regular expression (RE2) that fails the check when what it reads matches (a defaced page).'),
    properties: v.optional(
      v.pipe(
        v.array(v.record(v.string(), v.unknown())),
        v.description(
          "Property sets: each round, each service's check takes one at random over its other parameters (a page, a command, a file or a query, and what to expect of it).",
        ),
      ),
    ),
    banner: textParameter('ssh, ftp, ftps (without accounts), smtp, smtps: a regular expression (RE2) the first line must match.'),
    mail_to: textParameter("smtp, smtps: send a message to this address (a local part gets the team's domain), with the round's token in its subject."),
    mail_from: textParameter("smtp, smtps: the message's sender (MAIL FROM), in the same forms; by default the account's name, or `scoring`."),
    mailbox: textParameter('imap, imaps: the mailbox opened read-only after the login (default INBOX).'),
    sent_by: textParameter("imap, imaps, pop3, pop3s: the SMTP subtype (its name) whose previous round's message, found by its token, must be in the mailbox."),
    base_dn: textParameter("ldap, ldaps: where the search starts, after the bind as the round's account."),
    filter: textParameter('ldap, ldaps: the search filter (default `(objectClass=*)`); the entries found (as LDIF) meet the match rules.'),
    command: textParameter("ssh: run after the login as one of the service's accounts; what it prints meets the match rules."),
    file: textParameter(
      'ftp, ftps: the file downloaded after the login; smb: the file read in the share (a path, / or \\ between names). Its bytes meet the match rules.',
    ),
    upload: v.optional(v.pipe(v.boolean(), v.description('ftp, ftps: also write a file of random name and content, read it back and delete it.'))),
    database: textParameter("mysql, postgres: the database to log in to (postgres' default: the user's name)."),
    sql: textParameter('mysql, postgres: a query run read-only after the login; its rows (one line each, fields tab-separated) meet the match rules.'),
    query: textParameter("dns: the name asked, relative to the team's zone."),
    share: textParameter("smb: the share connected to after the sign-in as the round's account."),
    folder: textParameter('smb: a folder of the share (a path; / is its root) whose listing must succeed.'),
    expect: textParameter("smb: a name the folder (the share's root unless `folder` says) must list."),
    nla: v.optional(
      v.pipe(
        v.boolean(),
        v.description("rdp: false asks only that the server negotiate RDP (no account checked); by default it signs in with NLA as the round's account."),
      ),
    ),
  }),
);

export const EditableSubtypeSchema = named(
  'EditableSubtype',
  'A subtype as organisers edit it: its fields and check definition, its own SLA rules where it has them, and the version every edit moves.',
  v.looseObject({
    ...SubtypeSchema.entries,
    sla_threshold: numberParameter('Its own SLA threshold (failed checks in a row), over the settings.'),
    sla_penalty: numberParameter('Its own SLA penalty, over the settings.'),
    version: v.pipe(Count, v.description('Moves with every edit (1 as loaded).')),
  }),
);
