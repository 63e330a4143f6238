import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamGradesShown } from '#shared/app/injects';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

/** The team's latest grade of each inject, with the grader's comments. */
export const handler = endpoint(blueTeamRoutes.ListTeamGrades, {}, async ({ id }) => ok(await teamGradesShown(id)));
