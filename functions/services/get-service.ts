import { recentScans } from '#shared/data/scans';
import { getServiceRecord } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { canSee } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';

/** How many of a service's latest scans its detail view lists. */
const RECENT_SCANS = 10;

export const handler = endpoint('GetService', {}, async ({ id, principal }) => {
  const [record, scans] = await Promise.all([getServiceRecord(id), recentScans(id, RECENT_SCANS)]);
  if (!record || !canSee(principal, record)) throw notFound(`No service has id ${id}.`);
  const sla = { run: record.sla.run, violations: record.sla.violations, penalty: record.sla.penalty };
  return ok({ ...record.service, points_earned: record.points_earned, sla, recent_scans: scans });
});
