import { teamRoutes } from '#shared/api/routes/team';
import { teamGradesShown } from '#shared/app/injects';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's latest grade of each inject, with the grader's comments. */
export const handler = endpoint(teamRoutes.ListTeamGrades, {}, async ({ id }) => ok(await teamGradesShown(id)));
