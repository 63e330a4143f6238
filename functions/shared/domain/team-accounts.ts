/**
 * Members' sign-in accounts, as organisers read them: a name, the role it
 * signs in with and the team it is bound to (a blue team's; none for the red
 * team's). Never its password's hash (data/team-accounts.ts keeps that beside it).
 */
import * as v from 'valibot';
import { SESSION_ROLES } from '#shared/domain/roles';
import { Id, named, Time } from '#shared/domain/shapes';

export const SessionRoleSchema = v.pipe(v.picklist(SESSION_ROLES), v.description('`team`: a blue team member; `red-team`: a red team member, of no team.'));

/** An account as the admin routes show it: never its hash. */
export const TeamAccountSchema = named(
  'TeamAccount',
  "A member's sign-in account, a blue team's or the red team's. Its password is shown once, when it is created, and stored only as a scrypt hash.",
  v.strictObject({
    id: Id,
    name: v.string(),
    role: SessionRoleSchema,
    team_id: v.pipe(v.nullable(Id), v.description("The member's team; null for a red team member.")),
    created_at: Time,
  }),
);
export type TeamAccount = v.InferOutput<typeof TeamAccountSchema>;
