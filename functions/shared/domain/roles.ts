/**
 * The roles a credential carries. Anonymous callers have none. `team` is a
 * blue team member's sign-in session, bound to one team; API tokens and IAM
 * principals hold the others. `agent` is a scoring agent bound to one pool
 * (domain/pools.ts): it reads its pool's definitions and secrets, reports
 * its pool's results and takes its pool's jobs, and changes nothing else.
 * `service` is the older, wider credential: an agent of every pool that may
 * also change the settings and DNS records. `red-team` is a red team
 * member's sign-in session, bound to no team (issue #47): it files findings
 * against the blue teams and reads what the public reads.
 */
export type Role = 'admin' | 'service' | 'agent' | 'team' | 'red-team';

/** The roles a sign-in session carries: a blue team member's, or a red team member's. */
export type SessionRole = 'team' | 'red-team';
export const SESSION_ROLES = ['team', 'red-team'] as const satisfies readonly SessionRole[];

/**
 * Whose a sign-in account and its sessions are: a blue team's (its id), or
 * the red team's, which belongs to no team.
 */
export type AccountHome = number | 'red';

/** The role an account of this home signs in with. */
export const sessionRoleOf = (home: AccountHome): SessionRole => (home === 'red' ? 'red-team' : 'team');

/** The team an account of this home is bound to: none for the red team's. */
export const teamOfHome = (home: AccountHome): number | null => (home === 'red' ? null : home);

/** The roles an API token or an IAM principal may hold: the sessions' roles only come from signing in. */
export type TokenRole = Exclude<Role, SessionRole>;
