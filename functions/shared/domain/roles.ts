/**
 * The roles a credential carries. Anonymous callers have none. `team` is a
 * blue team member's sign-in session, bound to one team; API tokens and IAM
 * principals hold the others.
 */
export type Role = 'admin' | 'service' | 'team';

/** The roles an API token or an IAM principal may hold: a team role only comes from signing in. */
export type TokenRole = Exclude<Role, 'team'>;
