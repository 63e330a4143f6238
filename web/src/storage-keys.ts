/**
 * Where each page keeps its sign-in in the tab's session storage (never a
 * cookie): the console's admin token, a member's session, the red team's
 * session. The debrief's page reads the first two, so they are named once.
 */
export const ADMIN_TOKEN_KEY = 'ccdc.admin-token';
export const TEAM_SESSION_KEY = 'ccdc.team-session';
export const RED_TEAM_SESSION_KEY = 'ccdc.red-team-session';
