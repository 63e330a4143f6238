import { redTeamRoutes } from '#shared/api/routes/red-team';
import { fileFinding } from '#shared/app/findings';
import { endpoint } from '#shared/http/endpoint';
import { created } from '#shared/http/responses';

/** A red team member files a finding against a team's service, for organisers to review. */
export const handler = endpoint(redTeamRoutes.FileFinding, {}, async ({ body, principal, log }) => {
  const finding = await fileFinding(body, principal!.name);
  log.info('finding filed', { finding: finding.id, team: finding.team_id, service_id: finding.service_id, kind: finding.kind, files: finding.files.length });
  return created(finding, `${redTeamRoutes.ListFindings.path}?team_id=${finding.team_id}`);
});
