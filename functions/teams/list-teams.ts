import { teamsRoutes } from '#shared/api/routes/teams';
import { listTeamRecords } from '#shared/data/teams';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

export const handler = endpoint(teamsRoutes.ListTeams, {}, async ({ principal }) =>
  ok(visibleTo(principal, await listTeamRecords({ totals: false })).map((r) => r.team)),
);
