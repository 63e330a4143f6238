import { redTeamRoutes } from '#shared/api/routes/red-team';
import { ruleOnFinding } from '#shared/app/findings';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** An organiser approves, rejects or asks about a finding (or looks again); audited. */
export const handler = endpoint(redTeamRoutes.ReviewFinding, {}, async (request) => {
  const ruling = await ruleOnFinding(request.id, request.body, auditContext(request));
  request.log.info('finding reviewed', { finding: ruling.finding_id, team: ruling.team_id, n: ruling.n, decision: ruling.decision, award: ruling.award });
  return created(ruling, redTeamRoutes.ListFindingRulings.path.replace('{id}', String(request.id)));
});
