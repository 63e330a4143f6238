/**
 * The roles a credential carries. Anonymous callers have none. `team` is a
 * blue team member's sign-in session, bound to one team; API tokens and IAM
 * principals hold the others. `agent` is a scoring agent bound to one pool
 * (domain/pools.ts): it reads its pool's definitions and secrets, reports
 * its pool's results and takes its pool's jobs, and changes nothing else.
 * `service` is the older, wider credential: an agent of every pool that may
 * also change the settings and DNS records.
 */
export type Role = 'admin' | 'service' | 'agent' | 'team';

/** The roles an API token or an IAM principal may hold: a team role only comes from signing in. */
export type TokenRole = Exclude<Role, 'team'>;
