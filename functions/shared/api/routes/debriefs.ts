import { DebriefSchema } from '#shared/api/schemas/responses/debriefs';
import { route, json } from '#shared/api/route';

/**
 * Teams' debriefs (issue #62): each team's story of the event. Organisers
 * read any team's at any time; a team's members read their own once the
 * settings release it (`debriefs_shown`). Built once per version of the
 * public data and kept: a read that finds its team's stale builds it and
 * keeps it in the debriefs' own partitions, the one thing it may write.
 */
const KEEPS = ['DEBRIEF#'];
export const debriefsRoutes = {
  GetDebrief: route('GetDebrief', 'GET', '/teams/{id}/debrief', 'debriefs/get-debrief', 'admin', 'read', {
    keeps: KEEPS,
    summary: "A team's debrief, as the team will read it: standing, services, injects, incident reports, the red team's findings, the score over time",
    responses: { 200: json('Everything so far, whatever the release and the freeze.', DebriefSchema) },
  }),
  GetTeamDebrief: route('GetTeamDebrief', 'GET', '/team/{id}/debrief', 'debriefs/get-team-debrief', 'team', 'read', {
    keeps: KEEPS,
    summary:
      "The team's own debrief, once released to its members (`debriefs_shown`: after `finalise` and with no freeze standing, or at once); an organiser reads it whenever",
    responses: { 200: json('The debrief; while a freeze stands in a practice event (`now`), as of the freeze.', DebriefSchema) },
    problems: { 403: ['debrief_not_released'] },
  }),
} as const;
