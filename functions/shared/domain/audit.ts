/**
 * The audit trail's entry, as stored and as organisers read it: who changed
 * what, when, through which route or command (data/audit.ts writes each in
 * the transaction of its change).
 */
import * as v from 'valibot';
import { Id, named } from '#shared/domain/shapes';

const Role = v.picklist(['admin', 'service', 'agent']);

/** Who made a change. Never a secret: a token by its public id, never its hash. */
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

/** An entry: who made which change, when, through which route or command. */
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
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

/**
 * What changed, as a write tells its entry (`scans.void` of `tokens/3f9a1c2b`…): `before` is null for a
 * creation, `after` null for a removal. Never secrets.
 */
export type AuditChange = Pick<AuditEntry, 'action' | 'target' | 'before' | 'after'>;
