import { IN_PROGRESS_MAX_MS } from '#shared/domain/scoring/status';
import { servicesRoutes } from '#shared/api/routes/services';
import { listServiceRecords } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';

export const handler = endpoint(servicesRoutes.ListServices, { changesWithClockMs: IN_PROGRESS_MAX_MS / 10 }, async ({ query, principal }) => {
  const records = await listServiceRecords({ teamNumber: query.team, subtypeId: query.subtype_id });
  // A disabled service is out of the event until enabled: no list shows it (the agent's round reads this one), not even an organiser's.
  return ok(
    visibleTo(
      principal,
      records.filter((r) => !r.disabled),
    ).map((r) => r.service),
  );
});
