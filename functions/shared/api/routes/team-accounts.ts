import { TeamAccountBody, TeamAccountsQuery } from '#shared/api/schemas/requests/team';
import { CreatedTeamAccountSchema, EndedSessionsSchema, OpenSessionSchema, TeamAccountSchema } from '#shared/api/schemas/responses/team';
import { route, json, list, none } from '#shared/api/route';

/** Blue team members' sign-in accounts, managed by organisers (and the command line). */
export const teamAccountsRoutes = {
  CreateTeamAccount: route('CreateTeamAccount', 'POST', '/team-accounts', 'team-accounts/create-team-account', 'admin', 'read-write', {
    summary: 'Create a team member’s sign-in account; its generated password is answered once',
    body: TeamAccountBody,
    responses: { 201: json('The account and its password (shown this once).', CreatedTeamAccountSchema) },
    problems: { 400: ['unknown_team'], 409: ['name_taken'] },
  }),
  ListTeamAccounts: route('ListTeamAccounts', 'GET', '/team-accounts', 'team-accounts/list-team-accounts', 'admin', 'read', {
    summary: 'List sign-in accounts (never a password)',
    query: TeamAccountsQuery,
    responses: { 200: list('The accounts, by id.', TeamAccountSchema) },
  }),
  DeleteTeamAccount: route('DeleteTeamAccount', 'DELETE', '/team-accounts/{id}', 'team-accounts/delete-team-account', 'admin', 'read-write', {
    summary: 'Remove a sign-in account and end its sessions',
    responses: { 204: none },
  }),
  ListTeamSessions: route('ListTeamSessions', 'GET', '/teams/{id}/sessions', 'team-accounts/list-team-sessions', 'admin', 'read', {
    summary: 'A team’s open sessions: who is signed in, since when, until when (never a token)',
    tag: 'team-accounts',
    responses: { 200: list('Its open sessions, oldest first (then by account).', OpenSessionSchema) },
  }),
  EndTeamSessions: route('EndTeamSessions', 'DELETE', '/teams/{id}/sessions', 'team-accounts/end-team-sessions', 'admin', 'read-write', {
    summary: 'End every open session of a team: all of its members are signed out',
    tag: 'team-accounts',
    responses: { 200: json('How many sessions were ended.', EndedSessionsSchema) },
  }),
} as const;
