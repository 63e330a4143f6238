import * as v from 'valibot';
import { ServiceScansQuery } from '#shared/api/schemas/requests/scoring';
import { FAILURE_CATEGORIES } from '#shared/domain/scoring/failure';
import { FreeText, PasswordText, PositiveInt, PositiveIntParam, Timestamp } from '#shared/validation';
import { UsernameSchema } from '#shared/domain/accounts';
import { MAX_CHANGES, PASSWORD_CHANGE_STATES, PasswordChangeRow } from '#shared/domain/password-changes';
import { SESSION_ROLES } from '#shared/domain/roles';
import { SCAN_ERROR_MAX } from '#shared/api/schemas/requests/scans';

/**
 * A blue team member's requests and the organisers' about them: accounts, sign-in, password changes, "check now" jobs, check accounts.
 */

/** A team member's sign-in name: what they type, compared in lower case. Unique across teams. */
export const TeamAccountName = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit'),
  v.description('1–64 letters, digits, `.`, `_` or `-`; compared in lower case.'),
);

export const SignInBody = v.strictObject({
  name: TeamAccountName,
  password: PasswordText(256),
});

export const TeamAccountBody = v.pipe(
  v.strictObject({
    role: v.optional(
      v.pipe(
        v.picklist(SESSION_ROLES, `must be one of: ${SESSION_ROLES.join(', ')}`),
        v.description('`team` (the default): a blue team member, of the team `team_id` names; `red-team`: a red team member, of no team.'),
      ),
      'team',
    ),
    team_id: v.optional(v.pipe(PositiveInt, v.description('The team (its id) whose member this is; absent for a red team member.'))),
    name: TeamAccountName,
  }),
  v.forward(
    v.check((body) => (body.role === 'red-team') === (body.team_id === undefined), "a team member's account names its team; a red team member's names none"),
    ['team_id'],
  ),
);

export const TeamAccountsQuery = v.object({
  team_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this team's accounts (its id)."))),
});

/** A page of one of the team's services' history, with the full reasons. */
export const TeamScansQuery = v.object({
  service_id: v.pipe(PositiveIntParam, v.description("The service, one of the team's own.")),
  ...ServiceScansQuery.entries,
});

export { PasswordChangeRow };

export const PASSWORD_LIST_MAX = 32_000;

export const PasswordChangeBody = v.pipe(
  v.strictObject({
    changes: v.optional(
      v.pipe(v.array(PasswordChangeRow), v.minLength(1, 'must hold at least one change'), v.maxLength(MAX_CHANGES, `must hold at most ${MAX_CHANGES} changes`)),
    ),
    list: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(PASSWORD_LIST_MAX),
        v.description('A pasted list instead: `service,username,password` per line, RFC 4180 quoting (a header line is skipped).'),
      ),
    ),
  }),
  v.check((b) => (b.changes === undefined) !== (b.list === undefined), 'send either `changes` or a pasted `list`, not both'),
);

export const PasswordChangesQuery = v.object({
  state: v.optional(v.pipe(v.picklist(PASSWORD_CHANGE_STATES, `must be ${PASSWORD_CHANGE_STATES.join(', ')}`), v.description('Only requests in this state.'))),
});

export const RejectPasswordChangeBody = v.strictObject({
  reason: v.pipe(FreeText(500), v.description('Why: the team reads it in its history.')),
});

export const ResetAccountBody = v.strictObject({
  username: v.pipe(UsernameSchema, v.description('The user to set back to its default secret (a user a request added is removed).')),
});

/** "Check now": the service a dry run checks. */
export const CheckNowBody = v.strictObject({
  service_id: v.pipe(PositiveInt, v.description("The service to check: one of the team's own.")),
});

/** The agent moves a job on: it takes it (`running`), then reports its outcome (`done`). */
export const CheckJobUpdateBody = v.variant(
  'state',
  [
    v.strictObject({ state: v.literal('running') }),
    v.strictObject({
      state: v.literal('done'),
      passed: v.boolean(),
      reason: v.pipe(v.nullable(FreeText(SCAN_ERROR_MAX)), v.description('Why it failed, in full (secrets redacted); null when it passed.')),
      category: v.nullable(v.picklist(FAILURE_CATEGORIES, `must be one of: ${FAILURE_CATEGORIES.join(', ')}`)),
      checked_at: v.pipe(Timestamp, v.description('When the check began.')),
    }),
  ],
  'must have a `state`: running or done',
);

export const CheckAccountsQuery = v.object({
  service_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this service's accounts (a dry run of its check)."))),
});
