import { redTeamRoutes } from '#shared/api/routes/red-team';
import { addEvidence } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** The red team adds evidence an organiser asked for: the finding goes back to the review queue. */
export const handler = endpoint(redTeamRoutes.AddFindingEvidence, {}, async ({ id, body, principal, headers, log }) => {
  const finding = await addEvidence(id, body, principal!.name, { idempotencyKey: headers['idempotency-key'] });
  log.info('finding evidence added', { finding: id, files: finding.additions.at(-1)?.files.length ?? 0 });
  return created(finding, `${redTeamRoutes.ListFindings.path}?team_id=${finding.team_id}`);
});
