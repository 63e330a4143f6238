import { competitionRoutes } from '#shared/api/routes/competition';
import { requestDebriefExport } from '#shared/app/debrief-exports';
import { markFinal } from '#shared/app/finalise';
import { getSettings } from '#shared/data/settings';
import { finaliseRefusal } from '#shared/domain/final';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { conflict, notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/**
 * Finalises the competition, as `scoring finalise` does, without its export
 * (`scoring finalise` or `scoring export` writes the files): refused while
 * results may still arrive, unless forced; asking again answers the mark.
 * Finalising starts the export of every team's debrief: building 250 is the
 * export worker's work, not this request's.
 */
export const handler = endpoint(competitionRoutes.FinaliseCompetition, {}, async (request) => {
  const current = await getSettings({ consistent: true });
  if (!current) throw notFound('No competition is loaded.');
  if (current.final) return ok({ final: current.final, already: true, debriefs_export: null });
  const refusal = finaliseRefusal(current.settings, new Date());
  if (refusal && !request.body.force) throw conflict('not_ended', `${refusal} Send {"force": true} to lock the results now anyway.`);
  const outcome = await markFinal(auditContext(request), { forced: refusal !== undefined });
  if (outcome.kind === 'missing') throw notFound('No competition is loaded.');
  request.log.info('competition finalised', { at: outcome.final.at, forced: refusal !== undefined });
  if (outcome.kind === 'already') return ok({ final: outcome.final, already: true, debriefs_export: null });
  const debriefs = await requestDebriefExport(request.principal!.name, request.log, new Date(), outcome.final.at);
  return ok({ final: outcome.final, already: false, debriefs_export: debriefs.id });
});
