import * as v from 'valibot';
import { Id, Count, Points, Time, named } from '#shared/domain/shapes';

/**
 * Answers of the audit trail and of void jobs.
 */

const Role = v.picklist(['admin', 'service', 'agent']);

export const AuditActorSchema = named(
  'AuditActor',
  'Who made a change: a token (by its public id, never its secret), an IAM principal (its ARN), a signed-in member (account, team or null for the red team’s, the session’s public id), the command-line tool (the AWS identity of its credentials, or locally the OS user) or the service itself (`system`: the local server at start, tests).',
  v.variant('type', [
    v.strictObject({ type: v.literal('token'), name: v.string(), token_id: v.string(), role: Role }),
    v.strictObject({ type: v.literal('iam'), name: v.string(), arn: v.string(), role: Role }),
    v.strictObject({ type: v.literal('session'), name: v.string(), team_id: v.nullable(Id), session_id: v.string(), role: v.picklist(['team', 'red-team']) }),
    v.strictObject({ type: v.literal('cli'), name: v.string(), arn: v.optional(v.string()) }),
    v.strictObject({ type: v.literal('system'), name: v.string() }),
  ]),
);

export const AuditEntrySchema = named(
  'AuditEntry',
  'One recorded change, written in the same transaction as the change itself.',
  v.strictObject({
    id: v.pipe(v.string(), v.description('Unique; sorts by time.')),
    time: v.pipe(v.string(), v.isoTimestamp(), v.description('When the change was made (milliseconds, UTC).')),
    actor: AuditActorSchema,
    route: v.pipe(v.string(), v.description('The request (`PATCH /api/v1/settings/1`) or the command (`scoring token create`).')),
    request_id: v.pipe(v.nullable(v.string()), v.description("The request's id (in its logs); null for commands.")),
    action: v.pipe(
      v.string(),
      v.description('What kind of change: `settings.update`, `dns.create`, `adjustment.create`, `token.revoke`, `competition.finalise`…'),
    ),
    target: v.pipe(v.string(), v.description('What changed: `settings/1`, `dns/12`, `teams/3/adjustments/7`, `tokens/3f9a1c2b`…')),
    before: v.pipe(v.unknown(), v.description('The record before the change; null for a creation. Never a secret.')),
    after: v.pipe(v.unknown(), v.description('The record after the change; null for a removal. Never a secret.')),
  }),
);

export const AuditPageSchema = named(
  'AuditPage',
  'A page of the audit trail, newest first.',
  v.strictObject({
    items: v.array(AuditEntrySchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

export const VoidJobSchema = named(
  'VoidJob',
  "A void (or unvoid) of results: its preview (each affected team's total before and after, recomputed from the history), then, once applied, its progress.",
  v.strictObject({
    preview_id: v.pipe(Id, v.description('Send it back with `"dry_run": false` to apply exactly this set.')),
    action: v.picklist(['void', 'unvoid']),
    filter: v.strictObject({ from: Time, to: Time, team_id: v.nullable(Id), subtype_id: v.nullable(Id) }),
    previewed_at: v.pipe(Time, v.description("The set is the filter's results received before this time (to the second): later results are never touched.")),
    count: v.pipe(Count, v.description('How many results the preview found to flip.')),
    teams: v.array(v.strictObject({ team_id: Id, total_before: Points, total_after: Points })),
    status: v.pipe(
      v.picklist(['previewed', 'running', 'done']),
      v.description('`previewed` until applied; `running` while the job flips the results; `done`.'),
    ),
    flipped: v.pipe(Count, v.description('Results the job has flipped so far.')),
    applied_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    finished_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  }),
);
