import { TeamCreateBody, TeamUpdateBody } from '#shared/api/schemas/requests/live-edits';
import { AdjustmentBody, ScoreHistoryQuery } from '#shared/api/schemas/requests/scoring';
import {
  AdjustmentSchema,
  CompactScoreboardSchema,
  ScoreHistorySchema,
  ScoreboardSchema,
  ScorecardSchema,
  TeamSchema,
} from '#shared/api/schemas/responses/scoring';
import { DnsRecordSchema } from '#shared/api/schemas/responses/settings';
import { TeamProfileSchema } from '#shared/api/schemas/responses/team';
import { route, json, list, FINAL } from '#shared/api/route';

/** Teams: the list, the scoreboard and its history, one team, its scorecard, its DNS export and its adjustments. */
export const teamsRoutes = {
  ListTeams: route('ListTeams', 'GET', '/teams', 'teams/list-teams', 'public', 'read', {
    summary: 'List teams',
    responses: { 200: list('Every visible team, by id.', TeamSchema) },
  }),
  CreateTeam: route('CreateTeam', 'POST', '/teams', 'teams/create-team', 'admin', 'read-write', {
    summary: 'Add a team during the event (no services yet: add them with POST /services)',
    body: TeamCreateBody,
    idempotent: true,
    responses: { 201: { ...json('The team, shown on every public read at once unless created hidden, and its ETag.', TeamProfileSchema), etag: true } },
    problems: { 409: [FINAL] },
  }),
  GetScoreboard: route('GetScoreboard', 'GET', '/teams/scoreboard', 'teams/get-scoreboard', 'public', 'read', {
    summary: 'The scoreboard',
    responses: { 200: json('Every visible team ranked.', ScoreboardSchema) },
  }),
  GetCompactScoreboard: route('GetCompactScoreboard', 'GET', '/teams/scoreboard/compact', 'teams/get-compact-scoreboard', 'public', 'read', {
    summary: 'The scoreboard as its page draws it: each team once, the rows as arrays',
    responses: { 200: json('Every visible team ranked, compactly.', CompactScoreboardSchema) },
  }),
  GetScoreHistory: route('GetScoreHistory', 'GET', '/teams/scoreboard/history', 'teams/get-score-history', 'public', 'read', {
    summary: "Every team's total over time",
    // Its ETag moves with the minute's samples, and the scoreboard's does not (issue #49).
    publicTopic: 'history',
    query: ScoreHistoryQuery,
    responses: { 200: json("The visible teams' totals at the finest resolution that keeps the answer bounded.", ScoreHistorySchema) },
  }),
  GetTeam: route('GetTeam', 'GET', '/teams/{id}', 'teams/get-team', 'public', 'read', {
    summary: 'One team',
    responses: { 200: json('The team.', TeamSchema) },
  }),
  GetTeamProfile: route('GetTeamProfile', 'GET', '/teams/{id}/profile', 'teams/get-team-profile', 'admin', 'read', {
    summary: 'A team as an organiser edits it, hidden or not, with the ETag a live edit names',
    responses: { 200: json('Its profile, whether it is hidden, and its version.', TeamProfileSchema) },
  }),
  UpdateTeam: route('UpdateTeam', 'PATCH', '/teams/{id}', 'teams/update-team', 'admin', 'read-write', {
    summary: 'Rename a team, change its logo, division or DNS zone, hide or show it during the event (its results stay)',
    body: TeamUpdateBody,
    ifMatch: true,
    responses: { 200: { ...json('The team as it now is, everywhere at once.', TeamProfileSchema), etag: true } },
    problems: { 409: ['team_too_large', 'zone_in_use'] },
  }),
  GetScorecard: route('GetScorecard', 'GET', '/teams/{id}/scorecard', 'teams/get-scorecard', 'public', 'read', {
    summary: "A team's scorecard",
    responses: { 200: json("The team's totals, statistics and rank.", ScorecardSchema) },
  }),
  ExportTeamDns: route('ExportTeamDns', 'GET', '/teams/{id}/dns', 'teams/export-team-dns', 'admin', 'read', {
    summary: "A team's DNS records",
    responses: { 200: list("The team's records, by id: the same records as its zone file.", DnsRecordSchema) },
  }),
  ExportTeamZone: route('ExportTeamZone', 'GET', '/teams/{id}/dns.zone', 'teams/export-team-zone', 'admin', 'read', {
    summary: "A team's zone file",
    responses: { 200: { description: 'A BIND zone file for the origin `<team_url>.`.', text: 'text/dns' } },
  }),
  ListAdjustments: route('ListAdjustments', 'GET', '/teams/{id}/adjustments', 'teams/list-adjustments', 'admin', 'read', {
    summary: "A team's adjustments",
    responses: { 200: list("The team's adjustments, by id.", AdjustmentSchema) },
  }),
  CreateAdjustment: route('CreateAdjustment', 'POST', '/teams/{id}/adjustments', 'teams/create-adjustment', 'admin', 'read-write', {
    summary: 'Add or remove points by hand',
    body: AdjustmentBody,
    idempotent: true,
    responses: { 201: json("The adjustment, counted in the team's totals.", AdjustmentSchema) },
    problems: { 409: [FINAL], 503: ['busy'] },
  }),
} as const;
